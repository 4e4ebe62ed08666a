/**
 * PUT /api/me/language { "locale": "es-US" } (issue 26, decision 0057): the shell's language switch
 * tells the server the patient's choice, so what is sent later without a request (reminders,
 * waitlist offers) goes in it. The device remembers the choice in its own cookie (portal_lang);
 * this route keeps it with the patient:
 * - a provider-login session: for the patient the session acts for (never an id from the body);
 * - a verified guest: for the patients of the guest's own active memberships, when there are any;
 *   else nothing is kept on the server (the cookie holds it) and the answer is the same;
 * - anyone else: 401 from the caller gate (route-access.ts), before the body is read.
 * 204, no body. An unknown language is a 400 with the usual validation body. One audit row.
 */
import Router from '@koa/router';
import type { Clock, EnrollmentRepository, GuestVerification, PatientLanguages } from '@portal/core';
import { LanguageChoiceRequest } from '@portal/contracts';
import type { PatientAuthService } from '../auth/patient-auth.service.ts';
import type { RequestAudit } from './audit.ts';
import { identify } from './enrollment-access.ts';
import { decodeOrThrow } from './errors.ts';

export const LANGUAGE_PATH = '/api/me/language';

/** At most this many patients of one guest are written (a caregiver's dependents). */
const MAX_GUEST_PATIENTS = 20;

export interface LanguageRouterDeps {
  readonly service: PatientAuthService;
  readonly guests: GuestVerification;
  readonly enrollments: Pick<EnrollmentRepository, 'findActiveForGuest'>;
  readonly languages: PatientLanguages;
  readonly clock: Clock;
  readonly audit: RequestAudit;
}

export const languageRouter = (deps: LanguageRouterDeps): Router => {
  const router = new Router();

  router.put(LANGUAGE_PATH, async (ctx) => {
    const requester = await identify(ctx, deps.service, deps.guests, deps.clock);
    const { locale } = decodeOrThrow(LanguageChoiceRequest, ctx.request.body);
    const patientIds =
      requester.kind === 'session'
        ? [requester.session.actingPatientId]
        : [...new Set((await deps.enrollments.findActiveForGuest(requester.guestHash)).map((enrollment) => enrollment.athenaPatientId).filter((id): id is string => id !== null))].slice(0, MAX_GUEST_PATIENTS);
    const at = deps.clock.now();
    for (const patientId of patientIds) await deps.languages.remember(patientId, locale, at);
    ctx.status = 204;
    await deps.audit(ctx, { eventType: 'phi_write', action: 'set_language', statusCode: 204, metadata: { patientIds, locale, caller: requester.kind } });
  });

  return router;
};
