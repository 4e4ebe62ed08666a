/**
 * What the shell's session watch, header menu and session-expiry warning need beyond the common
 * states: a caregiver acting for a dependent, a session that has ended, and a verified guest.
 */
import { PATIENT_IDS } from '@portal/provider-sandbox';
import { verifiedGuest } from '../../../../../tools/src/testing/guest.ts';
import { signedInCookie } from './common.ts';
import type { ProviderStates, StateValues } from './types.ts';

export const shellStates: ProviderStates = {
  /** Carol Bennett signed in through the sandbox and chose to act for her daughter Emma. */
  'a caregiver signed in for a dependent': async (portal): Promise<StateValues> => ({
    sessionCookie: await signedInCookie(portal.url, PATIENT_IDS.carol, PATIENT_IDS.emma),
  }),

  /** Margaret's browser still holds the cookie of a session she ended (logged out in another tab). */
  'a patient whose session has ended': async (portal): Promise<StateValues> => {
    const sessionCookie = await signedInCookie(portal.url, PATIENT_IDS.margaret);
    const ended = await fetch(`${portal.url}/api/auth/logout`, { method: 'POST', headers: { Cookie: sessionCookie, Origin: portal.url } });
    if (!ended.ok) throw new Error(`logout answered ${ended.status}`);
    return { sessionCookie };
  },

  /** A guest who verified email and phone (no enrollment yet): the server-signed token their browser stores. */
  'a guest who verified email and phone': async (portal): Promise<StateValues> => ({
    guestToken: (await verifiedGuest(portal, 'pact.shell.guest@example.com', '4015550187')).verificationToken,
  }),
};
