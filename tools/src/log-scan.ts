/**
 * The LOGS suite: `node tools/src/log-scan.ts [folder]` scans every log line and every stored error
 * text an int/e2e run recorded (tools/src/testing/log-files.ts) for the people and secrets of that
 * run (tools/src/log-scanner.ts). Folder: the argument, else PORTAL_TEST_LOG_DIR, else the newest
 * .tmp/logs/run-*. Prints each hit as file:line, kind and whose, with the text masked; exits 1 on
 * any hit, and when there was nothing to scan (a scan of nothing proves nothing).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PATIENT_IDS, seedPatients } from '../../apps/provider-sandbox/src/seed/patients.ts';
import { LogScanner, type Facts, type Hit, type Person } from './log-scanner.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SEEDED_IDS = new Set<string>(Object.values(PATIENT_IDS).map(String));

const folder = (): string | null => {
  const given = process.argv[2] ?? process.env.PORTAL_TEST_LOG_DIR;
  if (given) return path.resolve(given);
  const logs = path.join(root, '.tmp/logs');
  if (!existsSync(logs)) return null;
  const runs = readdirSync(logs).filter((name) => name.startsWith('run-')).sort();
  const newest = runs.at(-1);
  return newest ? path.join(logs, newest) : null;
};

const jsonLines = (file: string): unknown[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as unknown];
      } catch {
        return [];
      }
    });

/** The seeded people as of today (the sandbox computes some birth dates from its clock) and everything the run recorded as issued. */
const factsOf = (dir: string, files: readonly string[]): Facts => {
  const people = new Map<string, Person>();
  const addPerson = (person: Person) => {
    const seeded = SEEDED_IDS.has(String(person.id));
    people.set(`${person.id}|${person.dob ?? ''}|${person.lastname ?? ''}`, { ...person, id: String(person.id), seeded });
  };
  for (const patient of seedPatients(new Date())) {
    addPerson({
      id: String(patient.patientid),
      firstname: patient.firstname,
      lastname: patient.lastname,
      dob: patient.dob,
      ssn: patient.ssn,
      email: patient.email,
      address: patient.address1,
      phones: [patient.mobilephone, patient.homephone],
    });
  }
  const contacts = new Set<string>();
  const codes = new Set<string>();
  const tokens = new Set<string>();
  for (const file of files.filter((name) => name.endsWith('.issued.jsonl'))) {
    for (const entry of jsonLines(path.join(dir, file)) as Array<{ kind?: string; value?: unknown }>) {
      if (entry.kind === 'person' && entry.value && typeof entry.value === 'object') addPerson(entry.value as Person);
      else if (typeof entry.value !== 'string') continue;
      else if (entry.kind === 'contact') contacts.add(entry.value);
      else if (entry.kind === 'code') codes.add(entry.value);
      else if (entry.kind === 'token' || entry.kind === 'secret') tokens.add(entry.value);
    }
  }
  return { people: [...people.values()], contacts: [...contacts], codes: [...codes], tokens: [...tokens] };
};

const dir = folder();
if (!dir || !existsSync(dir)) {
  console.log('✖ log scan: no recorded run (.tmp/logs/run-* or PORTAL_TEST_LOG_DIR); run the int or e2e tests first');
  process.exit(1);
}
const files = readdirSync(dir).sort();
const facts = factsOf(dir, files);
const scanner = new LogScanner(facts);

let lines = 0;
let logFiles = 0;
const perSource = { log: 0, stored: 0 };
const hits: Array<{ where: string } & Hit> = [];
for (const file of files.filter((name) => name.endsWith('.log.jsonl') || name.endsWith('.stored.jsonl'))) {
  logFiles += 1;
  const text = readFileSync(path.join(dir, file), 'utf8').split('\n');
  text.forEach((line, index) => {
    if (line === '') return;
    lines += 1;
    perSource[file.endsWith('.stored.jsonl') ? 'stored' : 'log'] += 1;
    for (const hit of scanner.scan(line)) hits.push({ where: `${path.relative(root, path.join(dir, file))}:${index + 1}`, ...hit });
  });
}

const shown = 200;
for (const hit of hits.slice(0, shown)) console.log(`  ${hit.where}  ${hit.kind}: ${hit.what}  ${hit.masked}`);
if (hits.length > shown) console.log(`  … and ${hits.length - shown} more`);
const byKind = new Map<string, number>();
for (const hit of hits) byKind.set(hit.kind, (byKind.get(hit.kind) ?? 0) + 1);

console.log(
  `log scan of ${path.relative(root, dir) || dir}: ${lines} lines (${perSource.log} log, ${perSource.stored} stored error texts) in ${logFiles} files; ` +
    `looked for ${facts.people.length} people, ${facts.contacts.length} contacts, ${facts.codes.length} codes and ${facts.tokens.length} tokens issued in the run`,
);
if (lines === 0) {
  console.log('✖ log scan: nothing was scanned — a scan of nothing proves nothing');
  process.exit(1);
}
if (hits.length > 0) {
  console.log(`✖ log scan: ${hits.length} hit(s): ${[...byKind].map(([kind, count]) => `${count} ${kind}`).join(', ')}`);
  process.exit(1);
}
if (facts.codes.length === 0) console.log('  (no issued codes were recorded: was the provider sandbox part of this run?)');
console.log('✔ log scan: zero hits');
