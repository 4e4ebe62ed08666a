import { describe, expect, it } from '@jest/globals';
import type { CardEvent } from '../ports/cards.port.ts';
import type { CardEventLedger } from '../ports/card-event-ledger.port.ts';
import type { CardEventDeps } from './card-events.use-case.ts';
import { notifyPastDue, receiveCardEvent } from './card-events.use-case.ts';
import type { Enrollment } from '../ports/enrollment.repository.port.ts';

class MemoryLedger implements CardEventLedger {
  readonly ids = new Set<string>();
  async has(id: string) {
    return this.ids.has(id);
  }
  async record(entry: { id: string }) {
    if (this.ids.has(entry.id)) return false;
    this.ids.add(entry.id);
    return true;
  }
}

const event = (id: string, subscriptionId: string | null): CardEvent => ({ id, type: 'invoice.paid', created: new Date(), subscriptionId, object: { id: 'in_1', object: 'invoice' } });

/** Only what these paths touch; anything else would throw. */
const deps = (ledger: MemoryLedger, mail: string[], lookups: string[]): CardEventDeps =>
  ({
    ledger,
    billingReturnUrl: 'https://portal.example/billing/return',
    mailer: { send: async (message: { to: string }) => void mail.push(message.to) },
    enrollments: {
      findBySubscription: async (id: string) => {
        lookups.push(id);
        return null;
      },
    },
    cards: {
      getCustomer: async () => ({ id: 'cus_1', email: 'card@example.org' }),
      createPortalSession: async () => ({ url: 'https://billing.example/session' }),
    },
  }) as unknown as CardEventDeps;

describe('card events', () => {
  it('handles an event once: a repeat of its id reconciles nothing', async () => {
    const ledger = new MemoryLedger();
    const lookups: string[] = [];
    expect(await receiveCardEvent(deps(ledger, [], lookups), event('evt_1', 'sub_1'))).toEqual({ duplicate: false, reconciled: null });
    expect(await receiveCardEvent(deps(ledger, [], lookups), event('evt_1', 'sub_1'))).toEqual({ duplicate: true, reconciled: null });
    expect(lookups).toEqual(['sub_1']);
  });

  it('sends the past-due notice once per invoice, to the billing email first', async () => {
    const ledger = new MemoryLedger();
    const mail: string[] = [];
    const enrollment = { id: 'e1', stripeCustomerId: 'cus_1', billingEmail: 'billing@example.org' } as Enrollment;
    await notifyPastDue(deps(ledger, mail, []), enrollment, 'in_9');
    await notifyPastDue(deps(ledger, mail, []), enrollment, 'in_9');
    await notifyPastDue(deps(ledger, mail, []), { ...enrollment, billingEmail: null }, 'in_10');
    expect(mail).toEqual(['billing@example.org', 'card@example.org']);
  });
});
