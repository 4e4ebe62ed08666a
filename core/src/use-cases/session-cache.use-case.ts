/**
 * A short in-process cache of patient sessions for the API's hot path (issue 15, decision 0033):
 * a signed-in read answers from memory instead of a round trip to PostgreSQL for its session row.
 * Correctness rests on SessionChanges (a port: the persistence adapter's SessionChangeFeed, fed by
 * a trigger on every change to a session row), not on the time to live: the cache is used only
 * while that feed is live, a change drops the row at once, and this instance's own writes drop it
 * before they return. The time to live bounds only a notification that is somehow lost.
 */
import type { LinkedPatient, PatientSession, PersonProfile, SessionData } from '../domain/patient-session.ts';
import type { PatientSessionRepository, SessionChanges } from '../ports/session.repository.port.ts';

export interface SessionCacheOptions {
  /** How long an entry may be used without a change notification (bounds a lost one). */
  readonly ttlMs?: number;
  readonly maxEntries?: number;
  readonly now?: () => number;
}

/**
 * A PatientSessionRepository that answers `find` from memory while the change feed is live.
 * Unknown tokens are never cached (a guesser cannot fill it); a read that overlapped any change
 * is not stored (it may hold the state from before the change).
 */
export class CachingPatientSessionRepository implements PatientSessionRepository {
  readonly #inner: PatientSessionRepository;
  readonly #feed: SessionChanges;
  readonly #entries = new Map<string, { session: PatientSession; until: number }>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  /** Counts invalidations; a read stores its row only if none happened while it ran. */
  #generation = 0;

  constructor(inner: PatientSessionRepository, feed: SessionChanges, options: SessionCacheOptions = {}) {
    this.#inner = inner;
    this.#feed = feed;
    this.#ttlMs = options.ttlMs ?? 2_000;
    this.#maxEntries = options.maxEntries ?? 10_000;
    this.#now = options.now ?? Date.now;
    feed.onChange((id) => this.#drop(id));
  }

  #drop(id: string | null): void {
    this.#generation += 1;
    if (id === null) this.#entries.clear();
    else this.#entries.delete(id);
  }

  async find(id: string): Promise<PatientSession | null> {
    if (!this.#feed.live) return this.#inner.find(id);
    const hit = this.#entries.get(id);
    if (hit && hit.until > this.#now()) return hit.session;
    const generation = this.#generation;
    const session = await this.#inner.find(id);
    if (session && generation === this.#generation && this.#feed.live) {
      this.#entries.delete(id);
      this.#entries.set(id, { session, until: this.#now() + this.#ttlMs });
      // Oldest first in a Map's order: drop the oldest beyond the bound.
      if (this.#entries.size > this.#maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    }
    return session;
  }

  async #write(id: string, write: () => Promise<void>): Promise<void> {
    try {
      await write();
    } finally {
      this.#drop(id);
    }
  }

  create(session: PatientSession): Promise<void> {
    return this.#inner.create(session);
  }

  touch(id: string, at: Date): Promise<void> {
    return this.#write(id, () => this.#inner.touch(id, at));
  }

  saveData(id: string, data: SessionData): Promise<void> {
    return this.#write(id, () => this.#inner.saveData(id, data));
  }

  saveLinks(id: string, linkedPatients: readonly LinkedPatient[], checkedAt: Date): Promise<void> {
    return this.#write(id, () => this.#inner.saveLinks(id, linkedPatients, checkedAt));
  }

  saveProfiles(id: string, person: PersonProfile, acting: PersonProfile): Promise<void> {
    return this.#write(id, () => this.#inner.saveProfiles(id, person, acting));
  }

  revoke(id: string, at: Date): Promise<void> {
    return this.#write(id, () => this.#inner.revoke(id, at));
  }
}
