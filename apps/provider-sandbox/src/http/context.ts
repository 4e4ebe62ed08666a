/** What every router of the sandbox needs. */
import type { Inbox } from '../inbox/store.ts';
import type { IdTokenSigner } from '../oauth/id-tokens.ts';
import type { SignwellWebhooks } from '../signwell/webhooks.ts';
import type { Db } from '../store/db.ts';
import type { FaultRegistry } from './faults.ts';

export interface SandboxContext {
  readonly db: Db;
  /** The sandbox clock: token expiry, "today", ages and the slot horizon all read it. */
  readonly now: () => Date;
  /** Registered redirect URIs beyond http://localhost|127.0.0.1:<port>/api/auth/callback. */
  readonly redirectUris: readonly string[];
  readonly faults: FaultRegistry;
  /** The authorization server's id_token signing key (made at start) and the test forgeries. */
  readonly idTokens: IdTokenSigner;
  /** Caught emails and "sent" SMS codes. */
  readonly inbox: Inbox;
  /** SignWell webhook deliveries to the registered hooks. */
  readonly signwell: SignwellWebhooks;
  /** Reseeds the practice data, empties the inbox, Firebase accounts, Turnstile tokens and SignWell's state, clears faults and id_token forgeries. */
  reset(): Promise<void>;
  /** Adds slots up to the booking horizon when the calendar has moved on. */
  ensureSlots(): Promise<void>;
}
