/**
 * The earlier-slot waitlist (migration 20261126000000_waitlist). Written with the query builder:
 * every race is one conditional statement (insert-if-missing, update-where-still-null), which reads
 * plainer than through a model (decision 0024). A freed slot is a graphile-worker job, queued with
 * one key per slot so a burst of cancels of one slot searches once.
 */
import type { Knex } from 'knex';
import type { FreedSlot, OfferLink, Waitlist, WaitlistEntry, WaitlistOffer, WaitlistScope } from '@portal/core';
import { addJob } from '../job-queue.ts';

/** The job a freed slot queues (the worker runs core's offerFreedSlot). */
export const OFFER_FREED_SLOT = 'offer_freed_slot';

interface EntryRow {
  id: number;
  athenaPatientId: string;
  athenaAppointmentId: string;
  appointmentTypeId: string;
  departmentId: string;
  providerId: string | null;
  scope: WaitlistScope;
  concierge: boolean;
  date: string;
  startTime: string;
  startsAt: Date | string;
}

interface OfferRow {
  id: number;
  athenaSlotId: string;
  departmentId: string;
  providerId: string | null;
  date: string;
  startTime: string;
  startsAt: Date;
  takenBy: number | null;
}

const entryOf = (row: EntryRow): WaitlistEntry => ({
  id: String(row.id),
  athenaPatientId: row.athenaPatientId,
  athenaAppointmentId: row.athenaAppointmentId,
  appointmentTypeId: row.appointmentTypeId,
  departmentId: row.departmentId,
  providerId: row.providerId,
  scope: row.scope,
  concierge: row.concierge,
  date: row.date,
  startTime: row.startTime,
  startsAt: new Date(row.startsAt),
});

const offerOf = (row: OfferRow): WaitlistOffer => ({
  id: String(row.id),
  athenaSlotId: row.athenaSlotId,
  departmentId: row.departmentId,
  providerId: row.providerId,
  date: row.date,
  startTime: row.startTime,
  startsAt: row.startsAt,
  takenBy: row.takenBy === null ? null : String(row.takenBy),
});

/** Ids are integers here; anything else names no row. */
const key = (id: string): number | null => (/^\d{1,9}$/.test(id) ? Number(id) : null);

export class PostgresWaitlist implements Waitlist {
  readonly #knex: Knex;

  constructor(knex: Knex) {
    this.#knex = knex;
  }

  async join(entry: Omit<WaitlistEntry, 'id'>, now: Date): Promise<WaitlistEntry> {
    const [row] = await this.#knex('appointment_waitlist')
      .insert({ ...entry, createdAt: now })
      .onConflict('athenaAppointmentId')
      .merge(['scope', 'concierge', 'date', 'startTime', 'startsAt', 'providerId', 'departmentId', 'appointmentTypeId'])
      .returning('*');
    return entryOf(row as EntryRow);
  }

  async leave(athenaAppointmentId: string): Promise<void> {
    await this.#knex('appointment_waitlist').where({ athenaAppointmentId }).delete();
  }

  async scopesOf(athenaAppointmentIds: readonly string[]): Promise<ReadonlyMap<string, WaitlistScope>> {
    if (athenaAppointmentIds.length === 0) return new Map();
    const rows: Pick<EntryRow, 'athenaAppointmentId' | 'scope'>[] = await this.#knex('appointment_waitlist').whereIn('athenaAppointmentId', athenaAppointmentIds).select('athenaAppointmentId', 'scope');
    return new Map(rows.map((row) => [row.athenaAppointmentId, row.scope]));
  }

  async slotFreed(slot: FreedSlot): Promise<void> {
    await addJob(this.#knex, {
      task: OFFER_FREED_SLOT,
      payload: { ...slot },
      jobKey: `${OFFER_FREED_SLOT}:${slot.departmentId}:${slot.providerId ?? '-'}:${slot.date}:${slot.startTime}`,
      maxAttempts: 5,
    });
  }

  async waitingFor(slot: { readonly departmentId: string; readonly providerId: string | null; readonly startsAt: Date }): Promise<readonly WaitlistEntry[]> {
    const rows: EntryRow[] = await this.#knex('appointment_waitlist')
      .where({ departmentId: slot.departmentId })
      .where('startsAt', '>', slot.startsAt)
      .where((query) => {
        void query.where({ scope: 'any-provider' });
        if (slot.providerId !== null) void query.orWhere({ scope: 'same-provider', providerId: slot.providerId });
      })
      .orderBy('startsAt');
    return rows.map(entryOf);
  }

  async createOffer(offer: Omit<WaitlistOffer, 'id' | 'takenBy'>, recipients: readonly { readonly entryId: string; readonly sendAfter: Date }[], now: Date): Promise<WaitlistOffer | null> {
    return this.#knex.transaction(async (trx) => {
      const [row] = await trx('waitlist_offers').insert({ ...offer, createdAt: now }).onConflict('athenaSlotId').ignore().returning('*');
      if (!row) return null;
      const entries: EntryRow[] = await trx('appointment_waitlist').whereIn('id', recipients.map((recipient) => Number(recipient.entryId)));
      const byId = new Map(entries.map((entry) => [String(entry.id), entryOf(entry)]));
      const links = recipients
        .filter((recipient) => byId.has(recipient.entryId))
        .map((recipient) => ({ offerId: (row as OfferRow).id, entryId: Number(recipient.entryId), entry: JSON.stringify(byId.get(recipient.entryId)), sendAfter: recipient.sendAfter }));
      if (links.length > 0) await trx('waitlist_offer_links').insert(links);
      return offerOf(row as OfferRow);
    });
  }

  #links() {
    return this.#knex('waitlist_offer_links as l').join('waitlist_offers as o', 'o.id', 'l.offerId');
  }

  #linkOf(row: OfferRow & { entry: EntryRow; usedAt: Date | null; offerId: number }): OfferLink {
    return { offer: offerOf({ ...row, id: row.offerId }), entry: entryOf(row.entry), usedAt: row.usedAt };
  }

  async claimDueLinks(now: Date): Promise<readonly OfferLink[]> {
    const claimed: { offerId: number; entryId: number }[] = await this.#knex('waitlist_offer_links')
      .whereNull('sentAt')
      .where('sendAfter', '<=', now)
      .update({ sentAt: now })
      .returning(['offerId', 'entryId']);
    if (claimed.length === 0) return [];
    const rows = await this.#links()
      .whereIn(['l.offerId', 'l.entryId'], claimed.map((link) => [link.offerId, link.entryId]))
      .select('o.*', 'l.offerId', 'l.entry', 'l.usedAt');
    return rows.map((row) => this.#linkOf(row));
  }

  async unclaimLink(offerId: string, entryId: string): Promise<void> {
    await this.#knex('waitlist_offer_links').where({ offerId: key(offerId), entryId: key(entryId) }).update({ sentAt: null });
  }

  async link(offerId: string, entryId: string): Promise<OfferLink | null> {
    if (key(offerId) === null || key(entryId) === null) return null;
    const row = await this.#links().where({ 'l.offerId': key(offerId), 'l.entryId': key(entryId) }).whereNotNull('l.sentAt').first('o.*', 'l.offerId', 'l.entry', 'l.usedAt');
    return row ? this.#linkOf(row) : null;
  }

  async useLink(offerId: string, entryId: string, now: Date): Promise<boolean> {
    return (await this.#knex('waitlist_offer_links').where({ offerId: key(offerId), entryId: key(entryId) }).whereNull('usedAt').update({ usedAt: now })) === 1;
  }

  async giveBackLink(offerId: string, entryId: string): Promise<void> {
    await this.#knex('waitlist_offer_links').where({ offerId: key(offerId), entryId: key(entryId) }).update({ usedAt: null });
  }

  async markTaken(offerId: string, entryId: string, now: Date): Promise<boolean> {
    return (await this.#knex('waitlist_offers').where({ id: key(offerId) }).whereNull('takenBy').update({ takenBy: key(entryId), takenAt: now })) === 1;
  }

  async releaseTaken(offerId: string, entryId: string): Promise<void> {
    await this.#knex('waitlist_offers').where({ id: key(offerId), takenBy: key(entryId) }).update({ takenBy: null, takenAt: null });
  }
}
