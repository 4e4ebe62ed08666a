/**
 * The change feed behind the API's session cache (core's CachingPatientSessionRepository,
 * decision 0033). Every change to a session row announces itself
 * on `portal_session_changed` (a trigger, migration 20261126180000), which each API instance
 * LISTENs to on a connection of its own; a change made through this instance is also dropped
 * locally before its call returns. The cache is used only while that feed is known to work: a
 * heartbeat sent through the writers' pool must come back on the listening connection, at least
 * every `heartbeatMs`; a lost connection or a missed heartbeat bypasses the cache until the feed
 * is proven again. The time to live bounds what is left: a notification that is somehow lost.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import pg from 'pg';
import type { SessionChanges } from '@portal/core';
import { SESSION_CHANGES_CHANNEL } from '../migrations/20261126180000_session_change_notify.ts';

const HEARTBEAT_PREFIX = 'heartbeat:';

export interface SessionChangeFeedOptions {
  /** A direct connection to PostgreSQL (not through a transaction pooler, which loses LISTEN). */
  readonly listenUrl: string;
  /** The writers' pool: heartbeats go through it, proving the path a real change takes. */
  readonly knex: Knex;
  readonly heartbeatMs?: number;
  readonly now?: () => number;
}

/** The change notifications of patient sessions, and whether they can be relied on right now. */
export class SessionChangeFeed implements SessionChanges {
  readonly #options: Required<SessionChangeFeedOptions>;
  readonly #listeners = new Set<(id: string | null) => void>();
  #client: pg.Client | null = null;
  #heartbeatTimer: NodeJS.Timeout | null = null;
  #reconnectTimer: NodeJS.Timeout | null = null;
  #pendingBeat: { readonly payload: string; readonly heard: () => void } | null = null;
  #provenAt = -Infinity;
  #closed = false;

  constructor(options: SessionChangeFeedOptions) {
    this.#options = { heartbeatMs: 5_000, now: Date.now, ...options };
  }

  /** True while a heartbeat came back within the last two intervals: changes are being heard. */
  get live(): boolean {
    return this.#client !== null && this.#options.now() - this.#provenAt < 2 * this.#options.heartbeatMs;
  }

  /** `id` null: everything may have changed (the feed was lost and is back). */
  onChange(listener: (id: string | null) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Connects and waits for the first heartbeat, so the cache is usable when the API starts
   * answering. A database that cannot be reached leaves the cache off and retries every second.
   */
  async start(): Promise<void> {
    await this.#connect().catch(() => {});
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#heartbeatTimer) clearInterval(this.#heartbeatTimer);
    if (this.#reconnectTimer) clearTimeout(this.#reconnectTimer);
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => {});
  }

  #emit(id: string | null): void {
    for (const listener of this.#listeners) listener(id);
  }

  async #connect(): Promise<void> {
    if (this.#closed) return;
    const client = new pg.Client({ connectionString: this.#options.listenUrl, application_name: 'portal-session-changes' });
    const lost = () => {
      if (this.#client !== client) return;
      this.#client = null;
      this.#provenAt = -Infinity;
      this.#emit(null);
      client.end().catch(() => {});
      if (!this.#closed) this.#reconnectTimer = setTimeout(() => void this.#connect().catch(() => {}), 1_000);
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (message) => {
      const payload = message.payload ?? '';
      if (payload.startsWith(HEARTBEAT_PREFIX)) {
        if (payload === this.#pendingBeat?.payload) {
          this.#provenAt = this.#options.now();
          this.#pendingBeat.heard();
          this.#pendingBeat = null;
        }
        return;
      }
      this.#emit(payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${SESSION_CHANGES_CHANNEL}`);
    } catch (error) {
      client.end().catch(() => {});
      if (!this.#closed) this.#reconnectTimer = setTimeout(() => void this.#connect().catch(() => {}), 1_000);
      throw error;
    }
    this.#client = client;
    // Whatever changed while nobody listened is unknown: start from nothing.
    this.#emit(null);
    this.#heartbeatTimer ??= setInterval(() => void this.#beat().catch(() => {}), this.#options.heartbeatMs);
    this.#heartbeatTimer.unref();
    await this.#beat();
  }

  /** Sends a heartbeat through the writers' pool and waits briefly for it to come back. */
  async #beat(): Promise<void> {
    if (!this.#client) return;
    const payload = `${HEARTBEAT_PREFIX}${randomUUID()}`;
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<void>((resolve) => {
      this.#pendingBeat = { payload, heard: resolve };
      timer = setTimeout(resolve, 1_000);
    });
    await this.#options.knex.raw('SELECT pg_notify(?, ?)', [SESSION_CHANGES_CHANNEL, payload]);
    await heard;
    clearTimeout(timer);
  }
}
