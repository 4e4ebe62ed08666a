/**
 * The dashboard in Spanish (issue 26): an upcoming appointment's line in words, the counts'
 * plurals, the amounts per period, the status labels core gives in English, each through the
 * Spanish catalog (messages/es.json).
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Subscription, SubscriptionStatusResponse } from '@portal/contracts';
import { appointmentWhen, departmentName, providerFact } from './appointments.ts';
import { messages } from './i18n.ts';
import { formatPeriodEnd, formatSubscriptionAmount, membershipCounts, periodEndLabel, spokenSubscriptionAmount, statusIndicator } from './membership-status.ts';
import { welcomeFor } from './welcome.ts';
import { billingCard } from './action-cards.ts';

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
