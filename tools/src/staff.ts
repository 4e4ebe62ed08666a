/**
 * `npm run staff -- add EMAIL "Full Name" | remove EMAIL | list`: the staff allow-list
 * (staff_emails). Uses DATABASE_URL, else the embedded database in .data/postgres — the running
 * one of `npm start` when there is one, otherwise it starts it for the command.
 */
import { createKnex, embeddedUrl, localAppUrl, localEmbeddedOptions, migrateToLatest, openDatabase, runningPostmaster, type DatabaseHandle } from '@portal/persistence';

const { dataDir, port } = localEmbeddedOptions(process.env);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const usage = (): never => {
  console.error('usage: npm run staff -- add EMAIL "Full Name" | remove EMAIL | list');
  process.exit(2);
};

const [command, rawEmail, ...nameParts] = process.argv.slice(2);
if (!command || !['add', 'remove', 'list'].includes(command)) usage();
const email = rawEmail?.trim().toLowerCase();
if (command !== 'list' && (!email || !EMAIL.test(email))) usage();

const database: DatabaseHandle =
  !process.env.DATABASE_URL && runningPostmaster(dataDir) !== null
    ? { url: embeddedUrl(port), appUrl: localAppUrl(embeddedUrl(port)), embedded: false, stop: async () => {} }
    : await openDatabase(process.env, { dataDir, port });
const knex = createKnex({ url: database.url, poolMax: 1 });
try {
  await migrateToLatest(knex);
  if (command === 'add') {
    const name = nameParts.join(' ').trim() || null;
    await knex('staff_emails').insert({ email, name }).onConflict('email').merge({ name });
    console.log(`Added ${email} to the staff list.`);
  } else if (command === 'remove') {
    const removed = await knex('staff_emails').where({ email }).delete();
    await knex('staff_sessions').where({ email }).update({ expiresAt: new Date(0) });
    console.log(removed ? `Removed ${email}; their sessions are ended.` : `${email} was not on the staff list.`);
  } else {
    const rows = (await knex('staff_emails').orderBy('email').select('email', 'name')) as Array<{ email: string; name: string | null }>;
    console.log(rows.length ? rows.map((row) => `${row.email}\t${row.name ?? ''}`).join('\n') : 'The staff list is empty.');
  }
} finally {
  await knex.destroy();
  await database.stop();
}
