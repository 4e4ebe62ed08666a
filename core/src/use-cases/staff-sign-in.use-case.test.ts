import { describe, expect, it } from '@jest/globals';
import type { Mailer } from '../ports/mailer.port.ts';
import { InMemoryStaff, PlainSecrets } from '../testing/in-memory-verification.ts';
import { CODE_VALIDITY_MS, MAX_WRONG_TRIES } from './email-codes.use-case.ts';
import { STAFF_ABSOLUTE_MS, STAFF_IDLE_MS, StaffSignIn } from './staff-sign-in.use-case.ts';

const T0 = new Date('2026-11-25T13:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const MINUTE = 60_000;

const setup = () => {
  const staff = new InMemoryStaff();
  staff.listed.add('nurse@practice.example');
  const secrets = new PlainSecrets();
  const sent: Array<Parameters<Mailer['send']>[0]> = [];
  const mailer: Mailer = { send: async (message) => void sent.push(message) };
  return { staff, secrets, sent, signIn: new StaffSignIn({ directory: staff, sessions: staff, secrets, mailer }) };
};

describe('StaffSignIn (core rules for the staff portal sign-in)', () => {
  it('mails a listed address its code and opens a session stored by the token digest only', async () => {
    const { staff, secrets, sent, signIn } = setup();
    const { sessionToken, delivery } = await signIn.sendCode('Nurse@Practice.example', T0);
    await delivery;
    expect(sent).toEqual([expect.objectContaining({ to: 'nurse@practice.example', subject: `Your Staff Portal sign-in code: ${secrets.codes[0]}` })]);
    expect(staff.sessions[0]?.tokenDigest).toBe(`d(${sessionToken})`);
    expect(JSON.stringify(staff.sessions)).not.toContain(`"${sessionToken}"`);
  });

  it('answers an unlisted address the same way, mails nothing, and no code opens its session', async () => {
    const { secrets, sent, signIn } = setup();
    const { sessionToken, delivery } = await signIn.sendCode('stranger@example.org', T0);
    await delivery;
    expect(sessionToken).toMatch(/^token-/);
    expect(sent).toEqual([]);
    expect(await signIn.verifyCode(sessionToken, secrets.codes[0]!, at(1000))).toBeNull();
  });

  it('signs in once with the right code; the session lasts 15 idle minutes', async () => {
    const { secrets, signIn } = setup();
    const { sessionToken } = await signIn.sendCode('nurse@practice.example', T0);
    const code = secrets.codes[0]!;
    expect(await signIn.verifyCode(sessionToken, code, at(MINUTE))).toEqual({ email: 'nurse@practice.example', expiresAt: at(MINUTE + STAFF_IDLE_MS) });
    expect(await signIn.verifyCode(sessionToken, code, at(MINUTE))).toBeNull();
    expect(await signIn.session(sessionToken, at(MINUTE + STAFF_IDLE_MS - 1))).not.toBeNull();
    // Used just now: another 15 minutes from here.
    expect(await signIn.session(sessionToken, at(MINUTE + 2 * STAFF_IDLE_MS - 2))).not.toBeNull();
    expect(await signIn.session(sessionToken, at(MINUTE + 3 * STAFF_IDLE_MS))).toBeNull();
  });

  it('ends at 12 hours however busy, and at sign-out', async () => {
    const { secrets, signIn } = setup();
    const { sessionToken } = await signIn.sendCode('nurse@practice.example', T0);
    await signIn.verifyCode(sessionToken, secrets.codes[0]!, at(MINUTE));
    for (let t = 10 * MINUTE; t < STAFF_ABSOLUTE_MS; t += 10 * MINUTE) expect(await signIn.session(sessionToken, at(t))).not.toBeNull();
    expect(await signIn.session(sessionToken, at(STAFF_ABSOLUTE_MS))).toBeNull();

    const second = await signIn.sendCode('nurse@practice.example', T0);
    await signIn.verifyCode(second.sessionToken, secrets.codes[1]!, at(MINUTE));
    await signIn.end(second.sessionToken, at(2 * MINUTE));
    expect(await signIn.session(second.sessionToken, at(2 * MINUTE))).toBeNull();
  });

  it('refuses the right code after five wrong ones, and after 15 minutes', async () => {
    const { secrets, signIn } = setup();
    const { sessionToken } = await signIn.sendCode('nurse@practice.example', T0);
    for (let i = 0; i < MAX_WRONG_TRIES; i += 1) expect(await signIn.verifyCode(sessionToken, '999999', at(1000))).toBeNull();
    expect(await signIn.verifyCode(sessionToken, secrets.codes[0]!, at(2000))).toBeNull();

    const late = await signIn.sendCode('nurse@practice.example', T0);
    expect(await signIn.verifyCode(late.sessionToken, secrets.codes[1]!, at(CODE_VALIDITY_MS))).toBeNull();
  });
});
