/** Guest and staff verification: the human check, phone auth, codes, limits, signed tokens, staff sessions; the verification routes' deps. */
import { ContainerModule } from 'inversify';
import { EmailCodes, GuestVerification, StaffSignIn, type AttemptLimiter, type Clock, type HumanCheck, type Mailer, type PhoneAuth, type Secrets, type SignedTokens } from '@portal/core';
import { FirebasePhoneAuth } from '@portal/firebase';
import { PostgresAttemptLimiter, PostgresStaffDirectory, PostgresStaffSessions, PostgresVerificationCodes, type Database } from '@portal/persistence';
import { HmacSecrets, JoseSignedTokens, signingKeysFor } from '@portal/tokens';
import { TurnstileHumanCheck } from '@portal/turnstile';
import { SHARED_TOKENS, observedCalls, type AppConfig, type Logger } from '@portal/composition';
import type { ProviderObserver } from '@portal/http-support';
import { TOKENS, bindBuilt, resolve } from './tokens.ts';

/**
 * `serverSecret` keys code, guest and limit hashes (VERIFICATION_TOKEN_SECRET, or one shared through
 * the database); signed tokens use TOKEN_SIGNING_KEYS, or a key derived from it.
 */
export const verificationModule = (config: AppConfig, serverSecret: string) =>
  new ContainerModule(({ bind }) => {
    const database = (context: { get<T>(id: symbol): T }) => context.get<Database>(TOKENS.Knex);
    bind(TOKENS.Secrets).toConstantValue(new HmacSecrets(serverSecret));
    bind(TOKENS.SignedTokens).toConstantValue(new JoseSignedTokens(signingKeysFor(config.tokenSigningKeys, serverSecret)));
    // Provider calls timed for the metrics when the app binds an observer (decision 0038).
    const observer = (context: { get<T>(id: symbol, options: { optional: true }): T | undefined }) =>
      context.get<ProviderObserver>(SHARED_TOKENS.ProviderObserver, { optional: true });
    bind(TOKENS.PhoneAuth)
      .toDynamicValue((context) =>
        observedCalls<PhoneAuth>(
          'firebase',
          new FirebasePhoneAuth({ projectId: config.firebase.projectId, emulatorHost: config.firebase.emulatorHost ?? undefined }),
          ['verifyIdToken'],
          observer(context),
        ),
      )
      .inSingletonScope();
    bind(TOKENS.HumanCheck)
      .toDynamicValue((context) => {
        const onCall = observer(context);
        return new TurnstileHumanCheck({ ...config.turnstile, ...(onCall === undefined ? {} : { onCall }) });
      })
      .inSingletonScope();
    bind(TOKENS.AttemptLimiter)
      .toDynamicValue((context) => new PostgresAttemptLimiter(database(context)))
      .inSingletonScope();
    bind(TOKENS.EmailCodes)
      .toDynamicValue((context) => new EmailCodes(new PostgresVerificationCodes(database(context)), context.get<Secrets>(TOKENS.Secrets)))
      .inSingletonScope();
    bind(TOKENS.GuestVerification)
      .toDynamicValue(
        (context) =>
          new GuestVerification({
            tokens: context.get<SignedTokens>(TOKENS.SignedTokens),
            secrets: context.get<Secrets>(TOKENS.Secrets),
            phoneAuth: context.get<PhoneAuth>(TOKENS.PhoneAuth),
          }),
      )
      .inSingletonScope();
    bind(TOKENS.StaffSignIn)
      .toDynamicValue(
        (context) =>
          new StaffSignIn({
            directory: new PostgresStaffDirectory(database(context)),
            sessions: new PostgresStaffSessions(database(context)),
            secrets: context.get<Secrets>(TOKENS.Secrets),
            mailer: context.get<Mailer>(TOKENS.Mailer),
          }),
      )
      .inSingletonScope();
    bindBuilt(bind, TOKENS.VerificationRouterDeps, (context) => {
      const clock = context.get<Clock>(TOKENS.Clock);
      return {
        codes: context.get<EmailCodes>(TOKENS.EmailCodes),
        limits: context.get<AttemptLimiter>(TOKENS.AttemptLimiter),
        mailer: context.get<Mailer>(TOKENS.Mailer),
        humanCheck: context.get<HumanCheck>(TOKENS.HumanCheck),
        guests: context.get<GuestVerification>(TOKENS.GuestVerification),
        audit: resolve(context, TOKENS.RequestAudit),
        logger: context.get<Logger>(TOKENS.Logger),
        https: resolve(context, TOKENS.Https),
        now: () => clock.now(),
      };
    });
  });
