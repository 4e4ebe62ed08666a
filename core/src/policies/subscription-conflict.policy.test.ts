import { describe, it, expect } from '@jest/globals';
import { classifyExistingSubscriptions, periodEndMs } from './subscription-conflict.policy.ts';
import type { ExistingSubscription } from './subscription-conflict.policy.ts';

const now = new Date('2026-03-10T12:00:00Z');
const seconds = (iso: string): number => Date.parse(iso) / 1000;
// 12:00 EDT on 15 June 2026.
const JUNE_15 = '2026-06-15T16:00:00.000Z';

const sub = (overrides: Partial<ExistingSubscription> & Pick<ExistingSubscription, 'id' | 'status'>): ExistingSubscription => ({
  cancelAtPeriodEnd: false,
  currentPeriodEnd: seconds(JUNE_15),
  ...overrides,
});

const DISCREPANCY_MESSAGE =
  'We found conflicting membership subscription records for this account. No new subscription was created. Please call the office so our staff can review your membership.';

describe('classifyExistingSubscriptions: nothing in the way', () => {
  it('is none for no subscriptions', () => {
    expect(classifyExistingSubscriptions([], now)).toEqual({ kind: 'none' });
  });

  it('is none when every subscription has ended (incomplete, incomplete_expired, canceled)', () => {
    expect(
      classifyExistingSubscriptions(
        [
          sub({ id: 'sub_a', status: 'incomplete' }),
          sub({ id: 'sub_b', status: 'incomplete_expired', currentPeriodEnd: null }),
          sub({ id: 'sub_c', status: 'canceled', currentPeriodEnd: seconds('2025-12-01T00:00:00Z') }),
        ],
        now,
      ),
    ).toEqual({ kind: 'none' });
  });

  it('is none for a subscription that ran to its period end and was canceled (normal end)', () => {
    expect(
      classifyExistingSubscriptions(
        [sub({ id: 'sub_old', status: 'canceled', cancelAtPeriodEnd: true, currentPeriodEnd: seconds('2026-03-01T00:00:00Z') })],
        now,
      ),
    ).toEqual({ kind: 'none' });
  });
});

describe('classifyExistingSubscriptions: Existing Active Subscription', () => {
  it('blocks an active renewing subscription and explains when it renews', () => {
    const message =
      'This account already has an active membership (Enhanced Annual) that renews on 06/15/2026. No new subscription was created.';
    expect(
      classifyExistingSubscriptions([sub({ id: 'sub_1', status: 'active', priceTier: '120_annual' })], now),
    ).toEqual({
      kind: 'conflict',
      code: 'SUBSCRIPTION.EXISTING_ACTIVE',
      error: 'Existing Active Subscription',
      message,
      existingSubscription: { status: 'active', renewalDate: JUNE_15, message, subscriptionId: 'sub_1' },
    });
  });

  it('still blocks when ended subscriptions sit beside the active one', () => {
    const result = classifyExistingSubscriptions(
      [sub({ id: 'sub_old', status: 'canceled', currentPeriodEnd: seconds('2025-01-01T00:00:00Z') }), sub({ id: 'sub_1', status: 'active' })],
      now,
    );
    expect(result.kind === 'conflict' && result.existingSubscription.subscriptionId).toBe('sub_1');
  });

  it('omits the tier name when priceTier is missing or unknown', () => {
    for (const priceTier of [undefined, null, 'gold']) {
      const result = classifyExistingSubscriptions([sub({ id: 'sub_1', status: 'active', priceTier })], now);
      expect(result.kind === 'conflict' && result.message).toBe(
        'This account already has an active membership that renews on 06/15/2026. No new subscription was created.',
      );
    }
  });

  it('blocks a trialing renewing subscription', () => {
    const result = classifyExistingSubscriptions([sub({ id: 'sub_t', status: 'trialing', priceTier: '500_concierge_annual' })], now);
    expect(result).toMatchObject({
      kind: 'conflict',
      code: 'SUBSCRIPTION.EXISTING_ACTIVE',
      error: 'Existing Active Subscription',
      existingSubscription: { status: 'trialing', subscriptionId: 'sub_t', renewalDate: JUNE_15 },
    });
    expect(result.kind === 'conflict' && result.message).toBe(
      'This account already has a membership (Concierge Annual) in its trial period, renewing on 06/15/2026. No new subscription was created.',
    );
  });

  it.each(['past_due', 'unpaid'])('blocks a %s subscription and points to the billing portal', (status) => {
    const result = classifyExistingSubscriptions([sub({ id: 'sub_p', status })], now);
    expect(result).toMatchObject({ kind: 'conflict', code: 'SUBSCRIPTION.EXISTING_ACTIVE', existingSubscription: { status } });
    expect(result.kind === 'conflict' && result.message).toContain('overdue payment');
  });

  it('blocks a past_due subscription even when it is set to cancel (no reactivation offer)', () => {
    const result = classifyExistingSubscriptions([sub({ id: 'sub_p', status: 'past_due', cancelAtPeriodEnd: true })], now);
    expect(result.kind === 'conflict' && result.code).toBe('SUBSCRIPTION.EXISTING_ACTIVE');
  });

  it('blocks a paused subscription', () => {
    const result = classifyExistingSubscriptions([sub({ id: 'sub_z', status: 'paused' })], now);
    expect(result.kind === 'conflict' && result.message).toBe(
      'This account already has a paused membership. No new subscription was created. Please call the office to resume it.',
    );
  });

  it('accepts an ISO currentPeriodEnd and shows the New York date of the renewal', () => {
    // 02:00Z on 16 June is 22:00 on 15 June in New York.
    const result = classifyExistingSubscriptions([sub({ id: 'sub_1', status: 'active', currentPeriodEnd: '2026-06-16T02:00:00Z' })], now);
    expect(result.kind === 'conflict' && result.existingSubscription.renewalDate).toBe('2026-06-16T02:00:00.000Z');
    expect(result.kind === 'conflict' && result.message).toContain('renews on 06/15/2026');
  });

  it('treats a period ending exactly now as not yet ended', () => {
    const result = classifyExistingSubscriptions([sub({ id: 'sub_1', status: 'active', currentPeriodEnd: seconds('2026-03-10T12:00:00Z') })], now);
    expect(result.kind === 'conflict' && result.code).toBe('SUBSCRIPTION.EXISTING_ACTIVE');
  });
});

describe('classifyExistingSubscriptions: offer_reactivation', () => {
  it('offers to reactivate an active subscription set to cancel at period end', () => {
    expect(
      classifyExistingSubscriptions([sub({ id: 'sub_c', status: 'active', cancelAtPeriodEnd: true, priceTier: '70_biannual' })], now),
    ).toEqual({
      kind: 'offer_reactivation',
      subscriptionId: 'sub_c',
      renewalDate: JUNE_15,
      message:
        'Your membership (Enhanced 6 Month) is set to end on 06/15/2026. You can reactivate auto-renewal instead of starting a new subscription.',
    });
  });

  it('offers to reactivate a trialing subscription set to cancel', () => {
    const result = classifyExistingSubscriptions([sub({ id: 'sub_t', status: 'trialing', cancelAtPeriodEnd: true })], now);
    expect(result).toMatchObject({ kind: 'offer_reactivation', subscriptionId: 'sub_t', renewalDate: JUNE_15 });
  });
});

describe('classifyExistingSubscriptions: Subscription Data Discrepancy', () => {
  const expectDiscrepancy = (
    subscriptions: readonly ExistingSubscription[],
    reason: string,
    subscriptionIds: readonly string[],
  ): void => {
    const result = classifyExistingSubscriptions(subscriptions, now);
    expect(result).toMatchObject({
      kind: 'conflict',
      code: 'SUBSCRIPTION.DATA_DISCREPANCY',
      error: 'Subscription Data Discrepancy',
      message: DISCREPANCY_MESSAGE,
      reason,
      subscriptionIds,
      existingSubscription: { subscriptionId: subscriptionIds[0], message: DISCREPANCY_MESSAGE },
    });
  };

  it('two active subscriptions', () => {
    expectDiscrepancy([sub({ id: 'sub_1', status: 'active' }), sub({ id: 'sub_2', status: 'active' })], 'multiple_live_subscriptions', [
      'sub_1',
      'sub_2',
    ]);
  });

  it('an active renewing and an active cancelling subscription (not a reactivation offer)', () => {
    expectDiscrepancy(
      [sub({ id: 'sub_1', status: 'active', cancelAtPeriodEnd: true }), sub({ id: 'sub_2', status: 'active' })],
      'multiple_live_subscriptions',
      ['sub_1', 'sub_2'],
    );
  });

  it('an active and a trialing or past_due subscription', () => {
    expectDiscrepancy([sub({ id: 'sub_1', status: 'trialing' }), sub({ id: 'sub_2', status: 'past_due' })], 'multiple_live_subscriptions', [
      'sub_1',
      'sub_2',
    ]);
  });

  it('an active subscription whose period already ended', () => {
    expectDiscrepancy(
      [sub({ id: 'sub_1', status: 'active', currentPeriodEnd: seconds('2026-03-10T11:59:59Z') })],
      'period_already_ended',
      ['sub_1'],
    );
  });

  it('an active subscription with no readable period end', () => {
    expectDiscrepancy([sub({ id: 'sub_1', status: 'active', currentPeriodEnd: null })], 'missing_period_end', ['sub_1']);
    expectDiscrepancy([sub({ id: 'sub_1', status: 'active', currentPeriodEnd: 'soon' })], 'missing_period_end', ['sub_1']);
    const result = classifyExistingSubscriptions([sub({ id: 'sub_1', status: 'active', currentPeriodEnd: undefined })], now);
    expect(result.kind === 'conflict' && result.existingSubscription.renewalDate).toBeNull();
  });

  it('a canceled subscription still marked to cancel at a future period end', () => {
    expectDiscrepancy(
      [sub({ id: 'sub_x', status: 'canceled', cancelAtPeriodEnd: true, currentPeriodEnd: seconds('2026-04-01T00:00:00Z') })],
      'canceled_with_future_period',
      ['sub_x'],
    );
  });

  it('the canceled-with-future-period discrepancy outranks an otherwise clean active subscription', () => {
    expectDiscrepancy(
      [
        sub({ id: 'sub_1', status: 'active' }),
        sub({ id: 'sub_x', status: 'canceled', cancelAtPeriodEnd: true, currentPeriodEnd: seconds('2026-04-01T00:00:00Z') }),
      ],
      'canceled_with_future_period',
      ['sub_x'],
    );
  });

  it('a status the card provider does not define', () => {
    expectDiscrepancy([sub({ id: 'sub_q', status: 'mystery' }), sub({ id: 'sub_1', status: 'active' })], 'unknown_status', ['sub_q']);
  });

  it('carries the renewal date of the first subscription involved', () => {
    const result = classifyExistingSubscriptions([sub({ id: 'sub_1', status: 'active' }), sub({ id: 'sub_2', status: 'active' })], now);
    expect(result).toMatchObject({ existingSubscription: { status: 'active', renewalDate: JUNE_15 } });
  });
});

describe('periodEndMs', () => {
  it('reads epoch seconds, digit strings and ISO strings', () => {
    const ms = Date.parse(JUNE_15);
    expect(periodEndMs(ms / 1000)).toBe(ms);
    expect(periodEndMs(String(ms / 1000))).toBe(ms);
    expect(periodEndMs(JUNE_15)).toBe(ms);
    expect(periodEndMs('2026-06-15T12:00:00-04:00')).toBe(ms);
  });

  it.each([null, undefined, '', '  ', 'not a date', 0, -5, Number.NaN, Number.POSITIVE_INFINITY])('gives null for %p', (value) => {
    expect(periodEndMs(value)).toBeNull();
  });
});
