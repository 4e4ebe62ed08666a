import { describe, expect, it } from '@jest/globals';
import { InMemoryVerificationCodes, PlainSecrets } from '../testing/in-memory-verification.ts';
import { CODE_VALIDITY_MS, EmailCodes, MAX_WRONG_TRIES, RESEND_AFTER_MS } from './email-codes.use-case.ts';

const T0 = new Date('2026-11-25T15:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

const setup = () => {
  const store = new InMemoryVerificationCodes();
  const secrets = new PlainSecrets();
  return { store, secrets, codes: new EmailCodes(store, secrets) };
};

describe('EmailCodes (core rules for emailed one-time codes)', () => {
  it('stores only keyed hashes, filed under the address on the device that asked', async () => {
    const { store, codes } = setup();
    const { code, expiresAt, resendAvailableAt } = await codes.issue('guest_email', ' Pat@Example.org ', 'device-1', T0);
    expect(expiresAt).toEqual(at(CODE_VALIDITY_MS));
    expect(resendAvailableAt).toEqual(at(RESEND_AFTER_MS));
    const [row] = store.rows;
    expect(row?.subjectHash).toBe('h(guest_email:pat@example.org#device-1)');
    expect(row?.codeHash).toBe(`h(code:h(guest_email:pat@example.org#device-1):${code})`);
  });

  it('accepts the right code once: a second use, or a use from another device, finds nothing', async () => {
    const { codes } = setup();
    const { code } = await codes.issue('guest_email', 'pat@example.org', 'device-1', T0);
    expect(await codes.check('guest_email', 'pat@example.org', 'device-2', code, at(1000))).toEqual({ result: 'none', attemptsRemaining: 0 });
    expect(await codes.check('guest_email', 'PAT@example.org', 'device-1', code, at(1000))).toEqual({ result: 'ok', attemptsRemaining: 0 });
    expect(await codes.check('guest_email', 'pat@example.org', 'device-1', code, at(2000))).toEqual({ result: 'none', attemptsRemaining: 0 });
  });

  it('counts down five wrong tries, then the code is exhausted even for the right digits', async () => {
    const { codes } = setup();
    const { code } = await codes.issue('guest_email', 'pat@example.org', 'd', T0);
    const remaining: number[] = [];
    for (let i = 0; i < MAX_WRONG_TRIES; i += 1) {
      const answer = await codes.check('guest_email', 'pat@example.org', 'd', '000000', at(1000));
      expect(answer.result).toBe('wrong');
      remaining.push(answer.attemptsRemaining);
    }
    expect(remaining).toEqual([4, 3, 2, 1, 0]);
    expect((await codes.check('guest_email', 'pat@example.org', 'd', code, at(1000))).result).toBe('exhausted');
  });

  it('refuses a code at exactly 15 minutes', async () => {
    const { codes } = setup();
    const { code } = await codes.issue('staff_email', 'a@b.org', null, T0);
    expect((await codes.check('staff_email', 'a@b.org', null, code, at(CODE_VALIDITY_MS))).result).toBe('expired');
  });

  it('a new code ends the earlier one of the same device, not the code another device asked for', async () => {
    const { codes } = setup();
    const first = await codes.issue('guest_email', 'pat@example.org', 'mine', T0);
    const stranger = await codes.issue('guest_email', 'pat@example.org', 'stranger', at(1000));
    const second = await codes.issue('guest_email', 'pat@example.org', 'mine', at(RESEND_AFTER_MS));
    expect((await codes.check('guest_email', 'pat@example.org', 'mine', first.code, at(RESEND_AFTER_MS + 1))).result).toBe('wrong');
    expect((await codes.check('guest_email', 'pat@example.org', 'mine', second.code, at(RESEND_AFTER_MS + 2))).result).toBe('ok');
    expect((await codes.check('guest_email', 'pat@example.org', 'stranger', stranger.code, at(RESEND_AFTER_MS + 3))).result).toBe('ok');
  });

  it('holds the resend for two minutes per address and device, answering the seconds left', async () => {
    const { codes } = setup();
    await codes.issue('guest_email', 'pat@example.org', 'd', T0);
    expect(await codes.resendWaitSeconds('guest_email', 'pat@example.org', 'd', at(30_500))).toBe(90);
    expect(await codes.resendWaitSeconds('guest_email', 'pat@example.org', 'other', at(30_500))).toBe(0);
    expect(await codes.resendWaitSeconds('guest_email', 'pat@example.org', 'd', at(RESEND_AFTER_MS))).toBe(0);
  });
});
