import { describe, expect, it } from '@jest/globals';

import { choosePageLocale, pageLocale } from './page-locale.ts';
import { fixtureMessages as fixtures } from './fixtures/typed.ts';
import { formatClockTime, formatLongDate, formatPrice } from './format.ts';



describe('a micro-frontend’s messages', () => {
  it('formats ICU plurals and arguments in the loaded locale', async () => {
    await fixtures.load('en-US');
    expect(fixtures.t('greeting', { name: 'Ana' })).toBe('Hello, Ana');
    expect(fixtures.t('appointments', { count: 1 })).toBe('1 appointment');
    await fixtures.load('es-US');
    expect(fixtures.locale()).toBe('es-US');
    expect(fixtures.t('appointments', { count: 3 })).toBe('3 citas');
  });

  it('formats dates, times and prices in the practice time zone', () => {
    const morning = new Date('2026-11-30T13:00:00Z');
    expect(formatLongDate(morning, 'es-US')).toBe('30 de noviembre de 2026');
    expect(formatLongDate('2026-11-30', 'en-US')).toBe('November 30, 2026');
    expect(formatClockTime(morning, 'en-US')).toBe('8:00 AM');
    expect(formatClockTime('14:05', 'es-US')).toMatch(/^2:05\s?p\.\s?m\.$/);
    expect(formatPrice(12000, 'es-US')).toBe('$120.00');
  });

  it('without a document the page is English and cannot be switched', () => {
    expect(pageLocale()).toBe('en-US');
    expect(choosePageLocale('es-US')).toBe(false);
  });
});

describe('the pseudo-locale', () => {
  it('marks, accents and lengthens every catalog text while switched on', async () => {
    await fixtures.load('en-US');
    (globalThis as { __PORTAL_PSEUDO_LOCALE__?: boolean }).__PORTAL_PSEUDO_LOCALE__ = true;
    try {
      expect(fixtures.t('greeting', { name: 'Ana' })).toBe('⟦Ĥéļļö, Åñå ····⟧');
    } finally {
      delete (globalThis as { __PORTAL_PSEUDO_LOCALE__?: boolean }).__PORTAL_PSEUDO_LOCALE__;
    }
    expect(fixtures.t('greeting', { name: 'Ana' })).toBe('Hello, Ana');
  });
});

describe('a pinned catalog', () => {
  it('keeps its locale when the page changes language', async () => {
    const { defineMessages } = await import('./messages.ts');
    const pinned = defineMessages<'greeting'>({
      'en-US': () => import('./fixtures/messages/en.json', { with: { type: 'json' } }),
      'es-US': () => import('./fixtures/messages/es.json', { with: { type: 'json' } }),
    });
    const listeners: Array<(event: Event) => void> = [];
    const previous = (globalThis as { window?: unknown }).window;
    (globalThis as { window?: unknown }).window = { addEventListener: (_: string, listener: (event: Event) => void) => listeners.push(listener), removeEventListener: () => undefined };
    try {
      await pinned.pin('en-US');
      for (const listener of listeners) listener({ detail: 'es-US' } as unknown as Event);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(listeners).toHaveLength(0);
      expect(pinned.t('greeting', { name: 'Ana' })).toBe('Hello, Ana');
    } finally {
      (globalThis as { window?: unknown }).window = previous;
    }
  });
});

describe('the pseudo-locale padding', () => {
  it('comes in words of at most five dots, so long texts wrap', async () => {
    const { pseudoLocalize } = await import('./pseudo.ts');
    expect(pseudoLocalize('Book an Appointment')).toBe('⟦Ɓööķ åñ Åþþöîñţɱéñţ ····· ··⟧');
    expect(pseudoLocalize('12:30')).toBe('⟦12:30⟧');
  });
});

describe('switching quickly', () => {
  it('ends in the language asked for last, whichever catalog arrives last', async () => {
    const { defineMessages } = await import('./messages.ts');
    let releaseSpanish: () => void = () => undefined;
    const slowSpanish = new Promise<void>((resolve) => (releaseSpanish = resolve));
    const quick = defineMessages<'greeting'>({
      'en-US': () => import('./fixtures/messages/en.json', { with: { type: 'json' } }),
      'es-US': () => slowSpanish.then(() => import('./fixtures/messages/es.json', { with: { type: 'json' } })),
    });
    const spanish = quick.load('es-US');
    await quick.load('en-US');
    releaseSpanish();
    await spanish;
    expect(quick.locale()).toBe('en-US');
    expect(quick.t('greeting', { name: 'Ana' })).toBe('Hello, Ana');
  });
});
