/**
 * Loads the phone-verification chunk (the Firebase SDK) when the phone step is reached, never
 * before: import() makes webpack put firebase-phone.ts and the SDK in a chunk of their own.
 */
import { useEffect, useState } from 'react';
import type { KeptPressReadiness } from '@portal/client/turnstile.ts';
import type { PhoneAuth, PhoneAuthConfig } from './firebase-phone.ts';

export type PhoneAuthLoad =
  | { readonly status: 'idle' }
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly phoneAuth: PhoneAuth }
  | { readonly status: 'unavailable' };

/** A send pressed now: goes with the loaded SDK, waits while it loads, fails when it cannot load. */
export const phoneAuthReadiness = (load: PhoneAuthLoad): KeptPressReadiness =>
  load.status === 'ready' ? 'ready' : load.status === 'unavailable' ? 'failed' : 'waiting';

export interface FirebaseSettings extends PhoneAuthConfig {
  readonly enabled: boolean;
}

export const usePhoneAuth = (settings: FirebaseSettings | null, active: boolean): PhoneAuthLoad => {
  const [load, setLoad] = useState<PhoneAuthLoad>({ status: 'idle' });
  const enabled = settings?.enabled === true && settings.apiKey !== '' && settings.projectId !== '';
  const { apiKey = '', projectId = '', appId = '', appCheckSiteKey = '', authEmulatorUrl } = settings ?? {};

  useEffect(() => {
    if (!active) return undefined;
    if (!enabled) {
      setLoad({ status: 'unavailable' });
      return undefined;
    }
    let cancelled = false;
    let phoneAuth: PhoneAuth | null = null;
    setLoad({ status: 'loading' });
    import(/* webpackChunkName: "firebase-phone" */ './firebase-phone.ts')
      .then(({ createPhoneAuth }) => {
        if (cancelled) return;
        phoneAuth = createPhoneAuth({ apiKey, projectId, appId, appCheckSiteKey, authEmulatorUrl });
        setLoad({ status: 'ready', phoneAuth });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        console.error('Phone verification could not be loaded', error);
        setLoad({ status: 'unavailable' });
      });
    return () => {
      cancelled = true;
      phoneAuth?.reset();
    };
  }, [active, enabled, apiKey, projectId, appId, appCheckSiteKey, authEmulatorUrl]);

  return load;
};
