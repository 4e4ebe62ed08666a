import { describe, expect, it } from '@jest/globals';
import { memoryStorage } from '@portal/client';
import { CHECKOUT_MEMO_KEY, clearCheckoutMemo, readCheckoutMemo, saveCheckoutMemo } from './checkout-memo.ts';

const memo = { enrollmentId: 'enr_1', subscriptionId: 'sub_1', invoiceId: 'in_1', intentType: 'setup' } as const;

describe('checkout memo', () => {
  it('saves, reads and clears the four fields in session storage', () => {
    const store = memoryStorage();
    expect(readCheckoutMemo(store)).toBeNull();
    saveCheckoutMemo(memo, store);
    expect(JSON.parse(store.getItem(CHECKOUT_MEMO_KEY) ?? '')).toEqual(memo);
    expect(readCheckoutMemo(store)).toEqual(memo);
    clearCheckoutMemo(store);
    expect(readCheckoutMemo(store)).toBeNull();
  });

  it('uses a portal: key, so the logout cleanup removes it', () => {
    expect(CHECKOUT_MEMO_KEY.startsWith('portal:')).toBe(true);
  });

  it('treats a broken or incomplete memo as none', () => {
    expect(readCheckoutMemo(memoryStorage({ [CHECKOUT_MEMO_KEY]: '{not json' }))).toBeNull();
    expect(readCheckoutMemo(memoryStorage({ [CHECKOUT_MEMO_KEY]: JSON.stringify({ enrollmentId: 'e', subscriptionId: 's' }) }))).toBeNull();
    expect(readCheckoutMemo(memoryStorage({ [CHECKOUT_MEMO_KEY]: 'null' }))).toBeNull();
  });

  it('reads a memo without an intent type as a payment', () => {
    const store = memoryStorage({ [CHECKOUT_MEMO_KEY]: JSON.stringify({ enrollmentId: 'e', subscriptionId: 's', invoiceId: 'i' }) });
    expect(readCheckoutMemo(store)).toEqual({ enrollmentId: 'e', subscriptionId: 's', invoiceId: 'i', intentType: 'payment' });
  });

  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    expect(() => saveCheckoutMemo(memo, broken)).not.toThrow();
    expect(readCheckoutMemo(broken)).toBeNull();
    expect(() => clearCheckoutMemo(broken)).not.toThrow();
    expect(readCheckoutMemo(null)).toBeNull();
  });
});
