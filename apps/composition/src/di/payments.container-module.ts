/** Payments: Stripe (or the provider sandbox's Stripe, same wire) behind core's Cards port. */
import { ContainerModule } from 'inversify';
import { StripeCards, stripeConfigFromEnv } from '@portal/stripe';
import type { ProviderObserver } from '@portal/http-support';
import type { AppConfig } from '../config.ts';
import { SHARED_TOKENS as TOKENS } from './tokens.ts';

export const paymentsModule = (env: NodeJS.ProcessEnv = process.env) =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.Cards)
      .toDynamicValue((context) => {
        const config = context.get<AppConfig>(TOKENS.Config);
        const { secretKey, webhookSecret, apiBase, timeoutMs } = stripeConfigFromEnv({ ...env, PROVIDER_SANDBOX_URL: config.providerSandboxUrl });
        const onCall = context.get<ProviderObserver>(TOKENS.ProviderObserver, { optional: true });
        return new StripeCards({ secretKey, webhookSecret, apiBase, timeoutMs, ...(onCall === undefined ? {} : { onCall }) });
      })
      .inSingletonScope();
  });
