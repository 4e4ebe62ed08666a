/**
 * The patient's language remembered with them (issue 26): PUT /api/me/language { locale } for the
 * signed-in patient or the verified guest. Fire and forget: a refusal (401, 404 while the server
 * does not know the route yet) changes nothing, and a 'Session expired' answer does not leave the
 * page (the choice is kept on this device by the portal_lang cookie anyway).
 */
import type { Locale } from '@portal/contracts/locale.ts';
import { createApiClient } from './api.ts';

export const LANGUAGE_PATH = '/api/me/language';

const quiet = createApiClient({ onSessionExpired: () => undefined });

export const rememberLanguage = (locale: Locale): Promise<void> => quiet.put(LANGUAGE_PATH, { locale }).then(
  () => undefined,
  () => undefined,
);
