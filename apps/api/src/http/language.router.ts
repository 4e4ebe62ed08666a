/**
 * PUT /api/me/language { "locale": "es-US" } (issue 26, decision 0057): the shell's language switch
 * tells the server the patient's choice, so what is sent later without a request (reminders,
 * waitlist offers) goes in it. The device remembers the choice in its own cookie (portal_lang);
 * this route keeps it with the patient:
 * for whom is core's rule (choose-language.use-case.ts); anyone not signed in or verified gets a 401
 * from the caller gate (route-access.ts), before the body is read.
 * 204, no body. An unknown language is a 400 with the usual validation body. One audit row.
 */
import Router from '@koa/router';
import { chooseLanguage, type ChooseLanguageDeps, type GuestVerification } from '@portal/core';
import { LanguageChoiceRequest } from '@portal/contracts';
import type { PatientAuthService } from '../auth/patient-auth.service.ts';
import type { RequestAudit } from './audit.ts';
import { callerOf, identify } from './enrollment-access.ts';
import { decodeOrThrow } from './errors.ts';

export const LANGUAGE_PATH = '/api/me/language';

export interface LanguageRouterDeps extends ChooseLanguageDeps {
  readonly service: PatientAuthService;
  readonly guests: GuestVerification;
  readonly audit: RequestAudit;
}

export const languageRouter = (deps: LanguageRouterDeps): Router => {
  const router = new Router();

  router.put(LANGUAGE_PATH, async (ctx) => {
    const requester = await identify(ctx, deps.service, deps.guests, deps.clock);
    const { locale } = decodeOrThrow(LanguageChoiceRequest, ctx.request.body);
    const patientIds = await chooseLanguage(deps, { caller: callerOf(requester), locale });
    ctx.status = 204;
    await deps.audit(ctx, { eventType: 'phi_write', action: 'set_language', statusCode: 204, metadata: { patientIds, locale, caller: requester.kind } });
  });

  return router;
};
