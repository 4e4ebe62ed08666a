import { describe, expect, it } from '@jest/globals';
import type { CardEvent } from '../ports/cards.port.ts';
import type { CardEventLedger } from '../ports/card-event-ledger.port.ts';
import type { CardEventDeps } from './card-events.use-case.ts';
import { eventCustomer, notifyPastDue, receiveCardEvent } from './card-events.use-case.ts';
import type { Enrollment } from '../ports/enrollment.repository.port.ts';
import { FixedClock } from '../testing/fixed-clock.ts';
import { InMemorySubscriptionCache } from '../testing/in-memory-subscription-cache.ts';
import { InMemoryPatientLanguages } from '../testing/in-memory-patient-languages.ts';
import type { MembershipStatus } from './membership-status.use-case.ts';

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
const deps = (ledger: MemoryLedger, mail: string[], lookups: string[], subscriptionCache = new InMemorySubscriptionCache()): CardEventDeps =>
  ({
    ledger,
    subscriptionCache,
    clock: new FixedClock('2026-06-15T16:00:00Z'),
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
  it("drops the kept status of the event's customer and of the patient its metadata names, even when no enrollment moves", async () => {
    const cache = new InMemorySubscriptionCache();
    const status = { subscriptions: { tier1PatientMatches: [], tier1Others: [], tier2Matches: [] } } as unknown as MembershipStatus;
    const earlier = new Date('2026-06-15T15:00:00Z');
    await cache.write({ key: 'a', patientId: '5101', personId: '5101', customerIds: ['cus_1'], status, cachedAt: earlier });
    await cache.write({ key: 'b', patientId: '5102', personId: '5150', customerIds: [], status, cachedAt: earlier });
    await cache.write({ key: 'c', patientId: '5199', personId: '5199', customerIds: ['cus_9'], status, cachedAt: earlier });
    const cancelling: CardEvent = {
      id: 'evt_cancel',
      type: 'customer.subscription.updated',
      created: new Date(),
      subscriptionId: 'sub_1',
      object: { id: 'sub_1', object: 'subscription', customer: 'cus_1', metadata: { athenaPatientId: '5150' } },
    };
    await receiveCardEvent(deps(new MemoryLedger(), [], [], cache), cancelling);
    expect([...cache.rows.keys()]).toEqual(['c']);
  });

  it('reads the customer of a customer event, an id or an expanded object', () => {
    expect(eventCustomer({ id: 'cus_2', object: 'customer' })).toBe('cus_2');
    expect(eventCustomer({ id: 'in_1', object: 'invoice', customer: 'cus_3' })).toBe('cus_3');
    expect(eventCustomer({ id: 'in_1', object: 'invoice', customer: { id: 'cus_4' } })).toBe('cus_4');
    expect(eventCustomer({ id: 'in_1', object: 'invoice', customer: null })).toBeNull();
  });

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

  it('writes the past-due notice in the language kept with the patient, English when none is', async () => {
    const subjects: string[] = [];
    const spanish = { ...deps(new MemoryLedger(), [], []), mailer: { send: async (message: { subject: string }) => void subjects.push(message.subject) } };
    const languages = new InMemoryPatientLanguages({ '7001': 'es-US' });
    const enrollment = { id: 'e1', athenaPatientId: '7001', stripeCustomerId: 'cus_1', billingEmail: 'billing@example.org' } as Enrollment;
    await notifyPastDue({ ...spanish, languages } as CardEventDeps, enrollment, 'in_1');
    await notifyPastDue({ ...spanish, languages } as CardEventDeps, { ...enrollment, athenaPatientId: '7002' }, 'in_2');
    expect(subjects).toEqual(['No se pudo completar el pago de su membresía', 'Your membership payment did not go through']);
    expect(languages.asked).toEqual(['7001', '7002']);
  });
});
