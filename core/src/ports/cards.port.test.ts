import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';

/**
 * Ports speak the domain's words, not a vendor's (issue 25): the provider's names, API version,
 * field paths and SDK calls belong to the adapter that maps them (adapters/stripe). Only the card
 * port is held to it so far: the other ports still name their vendors in identifiers
 * (athenaPatientId, stripeSubscriptionId, signwellDocumentId …), not just in their comments.
 */
const CHECKED_PORTS = ['cards.port.ts'] as const;

const VENDOR_WORDS = ['stripe', 'basil', 'athena', 'signwell', 'firebase'] as const;

/** Stripe's wire spelling that once lived in the card port's comments. */
const VENDOR_SPELLINGS = ['/v1/', 'lookup_key', 'confirmation_secret', 'pending_setup_intent', 'status_transitions', 'subscription_details', 'payment_intent', 'default_incomplete', 'cancel_at_period_end', 'confirmCardPayment', 'handleNextAction'] as const;

const vendorWordsIn = (text: string): string[] => {
  const lower = text.toLowerCase();
  return [...VENDOR_WORDS, ...VENDOR_SPELLINGS].filter((word) => lower.includes(word.toLowerCase()));
};

describe('ports name no vendor', () => {
  it.each(CHECKED_PORTS)('%s speaks the domain\'s words', (file) => {
    const text = readFileSync(new URL(`./${file}`, import.meta.url), 'utf8');
    expect(vendorWordsIn(text)).toEqual([]);
  });

  it('catches a vendor word in any case', () => {
    expect(vendorWordsIn('/** Stripe, API version BASIL: latest_invoice.confirmation_secret */')).toEqual(['stripe', 'basil', 'confirmation_secret']);
  });
});
