import { describe, expect, it } from '@jest/globals';
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { BillingReturnPage } from '../pages/BillingReturnPage.tsx';
import { PayReturnPage } from '../pages/PayReturnPage.tsx';
import { ExistingSubscription } from './ExistingSubscription.tsx';
import { PaymentCard } from './PaymentCard.tsx';

const render = (node: ReactNode): string => renderToStaticMarkup(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);

const card = (overrides: Partial<Parameters<typeof PaymentCard>[0]> = {}): string =>
  render(
    <PaymentCard
      tier="120_annual"
      provider
      stripe={null}
      stripeFailed={false}
      billingEmailRequired={false}
      processing={false}
      notice={null}
      onBack={() => undefined}
      onSubmit={async () => undefined}
      {...overrides}
    />,
  );

describe('payment card', () => {
  it("shows the title, the plan, the auto-renewal notice, the card box and a disabled 'Complete Payment'", () => {
    const html = card();
    expect(html).toContain('Complete Your Membership');
    expect(html).toContain('Auto-renewal is enabled. Cancel anytime.');
    expect(html).toContain('membership: $120 per year');
    expect(html).toMatch(/id="enrollment-card-element"[^>]*role="group"/);
    expect(html).toContain('Card details');
    expect(html).toMatch(/<button type="submit"[^>]*disabled=""[^>]*>.*Complete Payment/);
    expect(html).toContain('</svg> Back</span>');
  });

  it('offers the billing email box to provider-login users only', () => {
    expect(card()).toContain('Use a different billing email');
    expect(card({ provider: false })).not.toContain('Use a different billing email');
    expect(card({ billingEmailRequired: true })).toContain('Billing email');
  });

  it("reads 'Processing Payment...' while busy, and shows the last failure and 'Setup Error'", () => {
    expect(card({ processing: true })).toContain('Processing Payment...');
    const html = card({ notice: { title: 'Payment Failed', message: 'Your card was declined. (code: generic_decline)' }, stripeFailed: true });
    expect(html).toContain('Your card was declined. (code: generic_decline)');
    expect(html).toContain('Failed to initialize payment setup. Please refresh the page.');
  });
});

describe('existing subscription', () => {
  it('shows the expiration and both choices', () => {
    const html = render(<ExistingSubscription enrollmentId="e1" renewalDate="2027-03-05T00:00:00.000Z" message="Your membership is set to end." />);
    expect(html).toContain('Existing Subscription Found');
    expect(html).toContain('March 5, 2027');
    expect(html).toContain('Yes, Reactivate Auto-Renewal');
    expect(html).toContain('No, Contact Front Desk');
  });
});

describe('return pages', () => {
  it("starts /pay/return at 'Processing Payment'", () => {
    expect(render(<PayReturnPage />)).toContain('Processing Payment');
  });

  it("shows 'Billing Portal Session Complete'", () => {
    expect(render(<BillingReturnPage />)).toContain('Billing Portal Session Complete');
  });
});
