/** Guest and staff verification: mail, phone auth, the human check, codes, limits, signed tokens. */
import { ContainerModule } from 'inversify';
import type { Knex } from 'knex';
import type { Mailer, PhoneAuth } from '@portal/core';
import { FirebasePhoneAuth } from '@portal/firebase';
import { TurnstileHumanCheck } from '@portal/turnstile';
import type { AppConfig, Logger } from '@portal/composition';
import { EmailCodes } from '../verification/email-codes.ts';
import { GuestVerification } from '../verification/guest-verification.ts';
import { RateLimits } from '../verification/rate-limits.ts';
import { TokenSigner } from '../verification/signed-tokens.ts';
import { StaffAuth } from '../verification/staff-auth.ts';
import { TOKENS } from './tokens.ts';

/** `secret` signs guest tokens and keys code hashes: VERIFICATION_TOKEN_SECRET, or one shared through the database. */
export const verificationModule = (config: AppConfig, secret: string) =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.TokenSigner).toConstantValue(new TokenSigner(secret));
    bind(TOKENS.PhoneAuth)
      .toDynamicValue(() => new FirebasePhoneAuth({ projectId: config.firebase.projectId, emulatorHost: config.firebase.emulatorHost ?? undefined }))
      .inSingletonScope();
    bind(TOKENS.HumanCheck).toConstantValue(new TurnstileHumanCheck(config.turnstile));
    bind(TOKENS.RateLimits)
      .toDynamicValue((context) => new RateLimits(context.get<Knex>(TOKENS.Knex)))
      .inSingletonScope();
    bind(TOKENS.EmailCodes)
      .toDynamicValue((context) => new EmailCodes(context.get<Knex>(TOKENS.Knex), context.get<TokenSigner>(TOKENS.TokenSigner)))
      .inSingletonScope();
    bind(TOKENS.GuestVerification)
      .toDynamicValue((context) => new GuestVerification(context.get<TokenSigner>(TOKENS.TokenSigner), context.get<PhoneAuth>(TOKENS.PhoneAuth)))
      .inSingletonScope();
    bind(TOKENS.StaffAuth)
      .toDynamicValue(
        (context) =>
          new StaffAuth({
            knex: context.get<Knex>(TOKENS.Knex),
            signer: context.get<TokenSigner>(TOKENS.TokenSigner),
            mailer: context.get<Mailer>(TOKENS.Mailer),
            logger: context.get<Logger>(TOKENS.Logger),
          }),
      )
      .inSingletonScope();
  });
