/**
 * The ledger of what has been handled once: Stripe's events (by event id) and our own one-time
 * effects of them (e.g. `notice:past_due:<invoice>`). `record` is atomic: of two callers recording
 * one id, one gets true.
 */
export interface CardEventLedger {
  has(id: string): Promise<boolean>;
  record(entry: { readonly id: string; readonly type: string; readonly objectId: string }): Promise<boolean>;
}
