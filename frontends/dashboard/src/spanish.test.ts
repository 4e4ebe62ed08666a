/**
 * The dashboard in Spanish (issue 26): an upcoming appointment's line in words, the counts'
 * plurals, the amounts per period, the status labels core gives in English, each through the
 * Spanish catalog (messages/es.json).
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Subscription, SubscriptionStatusResponse } from '@portal/contracts';
import { appointmentWhen, departmentName, providerFact } from './appointments.ts';
import { messages } from './i18n.ts';
import {
  appointmentMessage,
  enrollmentMessage,
  formatPeriodEnd,
  formatSubscriptionAmount,
  membershipCounts,
  membershipSummary,
  periodEndLabel,
  spokenSubscriptionAmount,
  statusIndicator,
  subscriptionNickname,
} from './membership-status.ts';
import { welcomeFor } from './welcome.ts';
import { appointmentsCard, billingCard, enrollmentCard } from './action-cards.ts';

const t = messages.t;
beforeAll(() => messages.load('es-US'));

describe('an upcoming appointment in Spanish', () => {
  it('reads the date and time in words, and its buttons say which appointment', () => {
    const when = appointmentWhen('es-US', '2026-03-09', '08:05');
    expect(when).toEqual({ date: '9 de marzo de 2026', time: '8:05 a.m.' });
    expect(appointmentWhen('es-US', '11/30/2026', '13:30')).toEqual({ date: '30 de noviembre de 2026', time: '1:30 p.m.' });
    expect(t('upcoming.cancelLabel', when)).toBe('Cancelar la cita del 9 de marzo de 2026, 8:05 a.m.');
    expect(t('waitlist.help', when)).toMatch(/^Para su cita del 9 de marzo de 2026, 8:05 a\.m\.: el enlace/);
    expect(providerFact(t, '99', { isPending: false, providers: [] })).toBe('Su proveedor');
    expect(departmentName(t, 'nowhere')).toBe('Sede del consultorio');
  });

  it('keeps the English forms in English', () => {
    expect(appointmentWhen('en-US', '2026-03-09', '08:05')).toEqual({ date: '03/09/2026', time: '8:05 AM' });
  });
});

describe('the membership status in Spanish', () => {
  const counts = (tier1Matches: number, tier1Others: number, tier2Matches: number) =>
    membershipCounts(t, { tier1Matches, tier1Others, tier2Matches } as SubscriptionStatusResponse, true).map((count) => count.label);

  it('counts in the singular for one and the plural otherwise', () => {
    expect(counts(1, 1, 1)).toEqual(['Suscripción activa', 'En la cuenta de facturación', 'Suscripción de dependiente']);
    expect(counts(0, 2, 3)).toEqual(['Suscripciones activas', 'En la cuenta de facturación', 'Suscripciones de dependientes']);
  });

  it('says the amount per period in words', () => {
    expect(formatSubscriptionAmount(t, 'es-US', 12_000, 'year')).toBe('$120.00 al año');
    expect(formatSubscriptionAmount(t, 'es-US', 7_000, '6 months')).toBe('$70.00 cada 6 meses');
    expect(spokenSubscriptionAmount(t, 'es-US', 150_000, 'month')).toBe('$1,500.00 al mes');
    expect(formatSubscriptionAmount(t, 'es-US', 1_999, '')).toBe('$19.99');
  });

  it("gives core's English status labels their Spanish, and the period end in words", () => {
    const sub = (status: string, cancelAtPeriodEnd: boolean) => ({ status, cancelAtPeriodEnd }) as Pick<Subscription, 'status' | 'cancelAtPeriodEnd'>;
    expect(statusIndicator(t, sub('active', false))).toEqual({ label: 'Activa y se renueva', tone: 'success' });
    expect(statusIndicator(t, sub('active', true))).toEqual({ label: 'Se cancela al final del período', tone: 'warning' });
    expect(statusIndicator(t, sub('canceled', true))).toEqual({ label: 'Cancelada', tone: 'secondary' });
    expect(statusIndicator(t, sub('past_due', false)).label).toBe('Pago atrasado');
    expect(statusIndicator(t, sub('something_new', false)).label).toBe('something_new');
    expect(periodEndLabel(t, sub('active', false))).toBe('Próximo cobro');
    expect(formatPeriodEnd('2027-01-01T02:00:00.000Z', 'es-US')).toBe('31 de diciembre de 2026');
  });

  it('greets by name and says why billing is closed', () => {
    expect(welcomeFor(t, { kind: 'provider', patientId: 'p1', patientName: 'Ana Díaz', caregiverName: null, email: null }).title).toBe('Le damos la bienvenida, Ana Díaz');
    expect(billingCard(t, undefined, true).reason).toBe('Revisando el estado de su membresía...');
  });
});

describe("the API's English texts, said in Spanish from their facts and codes", () => {
  type Facts = NonNullable<SubscriptionStatusResponse['summaryFacts']>;
  const ACTIVE: Facts = {
    membership: 'active',
    tier: '120_annual',
    tierName: 'Enhanced Annual',
    viaCaregiver: false,
    periodEnd: '2027-12-01',
    cancelAtPeriodEnd: false,
    otherSubscriptions: 0,
    managedByCaregiver: 0,
  };
  const NONE: Facts = { ...ACTIVE, membership: 'none', tier: null, tierName: null, periodEnd: null };
  const summary = (summaryFacts: Facts) => membershipSummary(t, 'es-US', { subscriptionSummary: 'English from the API.', summaryFacts });

  it('an active membership: its tier, and when it renews or ends', () => {
    expect(summary(ACTIVE)).toBe('Su membresía Enhanced Annual está activa y se renueva el 1 de diciembre de 2027.');
    expect(summary({ ...ACTIVE, cancelAtPeriodEnd: true })).toBe('Su membresía Enhanced Annual está activa hasta el 1 de diciembre de 2027 y no se renovará.');
    expect(summary({ ...ACTIVE, tier: null, tierName: null, periodEnd: null })).toBe('Su membresía está activa.');
  });

  it("paid from a caregiver's account", () => {
    expect(summary({ ...ACTIVE, viaCaregiver: true })).toBe(
      'Su membresía Enhanced Annual, que administra una persona que cuida, está activa y se renueva el 1 de diciembre de 2027.',
    );
    expect(summary({ ...ACTIVE, viaCaregiver: true, cancelAtPeriodEnd: true })).toBe(
      'Su membresía Enhanced Annual, que administra una persona que cuida, está activa hasta el 1 de diciembre de 2027 y no se renovará.',
    );
  });

  it('past due, and none', () => {
    expect(summary({ ...NONE, membership: 'past_due' })).toBe('El pago de su membresía está atrasado.');
    expect(summary(NONE)).toBe('No encontramos una membresía activa.');
  });

  it('counts the other subscriptions and the caregiver-managed ones, one and more', () => {
    expect(summary({ ...NONE, otherSubscriptions: 1 })).toBe('No encontramos una membresía activa. Hay 1 suscripción más en su cuenta de facturación.');
    expect(summary({ ...ACTIVE, otherSubscriptions: 2 })).toBe(
      'Su membresía Enhanced Annual está activa y se renueva el 1 de diciembre de 2027. Hay otras 2 suscripciones en su cuenta de facturación.',
    );
    expect(summary({ ...NONE, managedByCaregiver: 1 })).toBe('No encontramos una membresía activa. Hay 1 suscripción que administra una persona que cuida.');
    expect(summary({ ...NONE, otherSubscriptions: 3, managedByCaregiver: 2 })).toBe(
      'No encontramos una membresía activa. Hay otras 3 suscripciones en su cuenta de facturación. Hay 2 suscripciones que administra una persona que cuida.',
    );
  });

  it("shows the API's English when the facts are missing (a status kept from before them) or unknown", () => {
    expect(membershipSummary(t, 'es-US', { subscriptionSummary: 'English from the API.' })).toBe('English from the API.');
    expect(summary({ ...NONE, membership: 'something_new' })).toBe('English from the API.');
  });

  it('the enrollment and appointment messages by their codes', () => {
    const enrollment = (enrollmentMessageCode: string | undefined, summaryFacts: Facts = ACTIVE) =>
      enrollmentMessage(t, 'es-US', { enrollmentMessage: 'English enrollment.', enrollmentMessageCode, summaryFacts });
    expect(enrollment('enrolled_in_tier')).toBe('Tiene la membresía Enhanced Annual.');
    expect(enrollment('enrolled_in_tier', { ...ACTIVE, tierName: null })).toBe('Tiene una membresía.');
    expect(enrollment('enrolled')).toBe('Tiene una membresía.');
    expect(enrollment('past_due')).toBe('No se pudo cobrar el pago de su membresía. Por favor, actualice su tarjeta en Facturación de la membresía.');
    expect(enrollment('not_enrolled')).toBe('No tiene una membresía. Inscríbase para reservar citas en línea y usar la línea de enfermería.');
    expect(enrollment(undefined)).toBe('English enrollment.');
    expect(enrollment('something_new')).toBe('English enrollment.');
    const appointment = (appointmentMessageCode: string | undefined) => appointmentMessage(t, 'es-US', { appointmentMessage: 'English appointment.', appointmentMessageCode });
    expect(appointment('booking_available')).toBe('Puede reservar y reprogramar citas en línea.');
    expect(appointment('requires_membership')).toBe('Para reservar citas en línea necesita una membresía activa.');
    expect(appointment(undefined)).toBe('English appointment.');
  });

  it('the action cards give their reasons in Spanish', () => {
    const status = {
      hasActiveSubscription: true,
      subscriptionSummary: 'Active Enhanced Annual membership, renews 12/01/2027.',
      summaryFacts: ACTIVE,
      tier1Matches: 1,
      tier1Others: 0,
      tier2Matches: 0,
      subscriptions: { tier1PatientMatches: [], tier1Others: [], tier2Matches: [] },
      enrollmentMessage: 'You are enrolled in the Enhanced Annual membership.',
      enrollmentMessageCode: 'enrolled_in_tier',
      appointmentMessage: 'Online appointment booking requires an active membership.',
      appointmentMessageCode: 'requires_membership',
      managedSubscriptionsEnabled: false,
      enrollMemberEnabled: false,
      bookAppointmentEnabled: false,
    } satisfies SubscriptionStatusResponse;
    expect(enrollmentCard(t, false, status, false, 'es-US').reason).toBe('Tiene la membresía Enhanced Annual.');
    expect(appointmentsCard(t, false, status, false, 'es-US').reason).toBe('Para reservar citas en línea necesita una membresía activa.');
    expect(billingCard(t, { ...status, summaryFacts: { ...ACTIVE, viaCaregiver: true } }).reason).toBe('La facturación la administra una persona que cuida');
  });

  it("a subscription's billing interval in words instead of the API's nickname", () => {
    expect(subscriptionNickname(t, 'es-US', { nickname: 'Billed annually', interval: 'year' })).toBe('Se cobra al año');
    expect(subscriptionNickname(t, 'es-US', { nickname: 'Billed every 6 months', interval: '6 months' })).toBe('Se cobra cada 6 meses');
    expect(subscriptionNickname(t, 'es-US', { nickname: null, interval: '' })).toBeNull();
    expect(subscriptionNickname(t, 'es-US', { nickname: 'Billed weirdly', interval: 'fortnight' })).toBeNull();
  });
});
