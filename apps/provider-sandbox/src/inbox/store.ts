/**
 * The inbox: every email the SMTP catcher took and every SMS code the Firebase stand-in "sent",
 * one row per recipient, in the sandbox's schema. A person trying the portal reads their codes
 * here (GET /inbox); tests read them from GET /inbox/api/messages.
 */
import type { Knex } from 'knex';
import type { Db } from '../store/db.ts';
import { TABLES } from '../store/schema.ts';
import { extractCode, parseEmail } from './mime.ts';

export type InboxChannel = 'email' | 'sms';

export interface InboxMessage {
  readonly id: string;
  readonly channel: InboxChannel;
  readonly from: string | null;
  /** A lowercased email address, or an E.164 phone number. */
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly code: string | null;
  /** ISO 8601, from the sandbox clock. */
  readonly receivedAt: string;
}

export interface NewInboxMessage {
  readonly channel: InboxChannel;
  readonly from: string | null;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

export interface Inbox {
  /** Stores one message; the code is the first standalone 6-digit number of subject or text. */
  add(message: NewInboxMessage, trx?: Knex.Transaction): Promise<void>;
  /** Parses a raw RFC 5322 message and stores it once per envelope recipient. */
  receiveEmail(raw: Buffer, recipients: readonly string[]): Promise<void>;
  /** Newest first; `to` is an email address (any case) or a phone number (compared by E.164 digits). */
  list(to?: string | null): Promise<InboxMessage[]>;
  /** Empties the inbox; returns how many messages were removed. */
  clear(): Promise<number>;
}

interface InboxRow {
  readonly id: string;
  readonly channel: InboxChannel;
  readonly from_address: string | null;
  readonly to_address: string;
  readonly subject: string;
  readonly text: string;
  readonly code: string | null;
  readonly received_at: Date;
}

/** The newest this many messages are listed. */
export const INBOX_LIMIT = 500;

/**
 * The digits of an E.164 number for a query that looks like a phone number: `+1 (401) 555-0111`,
 * `14015550111`, or ten North American digits `4015550111` (country code 1 assumed). Else null.
 */
export const phoneDigits = (query: string): string | null => {
  if (!/^[+\d\s().-]+$/.test(query)) return null;
  const digits = query.replace(/\D/g, '');
  if (digits.length < 7 || digits.length > 15) return null;
  return digits.length === 10 && !query.trim().startsWith('+') ? `1${digits}` : digits;
};

const toMessage = (row: InboxRow): InboxMessage => ({
  id: String(row.id),
  channel: row.channel,
  from: row.from_address,
  to: row.to_address,
  subject: row.subject,
  text: row.text,
  code: row.code,
  receivedAt: row.received_at.toISOString(),
});

export const createInbox = (db: Db, now: () => Date): Inbox => {
  const add = async (message: NewInboxMessage, trx?: Knex.Transaction): Promise<void> => {
    await db.table(TABLES.inboxMessages, trx).insert({
      channel: message.channel,
      from_address: message.from,
      to_address: message.channel === 'email' ? message.to.trim().toLowerCase() : message.to.trim(),
      subject: message.subject,
      text: message.text,
      code: extractCode(message.subject, message.text),
      received_at: now(),
    });
  };

  return {
    add,
    receiveEmail: async (raw, recipients) => {
      const email = await parseEmail(raw);
      const unique = [...new Set(recipients.map((address) => address.trim().toLowerCase()).filter(Boolean))];
      await db.knex.transaction(async (trx) => {
        for (const to of unique) await add({ channel: 'email', from: email.from, to, subject: email.subject, text: email.text }, trx);
      });
    },
    list: async (to) => {
      const query = db.table(TABLES.inboxMessages).orderBy([
        { column: 'received_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]);
      const wanted = (to ?? '').trim();
      if (wanted !== '') {
        const digits = phoneDigits(wanted);
        if (digits !== null) query.where('channel', 'sms').whereRaw(`regexp_replace(to_address, '\\D', '', 'g') = ?`, [digits]);
        else query.whereRaw('lower(to_address) = ?', [wanted.toLowerCase()]);
      }
      const rows = (await query.limit(INBOX_LIMIT)) as InboxRow[];
      return rows.map(toMessage);
    },
    clear: async () => Number(await db.table(TABLES.inboxMessages).delete()),
  };
};
