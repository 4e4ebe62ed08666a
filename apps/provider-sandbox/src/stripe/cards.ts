/**
 * Stripe's test cards (INTEGRATIONS.md §3) and what each does in the sandbox. Any other number that
 * passes the Luhn check behaves like 4242 4242 4242 4242.
 */

export type CardBehaviour =
  | { readonly kind: 'success' }
  /** Declined on every charge and setup (`code`, and `decline_code` when Stripe gives one). */
  | { readonly kind: 'decline'; readonly code: string; readonly declineCode: string | null; readonly message: string }
  /** 4000 0000 0000 0341: attaching (setup) succeeds, every charge is declined. */
  | { readonly kind: 'charge_fails' }
  /** 3-D Secure on session; `offSession`: what an off-session charge does once set up. */
  | { readonly kind: 'three_d_secure'; readonly offSession: 'succeeds' | 'requires_action' };

export const DECLINE_MESSAGES: Readonly<Record<string, string>> = {
  generic_decline: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  lost_card: 'Your card was declined.',
  stolen_card: 'Your card was declined.',
  expired_card: 'Your card has expired.',
  incorrect_cvc: "Your card's security code is incorrect.",
  processing_error: 'An error occurred while processing your card. Try again in a little bit.',
  incorrect_number: 'Your card number is incorrect.',
};

const decline = (declineCode: string, code = 'card_declined'): CardBehaviour => ({
  kind: 'decline',
  code,
  declineCode,
  message: DECLINE_MESSAGES[declineCode] ?? 'Your card was declined.',
});

const TEST_CARDS: Readonly<Record<string, CardBehaviour>> = {
  '4242424242424242': { kind: 'success' },
  '5555555555554444': { kind: 'success' },
  '4000000000000002': decline('generic_decline'),
  '4000000000009995': decline('insufficient_funds'),
  '4000000000009987': decline('lost_card'),
  '4000000000009979': decline('stolen_card'),
  '4000000000000069': decline('expired_card', 'expired_card'),
  '4000000000000127': decline('incorrect_cvc', 'incorrect_cvc'),
  '4000000000000119': decline('processing_error', 'processing_error'),
  '4000000000000341': { kind: 'charge_fails' },
  '4000002500003155': { kind: 'three_d_secure', offSession: 'succeeds' },
  '4000002760003184': { kind: 'three_d_secure', offSession: 'requires_action' },
  '4000000000003220': { kind: 'three_d_secure', offSession: 'succeeds' },
};

export const luhnValid = (number: string): boolean => {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
};

export const behaviourOf = (number: string): CardBehaviour => TEST_CARDS[number] ?? { kind: 'success' };

export const brandOf = (number: string): string => {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|65)/.test(number)) return 'discover';
  return 'unknown';
};

/** Stored with the payment method (the number itself is not kept). */
export const encodeBehaviour = (behaviour: CardBehaviour): string => JSON.stringify(behaviour);
export const decodeBehaviour = (text: string | null | undefined): CardBehaviour =>
  text == null || text === '' ? { kind: 'success' } : (JSON.parse(text) as CardBehaviour);

/**
 * Stripe's test PaymentMethod ids: test mode takes them wherever a PaymentMethod id goes and makes
 * a fresh card PaymentMethod (its own `pm_…` id) of that test card each time.
 */
const TEST_PAYMENT_METHODS: Readonly<Record<string, string>> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedLostCard: '4000000000009987',
  pm_card_chargeDeclinedStolenCard: '4000000000009979',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
  pm_card_chargeDeclinedIncorrectCvc: '4000000000000127',
  pm_card_chargeDeclinedProcessingError: '4000000000000119',
  pm_card_chargeCustomerFail: '4000000000000341',
  pm_card_authenticationRequiredOnSetup: '4000002500003155',
  pm_card_authenticationRequired: '4000002760003184',
  pm_card_threeDSecure2Required: '4000000000003220',
};

/** The test card behind one of Stripe's test PaymentMethod ids (`pm_card_visa`, …), or null. */
export const testPaymentMethodCard = (id: string): string | null => (Object.hasOwn(TEST_PAYMENT_METHODS, id) ? (TEST_PAYMENT_METHODS[id] as string) : null);
