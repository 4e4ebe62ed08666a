/**
 * The Spanish words of each patient-facing catalog, for the browser tests of issue 26: a test finds
 * a button by `es.booking('schedule.book')` rather than by retyped Spanish, so a better translation
 * does not break a journey for nothing, while a removed or renamed message fails loudly (unknown id).
 * Formatted by Lingui's core with its ICU compiler, as the pages format them (selects, plurals,
 * values).
 */
import { setupI18n, type Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { pseudoLocalize } from '../../../frontends/i18n/src/pseudo.ts';
import { readFileSync } from 'node:fs';
import type booking from '../../../frontends/booking/src/messages/es.json';
import type client from '../../../frontends/client/src/messages/es.json';
import type dashboard from '../../../frontends/dashboard/src/messages/es.json';
import type enrollment from '../../../frontends/enrollment/src/messages/es.json';
import type payment from '../../../frontends/enrollment/src/payment/messages/es.json';
import type identity from '../../../frontends/identity/src/messages/es.json';
import type shell from '../../../frontends/shell/src/messages/es.json';
import type ui from '../../../frontends/ui/src/messages/es.json';

export type Values = Readonly<Record<string, string | number>>;
export type Words<Catalog> = (id: keyof Catalog & string, values?: Values) => string;

/** Read from disk (jest's transform drops JSON import attributes); typed by the file itself. */
const catalogOf = <Catalog>(file: string): Catalog => JSON.parse(readFileSync(new URL(`../../../frontends/${file}`, import.meta.url), 'utf8')) as Catalog;

const wordsOf = <Catalog extends Record<string, string>>(name: string, catalog: Catalog): Words<Catalog> => {
  const i18n = setupI18n();
  i18n.setMessagesCompiler(compileMessage);
  i18n.load('es-US', catalog as Messages);
  i18n.activate('es-US');
  return (id, values) => {
    if (!(id in catalog)) throw new Error(`no message '${id}' in ${name}'s Spanish catalog`);
    return i18n._(id, values as Record<string, unknown> | undefined);
  };
};

/** `es.booking('schedule.book')` → 'Reservar la cita'. */
export const es = {
  booking: wordsOf('booking', catalogOf<typeof booking>('booking/src/messages/es.json')),
  client: wordsOf('client', catalogOf<typeof client>('client/src/messages/es.json')),
  dashboard: wordsOf('dashboard', catalogOf<typeof dashboard>('dashboard/src/messages/es.json')),
  enrollment: wordsOf('enrollment', catalogOf<typeof enrollment>('enrollment/src/messages/es.json')),
  payment: wordsOf('enrollment/payment', catalogOf<typeof payment>('enrollment/src/payment/messages/es.json')),
  identity: wordsOf('identity', catalogOf<typeof identity>('identity/src/messages/es.json')),
  shell: wordsOf('shell', catalogOf<typeof shell>('shell/src/messages/es.json')),
  ui: wordsOf('ui', catalogOf<typeof ui>('ui/src/messages/es.json')),
};

/** The cookie the shell's switch writes (decision 0057): set before the first request, the API draws the page in Spanish. */
export const SPANISH_COOKIE = { name: 'portal_lang', value: 'es-US' } as const;

/**
 * The pseudo-locale's words on a Spanish page (frontends/i18n/src/pseudo.ts): the Spanish catalog's text
 * drawn as a page with `__PORTAL_PSEUDO_LOCALE__` draws it, `pseudo.identity('login.provider.signIn')`
 * → '⟦Íñîçîåŕ šéšîóñ çöñ åţĥéñåĥéåļţĥ ·······⟧', to find a control on a pseudo-locale page.
 */
const pseudoOf =
  <Catalog>(words: Words<Catalog>): Words<Catalog> =>
  (id, values) =>
    pseudoLocalize(words(id, values));

export const pseudo = {
  booking: pseudoOf(es.booking),
  dashboard: pseudoOf(es.dashboard),
  enrollment: pseudoOf(es.enrollment),
  identity: pseudoOf(es.identity),
  ui: pseudoOf(es.ui),
};
