import { describe, expect, it } from '@jest/globals';
import { PRACTICE_TAGLINE } from '@portal/client';
import { EmailCodeForm, EmailVerificationForm, PhoneVerificationForm, SmsCodeForm, decodeBody } from '@portal/contracts';
import en from './messages/en.json' with { type: 'json' };
import es from './messages/es.json' with { type: 'json' };
import { messages } from './i18n.ts';
import { KNOWN_TEXTS, knownText } from './known-texts.ts';
import { LOGGED_OUT, LOGIN_FAILED, SESSION_EXPIRED } from './login-messages.ts';
import * as guestTexts from './guest/messages.ts';
import * as phoneAuthTexts from './guest/phone-auth-errors.ts';

describe('known English texts', () => {
  it('each is, word for word, the English of its catalog message', () => {
    for (const [english, id] of Object.entries(KNOWN_TEXTS)) expect([id, en[id]]).toEqual([id, english]);
  });

  it('covers every English text the pure helpers return', () => {
    const constants = [LOGGED_OUT, LOGIN_FAILED, SESSION_EXPIRED, ...Object.values(guestTexts), ...Object.values(phoneAuthTexts)].filter(
      (value): value is string => typeof value === 'string',
    );
    for (const text of constants) expect([text, KNOWN_TEXTS[text] !== undefined]).toEqual([text, true]);
  });

  it("knows every message the guest forms' field checks give, however odd the input", () => {
    const odd = ['', ' ', 'x', '12', '1234567', 'a'.repeat(300), 'a\u0000b', 'a\u202eb@x.com', '12\u00003456', '12345a', `${'a'.repeat(250)}@example.com`, '+1 (401) 555-01', 42, null];
    const forms = [
      (value: unknown) => decodeBody(EmailVerificationForm, { email: value }),
      (value: unknown) => decodeBody(EmailCodeForm, { code: value }),
      (value: unknown) => decodeBody(SmsCodeForm, { code: value }),
      (value: unknown) => decodeBody(PhoneVerificationForm, { phone: value }),
    ];
    const said = new Set<string>();
    for (const value of odd) {
      for (const decode of forms) {
        const decoded = decode(value);
        if (decoded._tag === 'Left') for (const error of decoded.left.errors) said.add(error.message);
      }
    }
    expect([...said].filter((message) => KNOWN_TEXTS[message] === undefined)).toEqual([]);
    expect(said.size).toBeGreaterThanOrEqual(12);
  });

  it('keeps the practice tagline as the data client gives it', () => {
    expect(en['login.hero.tagline']).toBe(PRACTICE_TAGLINE);
  });

  it('shows English as it came and Spanish from the catalog', async () => {
    await messages.load('es-US');
    try {
      expect(knownText('Phone number is required', messages.t)).toBe(es['error.phoneRequired']);
      expect(knownText('Something new', messages.t)).toBe('Something new');
      expect(messages.t('guest.code.attempts', { message: 'El código no es válido.', remaining: 1 })).toBe('El código no es válido. Le queda 1 intento.');
      expect(messages.t('guest.code.attempts', { message: 'X', remaining: 0 })).toBe('X No le quedan intentos. Pida un código nuevo.');
      await messages.load('en-US');
      expect(knownText('Phone number is required', messages.t)).toBe('Phone number is required');
      expect(messages.t('guest.code.attempts', { message: 'Invalid verification code. Please try again.', remaining: 4 })).toBe(
        'Invalid verification code. Please try again. You have 4 attempts remaining.',
      );
      expect(messages.t('guest.code.attempts', { message: 'M', remaining: 1 })).toBe('M You have 1 attempt remaining.');
    } finally {
      await messages.load('en-US');
    }
  });
});

describe("the manifest's Spanish", () => {
  it('has a translation for each English text it declares, the same as the catalog', async () => {
    const { default: manifest } = await import('./manifest.ts');
    const spanish = manifest.translations['es-US'];
    const english = new Set<string>();
    for (const route of manifest.routes) {
      english.add(route.header.title);
      if ('firstPaint' in route && route.firstPaint) {
        english.add(route.firstPaint.title);
        if (route.firstPaint.description) english.add(route.firstPaint.description);
        if (route.firstPaint.lead) english.add(route.firstPaint.lead);
      }
    }
    expect(Object.keys(spanish).sort()).toEqual([...english].sort());
    expect(spanish['Guest Verification']).toBe(es['guest.title']);
    const signedOut = manifest.routes.find((route) => route.path === '/logout-confirmation')!.firstPaint!;
    expect([signedOut.title, signedOut.description]).toEqual([en['signedOut.title'], en['signedOut.body']]);
    expect([spanish[signedOut.title as keyof typeof spanish], spanish[signedOut.description as keyof typeof spanish]]).toEqual([es['signedOut.title'], es['signedOut.body']]);
    // LoginPage's hero: the catalog's words in both languages.
    const login = manifest.routes.find((route) => route.path === '/login')!.firstPaint!;
    expect([login.title, login.lead, login.description]).toEqual([en['login.hero.title'], en['login.hero.tagline'], en['login.hero.body']]);
    expect([login.title, login.lead!, login.description!].map((text) => spanish[text as keyof typeof spanish])).toEqual([
      es['login.hero.title'],
      es['login.hero.tagline'],
      es['login.hero.body'],
    ]);
    expect(spanish['Verify your email address and your mobile phone number to continue as a guest.']).toBe(es['guest.description']);
  });
});
