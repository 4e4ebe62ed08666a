/**
 * The LOGS suite's recordings (tools/src/log-scan.ts reads them). In the int and e2e runs every
 * log line goes to a file under the run's log folder (PORTAL_TEST_LOG_DIR, set by global-setup or
 * `npm test`), one file per test file and kind, JSON lines:
 *
 *   <test file>.api.log.jsonl         the API's and worker's pino lines (capturingLogger)
 *   <test file>.sandbox.log.jsonl     the provider sandbox's request lines
 *   <test file>.stored.jsonl          error texts and audit metadata stored in the database, dumped
 *                                     before the test database is dropped
 *   <test file>.issued.jsonl          what the run issued and must never appear in the above: the
 *                                     codes the sandbox delivered, its tokens, the people on its
 *                                     record (names, birth dates, SSNs, contacts), our secrets
 *
 * Outside such a run (PORTAL_TEST_LOG_DIR unset: unit tests, npm start) nothing is written.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const LOG_DIR_ENV = 'PORTAL_TEST_LOG_DIR';

export const testLogDir = (): string | null => process.env[LOG_DIR_ENV] || null;

const currentTestPath = (): string | undefined =>
  (globalThis as { expect?: { getState?: () => { testPath?: string } } }).expect?.getState?.()?.testPath;

/** The running test file as a file name (`apps__api__src__http__x.int.test.ts`), or the process. */
export const testFileLabel = (): string => {
  const testPath = currentTestPath();
  return testPath ? path.relative(root, testPath).replace(/[\\/]/g, '__') : `process-${process.pid}`;
};

/** Unit tests in the same jest run (e.g. the logger's own, which logs PHI on purpose to see it redacted) are not recorded. */
const isIntOrE2e = (): boolean => {
  const testPath = currentTestPath();
  return testPath === undefined || /\.(int\.test|e2e)\.tsx?$/.test(testPath);
};

/** Appends lines (each already one line of JSON) to `<test file>.<kind>` in the run's log folder; nothing outside a run. */
export const appendTestLog = (kind: string, lines: readonly string[]): void => {
  const dir = testLogDir();
  if (!dir || lines.length === 0 || !isIntOrE2e()) return;
  mkdirSync(dir, { recursive: true });
  appendFileSync(path.join(dir, `${testFileLabel()}.${kind}`), lines.map((line) => `${line.replace(/\n/g, ' ')}\n`).join(''));
};

/** A sandbox `log` option that records its lines, or undefined outside a run. */
export const sandboxLogRecorder = (): ((line: string) => void) | undefined =>
  testLogDir() ? (line: string) => appendTestLog('sandbox.log.jsonl', [JSON.stringify({ sandbox: line })]) : undefined;

type Rows = Array<Record<string, unknown>>;

const rowsOf = async (knex: Knex, sql: string, bindings: readonly unknown[] = []): Promise<Rows> => {
  try {
    return ((await knex.raw(sql, bindings as Knex.RawBinding[])) as { rows: Rows }).rows;
  } catch {
    return [];
  }
};

const ident = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** Columns whose text is an error, a reason or a note of what happened: stored free text that must carry no PHI. */
const STORED_TEXT_COLUMN = '(error|metadata|message|reason|detail|note)';

/**
 * Before a test database is dropped: its stored error texts into `<test file>.stored.jsonl` and
 * what its provider sandbox issued into `<test file>.issued.jsonl`. Never throws.
 */
export const recordDatabase = async (knex: Knex): Promise<void> => {
  if (!testLogDir()) return;
  try {
    // The provider sandbox's schemas (any name) hold the stand-in providers' own records, PHI by design: not ours to scan.
    const sandboxSchemas = (await rowsOf(knex, `SELECT table_schema FROM information_schema.tables WHERE table_name = 'inbox_messages'`)).map(
      (row) => String(row.table_schema),
    );
    const columns = await rowsOf(
      knex,
      `SELECT table_schema, table_name, column_name FROM information_schema.columns
        WHERE table_schema NOT IN ('pg_catalog', 'information_schema') AND NOT (table_schema = ANY(?))
          AND column_name ~* ? AND data_type IN ('text', 'character varying', 'json', 'jsonb')
          AND table_name NOT LIKE 'knex_%'`,
      [sandboxSchemas, STORED_TEXT_COLUMN],
    );
    const stored: string[] = [];
    for (const column of columns) {
      const [schema, table, name] = [String(column.table_schema), String(column.table_name), String(column.column_name)];
      const rows = await rowsOf(knex, `SELECT ${ident(name)}::text AS text FROM ${ident(schema)}.${ident(table)} WHERE ${ident(name)} IS NOT NULL`);
      for (const row of rows) stored.push(JSON.stringify({ stored: `${schema}.${table}.${name}`, text: row.text }));
    }
    appendTestLog('stored.jsonl', stored);

    const issued: string[] = [];
    const add = (kind: string, value: unknown) => {
      if (typeof value === 'string' && value.trim() !== '') issued.push(JSON.stringify({ kind, value }));
      if (typeof value === 'number') issued.push(JSON.stringify({ kind, value: String(value) }));
    };
    for (const row of await rowsOf(knex, `SELECT value FROM public.app_secrets`)) add('secret', row.value);
    for (const schema of sandboxSchemas) {
      const s = ident(schema);
      for (const row of await rowsOf(knex, `SELECT code FROM ${s}.inbox_messages WHERE code IS NOT NULL`)) add('code', row.code);
      // Everyone the run sent a code to (guests' emails and phones are not on the sandbox's record).
      for (const row of await rowsOf(knex, `SELECT DISTINCT to_address FROM ${s}.inbox_messages`)) add('contact', row.to_address);
      for (const row of await rowsOf(knex, `SELECT code FROM ${s}.firebase_verifications`)) add('code', row.code);
      for (const table of ['access_tokens', 'refresh_tokens', 'firebase_refresh_tokens', 'turnstile_tokens']) {
        for (const row of await rowsOf(knex, `SELECT token FROM ${s}.${ident(table)}`)) add('token', row.token);
      }
      for (const row of await rowsOf(knex, `SELECT code FROM ${s}.authorization_codes`)) add('token', row.code);
      for (const row of await rowsOf(knex, `SELECT session_info FROM ${s}.firebase_verifications`)) add('token', row.session_info);
      for (const person of await rowsOf(knex, `SELECT * FROM ${s}.patients`)) {
        issued.push(
          JSON.stringify({
            kind: 'person',
            value: {
              id: person.patientid,
              firstname: person.firstname,
              lastname: person.lastname,
              dob: person.dob,
              ssn: person.ssn,
              email: person.email,
              address: person.address1,
              phones: [person.mobilephone, person.homephone, person.workphone, person.contactmobilephone, person.guarantorphone].filter(Boolean),
            },
          }),
        );
        if (typeof person.contactname === 'string' && person.contactname.includes(' ')) {
          const name = person.contactname.trim();
          issued.push(
            JSON.stringify({
              kind: 'person',
              value: { id: `${person.patientid}-contact`, firstname: name.slice(0, name.lastIndexOf(' ')), lastname: name.slice(name.lastIndexOf(' ') + 1), phones: [] },
            }),
          );
        }
        if (person.guarantorfirstname && person.guarantorlastname) {
          issued.push(
            JSON.stringify({
              kind: 'person',
              value: { id: `${person.patientid}-guarantor`, firstname: person.guarantorfirstname, lastname: person.guarantorlastname, dob: person.guarantordob, email: person.guarantoremail, phones: [] },
            }),
          );
        }
      }
    }
    appendTestLog('issued.jsonl', issued);
  } catch (error) {
    appendTestLog('stored.jsonl', [JSON.stringify({ recordError: String((error as Error).message) })]);
  }
};
