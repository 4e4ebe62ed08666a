/**
 * Stripe.js v3, loaded from the URL GET /api/config gives (scripts.stripeJs; the provider sandbox
 * serves a look-alike with the same API). Only the part of the API the payment step uses is typed
 * here. Loaded once per URL; a failed load may be tried again.
 */
import type { Locale } from '@portal/contracts/locale.ts';
import { loadProviderScript } from '@portal/client';

export interface StripeError {
  readonly type?: string;
  readonly code?: string;
  readonly decline_code?: string;
  readonly message?: string;
}

export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

export type SetupIntentStatus = 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'canceled' | 'succeeded';

export interface StripePaymentIntent {
  readonly id: string;
  readonly status: PaymentIntentStatus | (string & {});
  readonly client_secret?: string | null;
  readonly last_payment_error?: StripeError | null;
}

export interface StripeSetupIntent {
  readonly id: string;
  readonly status: SetupIntentStatus | (string & {});
  readonly client_secret?: string | null;
  /** The saved card: an id, or the expanded object. */
  readonly payment_method?: string | { readonly id: string } | null;
  readonly last_setup_error?: StripeError | null;
}

export interface PaymentIntentResult {
  readonly paymentIntent?: StripePaymentIntent;
  readonly error?: StripeError;
}

export interface SetupIntentResult {
  readonly setupIntent?: StripeSetupIntent;
  readonly error?: StripeError;
}

export interface PaymentMethodResult {
  readonly paymentMethod?: { readonly id: string };
  readonly error?: StripeError;
}

export interface StripeCardChangeEvent {
  readonly complete: boolean;
  readonly empty?: boolean;
  readonly error?: StripeError | null;
}

export interface StripeCardElement {
  mount(target: string | HTMLElement): void;
  unmount?(): void;
  destroy?(): void;
  focus?(): void;
  on(event: 'change', handler: (event: StripeCardChangeEvent) => void): void;
  on(event: 'ready' | 'focus' | 'blur', handler: () => void): void;
}

export interface StripeElements {
  create(type: 'card', options?: Record<string, unknown>): StripeCardElement;
  getElement?(type: 'card'): StripeCardElement | null;
}

/** The group's card element: a new one, or the one already in the group (one card element per group). */
export const cardElementOf = (elements: StripeElements, options?: Record<string, unknown>): StripeCardElement => {
  try {
    return elements.create('card', options);
  } catch (error) {
    const existing = elements.getElement?.('card');
    if (existing) return existing;
    throw error;
  }
};

export interface StripeConfirmCardData {
  payment_method?: string | { card: StripeCardElement; billing_details?: Record<string, unknown> };
  return_url?: string;
}

/** The page's Stripe client as the payment step uses it (card element API; see `adaptStripe`). */
export interface StripeClient {
  elements(options?: Record<string, unknown>): StripeElements;
  confirmCardPayment(clientSecret: string, data?: StripeConfirmCardData): Promise<PaymentIntentResult>;
  confirmCardSetup(clientSecret: string, data?: StripeConfirmCardData): Promise<SetupIntentResult>;
  createPaymentMethod(data: { type: 'card'; card: StripeCardElement; billing_details?: Record<string, unknown> }): Promise<PaymentMethodResult>;
  handleNextAction(options: { clientSecret: string }): Promise<PaymentIntentResult & SetupIntentResult>;
  retrieveSetupIntent(clientSecret: string): Promise<SetupIntentResult>;
  retrievePaymentIntent(clientSecret: string): Promise<PaymentIntentResult>;
}

interface ConfirmElementsParams {
  elements?: StripeElements;
  clientSecret: string;
  confirmParams: { return_url: string };
  redirect: 'if_required';
}

/** What `Stripe(key)` gives: Stripe.js v3 has all of these; a look-alike may have only some. */
export interface RawStripe {
  elements(options?: Record<string, unknown>): StripeElements;
  confirmCardPayment?(clientSecret: string, data?: StripeConfirmCardData): Promise<PaymentIntentResult>;
  confirmCardSetup?(clientSecret: string, data?: StripeConfirmCardData): Promise<SetupIntentResult>;
  confirmPayment?(params: ConfirmElementsParams): Promise<PaymentIntentResult>;
  confirmSetup?(params: ConfirmElementsParams): Promise<SetupIntentResult>;
  createPaymentMethod?(data: { type: 'card'; card: StripeCardElement; billing_details?: Record<string, unknown> }): Promise<PaymentMethodResult>;
  handleNextAction?(options: { clientSecret: string }): Promise<PaymentIntentResult & SetupIntentResult>;
  retrieveSetupIntent(clientSecret: string): Promise<SetupIntentResult>;
  retrievePaymentIntent(clientSecret: string): Promise<PaymentIntentResult>;
}

const unsupported = (what: string): { error: StripeError } => ({ error: { type: 'integration_error', message: `${what} is not available` } });

/**
 * Stripe.js as the payment step uses it: the card element API (confirmCardPayment,
 * confirmCardSetup, createPaymentMethod, handleNextAction), falling back to the Elements API
 * (confirmPayment / confirmSetup with `{elements, confirmParams:{return_url}, redirect:'if_required'}`)
 * where a look-alike offers only that. One Elements group per client, so the card element and
 * the confirmation share it.
 */
export const adaptStripe = (raw: RawStripe, locale?: StripeLocale): StripeClient => {
  let elements: StripeElements | null = null;
  // Stripe Elements speak the page's language ('es'); English pages keep Stripe's default.
  const elementsOf = (): StripeElements => (elements ??= locale ? raw.elements({ locale }) : raw.elements());
  const viaElements = (clientSecret: string, data: StripeConfirmCardData | undefined): ConfirmElementsParams => ({
    ...(data?.payment_method && typeof data.payment_method === 'object' ? { elements: elementsOf() } : {}),
    clientSecret,
    confirmParams: { return_url: data?.return_url ?? window.location.href },
    redirect: 'if_required',
  });
  return {
    elements: () => elementsOf(),
    confirmCardPayment: (clientSecret, data) => {
      if (raw.confirmCardPayment) return raw.confirmCardPayment(clientSecret, data);
      if (raw.confirmPayment) return raw.confirmPayment(viaElements(clientSecret, data));
      return Promise.resolve(unsupported('confirmCardPayment'));
    },
    confirmCardSetup: (clientSecret, data) => {
      if (raw.confirmCardSetup) return raw.confirmCardSetup(clientSecret, data);
      if (raw.confirmSetup) return raw.confirmSetup(viaElements(clientSecret, data));
      return Promise.resolve(unsupported('confirmCardSetup'));
    },
    createPaymentMethod: (data) => (raw.createPaymentMethod ? raw.createPaymentMethod(data) : Promise.resolve(unsupported('createPaymentMethod'))),
    handleNextAction: (options) => {
      if (raw.handleNextAction) return raw.handleNextAction(options);
      if (raw.confirmCardPayment && options.clientSecret.startsWith('pi_')) return raw.confirmCardPayment(options.clientSecret);
      return Promise.resolve(unsupported('handleNextAction'));
    },
    retrieveSetupIntent: (clientSecret) => raw.retrieveSetupIntent(clientSecret),
    retrievePaymentIntent: (clientSecret) => raw.retrievePaymentIntent(clientSecret),
  };
};

export type StripeConstructor = (publicKey: string, options?: Record<string, unknown>) => RawStripe;

declare global {
  interface Window {
    Stripe?: StripeConstructor;
  }
}

export const loadStripeJs = (url: string): Promise<StripeConstructor> => loadProviderScript({ url, name: 'Stripe', global: () => window.Stripe });

const clients = new Map<string, StripeClient>();

/** Stripe's name for a page language other than English ('es'); undefined keeps Stripe's default (English). */
export type StripeLocale = 'es';
export const stripeLocaleOf = (locale: Locale | undefined): StripeLocale | undefined => (locale === 'es-US' ? 'es' : undefined);

/**
 * The page's Stripe client for a public key (one per key, as Stripe recommends). A missing key
 * or a script that cannot be loaded rejects: the caller shows 'Setup Error'.
 */
export const stripeClient = async (config: {
  publicKey: string | null | undefined;
  scriptUrl: string | null | undefined;
  /** The page's language: Stripe.js and its Elements speak Spanish ('es') on a Spanish page. */
  locale?: Locale;
}): Promise<StripeClient> => {
  const key = config.publicKey?.trim() ?? '';
  if (key === '') throw new Error('Missing card provider public key');
  if (!config.scriptUrl) throw new Error('Missing Stripe.js URL');
  const locale = stripeLocaleOf(config.locale);
  const cacheKey = locale ? `${key}|${locale}` : key;
  const existing = clients.get(cacheKey);
  if (existing) return existing;
  const Stripe = await loadStripeJs(config.scriptUrl);
  const client = locale ? adaptStripe(Stripe(key, { locale }), locale) : adaptStripe(Stripe(key));
  clients.set(cacheKey, client);
  return client;
};
