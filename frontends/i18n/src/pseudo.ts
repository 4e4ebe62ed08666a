/**
 * The pseudo-locale (issue 26): every text a catalog gives is drawn accented, 40 % longer and
 * between ⟦ ⟧, so a browser walk can tell text that came from a catalog from text that did not, and
 * long translations overflow where they would. Switched on only by a test, before the page's
 * scripts run: `window.__PORTAL_PSEUDO_LOCALE__ = true`.
 */
const ACCENTED: Readonly<Record<string, string>> = {
  a: 'å', b: 'ƀ', c: 'ç', d: 'ð', e: 'é', f: 'ƒ', g: 'ĝ', h: 'ĥ', i: 'î', j: 'ĵ', k: 'ķ', l: 'ļ', m: 'ɱ',
  n: 'ñ', o: 'ö', p: 'þ', r: 'ŕ', s: 'š', t: 'ţ', u: 'û', w: 'ŵ', y: 'ý', z: 'ž',
  A: 'Å', B: 'Ɓ', C: 'Ç', D: 'Ð', E: 'É', G: 'Ĝ', H: 'Ĥ', I: 'Î', K: 'Ķ', L: 'Ļ', N: 'Ñ', O: 'Ö',
  P: 'Þ', R: 'Ŕ', S: 'Š', T: 'Ţ', U: 'Û', W: 'Ŵ', Y: 'Ý', Z: 'Ž',
};

export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';

export const pseudoLocaleOn = (): boolean => (globalThis as { __PORTAL_PSEUDO_LOCALE__?: unknown }).__PORTAL_PSEUDO_LOCALE__ === true;

/** 'Book an Appointment' → '⟦Ɓööķ åñ Åþþöîñţɱéñţ ····· ··⟧'. */
export const pseudoLocalize = (text: string): string => {
  if (text.trim() === '') return text;
  const accented = [...text].map((char) => ACCENTED[char] ?? char).join('');
  const letters = text.replace(/[^A-Za-z]/g, '').length;
  // The padding in words of at most five dots, so it wraps as a translation's words would.
  const padding = '·····'.repeat(Math.floor(Math.ceil(letters * 0.4) / 5)) + '·'.repeat(Math.ceil(letters * 0.4) % 5);
  const words = padding.match(/.{1,5}/g)?.join(' ') ?? '';
  return `${PSEUDO_OPEN}${accented}${words ? ` ${words}` : ''}${PSEUDO_CLOSE}`;
};
