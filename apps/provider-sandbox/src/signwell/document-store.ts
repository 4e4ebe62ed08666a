/** Documents in the store: loading one with its recipients, firing its events, the terminal statuses. */
import type { Knex } from 'knex';
import type { SandboxContext } from '../http/context.ts';
import { TABLES } from '../store/schema.ts';
import { documentJson, type SignwellDocumentRow, type SignwellRecipientRow } from './documents.ts';

export const TERMINAL = new Set(['Completed', 'Declined', 'Canceled', 'Expired']);

/** Loading a document with its recipients, and firing its webhook events. */
export const signwellDocuments = (sandbox: SandboxContext) => {
  const { db } = sandbox;

  const load = async (id: string, trx?: Knex.Transaction, lock = false) => {
    if (id.length > 100) return null;
    const query = db.table(TABLES.signwellDocuments, trx).where({ id });
    if (lock) query.forUpdate();
    const row = (await query.first()) as SignwellDocumentRow | undefined;
    if (row === undefined) return null;
    const recipients = (await db.table(TABLES.signwellRecipients, trx).where({ document_id: id }).orderBy('position')) as SignwellRecipientRow[];
    return { row, recipients };
  };

  const fire = async (base: string, type: string, id: string): Promise<void> => {
    const loaded = await load(id);
    if (loaded !== null) await sandbox.signwell.fire(type, documentJson(base, loaded.row, loaded.recipients));
  };

  return { load, fire };
};

export type SignwellDocuments = ReturnType<typeof signwellDocuments>;
