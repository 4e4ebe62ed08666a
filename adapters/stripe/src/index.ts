/**
 * @portal/stripe: the Cards port over the `stripe` SDK (API version 2025-08-27.basil), against
 * Stripe or the provider sandbox (same wire, other host), and the check of Stripe's webhook
 * signatures.
 */
export { StripeCards, StripeDecodeError, DEFAULT_STRIPE_RETRIES, DEFAULT_PRICE_CACHE_MS } from './stripe-cards.adapter.ts';
export type { StripeCardsConfig } from './stripe-cards.adapter.ts';
export {
  stripeConfigFromEnv,
  sdkEndpoint,
  STRIPE_API_VERSION,
  STRIPE_API_BASE,
  STRIPE_JS_URL,
  SANDBOX_STRIPE_SECRET_KEY,
  SANDBOX_STRIPE_PUBLISHABLE_KEY,
  SANDBOX_STRIPE_WEBHOOK_SECRET,
  DEFAULT_STRIPE_TIMEOUT_MS,
} from './stripe.config.ts';
export type { StripeEnvConfig } from './stripe.config.ts';
export { verifyStripeWebhook, stripeSignatureHeader, WEBHOOK_TOLERANCE_SECONDS } from './stripe-webhook.ts';
export type { WebhookVerification } from './stripe-webhook.ts';
