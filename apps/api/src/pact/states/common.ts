/** States any screen may name: who is signed in. */
import { PATIENT_IDS } from '@portal/provider-sandbox';
import { signIn } from '../../../../../tools/src/testing/sign-in.ts';
import type { ProviderStates } from './types.ts';

/** Signs a seeded person in through the sandbox's athenahealth login; the Cookie header's value. */
export const signedInCookie = async (apiUrl: string, personId: number, actFor?: number): Promise<string> => {
  const { portal: browser } = await signIn({ apiUrl, personId, ...(actFor === undefined ? {} : { actFor }) });
  const value = browser.jar.get('portal_session');
  if (!value) throw new Error('sign-in gave no session cookie');
  return `portal_session=${value}`;
};

export const commonStates: ProviderStates = {
  'a signed-in patient': async (portal) => ({ sessionCookie: await signedInCookie(portal.url, PATIENT_IDS.margaret) }),
  'nobody is signed in': async () => ({}),
};
