/**
 * Security finding 7: the Auth emulator's tokens (unsigned, for any number) are trusted in sandbox
 * mode only. A real token from the provider sandbox goes through the API's own wiring (readConfig,
 * the container) once in sandbox mode and once in live mode.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PhoneAuthError, type PhoneAuth } from '@portal/core';
import { firebasePhoneSignIn, startTestSandbox, type TestSandbox } from '../../../provider-sandbox/src/testing.ts';
import { readConfig } from '@portal/composition';
import { buildContainer } from '../di/container.ts';
import { TOKENS } from '../di/tokens.ts';
import { verificationModule } from '../di/verification.container-module.ts';
import { LIVE_PROVIDER_ENV as LIVE, capturingLogger } from '@portal/composition/testing.ts';

let sandbox: TestSandbox;
let idToken: string;
const previous = process.env.FIREBASE_AUTH_EMULATOR_HOST;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  const signedIn = await firebasePhoneSignIn(sandbox.url, '+14015550177');
  idToken = (signedIn.body as { idToken: string }).idToken;
}, 60_000);
afterAll(async () => {
  if (previous === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  else process.env.FIREBASE_AUTH_EMULATOR_HOST = previous;
  await sandbox.close();
});


/** The PhoneAuth the API would use with this environment (nothing is connected to). */
const phoneAuthFor = (env: NodeJS.ProcessEnv): PhoneAuth => {
  const config = readConfig(env, 'postgres://unused@127.0.0.1:1/none');
  const container = buildContainer(config, capturingLogger().logger, env);
  container.load(verificationModule(config, 'x'.repeat(32)));
  return container.get<PhoneAuth>(TOKENS.PhoneAuth);
};

describe('the Auth emulator’s token', () => {
  it('is accepted in sandbox mode (the sandbox stands in for Firebase)', async () => {
    const verified = await phoneAuthFor({ PROVIDER_SANDBOX_URL: sandbox.url }).verifyIdToken(idToken);
    expect(verified.phoneNumber).toBe('+14015550177');
  });

  it('is refused in live mode, also while the process still has FIREBASE_AUTH_EMULATOR_HOST set', async () => {
    // The sandbox-mode instance above set it process-wide, as firebase-admin needs.
    expect(process.env.FIREBASE_AUTH_EMULATOR_HOST).toBe(new URL(sandbox.url).host);
    const live = phoneAuthFor(LIVE);
    await expect(live.verifyIdToken(idToken)).rejects.toThrow(PhoneAuthError);
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    await expect(live.verifyIdToken(idToken)).rejects.toThrow(new PhoneAuthError('ID token refused: not signed by Google'));
  });

  it('cannot be reached by configuration: live settings with the emulator host refuse to start', () => {
    expect(() => readConfig({ ...LIVE, FIREBASE_AUTH_EMULATOR_HOST: new URL(sandbox.url).host }, 'postgres://x')).toThrow(/FIREBASE_AUTH_EMULATOR_HOST is set/);
  });
});
