import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { BillingReturnPage } from '../pages/BillingReturnPage.tsx';
import { PayReturnPage } from '../pages/PayReturnPage.tsx';
import { DocumentSigning } from './DocumentSigning.tsx';
import { ExistingSubscription } from './ExistingSubscription.tsx';
import { PaymentCard } from './PaymentCard.tsx';
import { messages } from '../i18n.ts';
import { paymentMessages } from '../payment/i18n.ts';

// The screens' texts come from the catalogs (the existing-subscription screen's from the remote's own); these tests read them in English.
beforeAll(() => Promise.all([paymentMessages.load('en-US'), messages.load('en-US')]));

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

describe('in Spanish', () => {
  beforeAll(() => paymentMessages.load('es-US'));
  afterAll(() => paymentMessages.load('en-US'));

  it('tells the patient before signing that the membership agreement is signed in English', () => {
    const html = render(<DocumentSigning kind="agreement" enrollmentId="e1" alreadySigned={false} onSigned={() => undefined} />);
    expect(html).toContain('El acuerdo de membresía está disponible solo en inglés. Al firmar, usted firma el texto en inglés.');
    expect(html).toContain('Preparando su acuerdo de membresía...');
    expect(html).toContain('aria-label="Firme su acuerdo de membresía"');
  });

  it('says nothing of the language once the agreement is signed', () => {
    const html = render(<DocumentSigning kind="agreement" enrollmentId="e1" alreadySigned onSigned={() => undefined} />);
    expect(html).not.toContain('solo en inglés');
    expect(html).toContain('Su acuerdo de membresía está firmado, verificado y guardado.');
  });

  it('words the payment card, its plan and price in Spanish', () => {
    const html = card();
    expect(html).toContain('Complete su membresía');
    expect(html).toContain('Membresía Enhanced anual: $120.00 al año');
    expect(html).toContain('Se renueva automáticamente. Puede cancelar en cualquier momento.');
    expect(html).toContain('Datos de la tarjeta');
    expect(html).toMatch(/<button type="submit"[^>]*disabled=""[^>]*>.*Completar el pago/);
    expect(html).not.toMatch(/Complete Payment|Card details|Back</);
  });
});

describe('in English', () => {
  it('shows no language notice on the signing step', () => {
    const html = render(<DocumentSigning kind="agreement" enrollmentId="e1" alreadySigned={false} onSigned={() => undefined} />);
    expect(html).not.toContain('available in English only');
    expect(html).toContain('Preparing your membership agreement...');
  });
});
