/**
 * The consent documents in Spanish (issue 26): the document's own words follow the signer's
 * language; the body is the practice's text in that language when the practice configuration gives
 * it, else English, and agreementLanguage says which. English unchanged.
 */
import { describe, expect, it } from '@jest/globals';
import { agreementLanguage, consentDocument, membershipAgreement, privacyPracticesAcknowledgment, type AgreementTexts, type ConsentDocumentInput } from './consent-documents.ts';
import { PracticeConfigError, parsePracticeConfig } from './practice-config.ts';
import { practiceConfig } from './practice.ts';

const harold: ConsentDocumentInput = { patientName: 'Harold Bennett', membershipTier: '70_biannual', department: '1', guardianName: 'Carol Bennett' };

const SPANISH: AgreementTexts = {
  'es-US': {
    membership_agreement: [
      'Este acuerdo es entre el paciente nombrado arriba y {practice} para la membresía {plan}.',
      'Cuota de membresía. La cuota es de {fee}.',
      'Beneficios. Los miembros reciben {telemedicineVisits} al año.',
      { conciergeOnly: 'Los servicios Concierge se ofrecen solo a pacientes de los tres médicos que nombra el consultorio.' },
      'Al firmar abajo, la persona que firma confirma que leyó este acuerdo.',
    ],
  },
};

describe('the documents in Spanish', () => {
  it('titles, facts and their values in Spanish; the practice Spanish text as the body, placeholders filled in', () => {
    const document = membershipAgreement({ ...harold, locale: 'es-US', agreements: SPANISH });
    expect(document.title).toBe('Acuerdo de membresía');
    expect(document.facts).toEqual([
      ['Paciente', 'Harold Bennett'],
      ['Firmado por (persona que cuida)', 'Carol Bennett'],
      ['Sede del consultorio', 'Valley Family Practice'],
      ['Plan de membresía', 'Enhanced 6 Month'],
      ['Precio', '$70 cada 6 meses'],
      ['Renovación', 'Automática, cada 6 meses, hasta que se cancele'],
    ]);
    expect(document.paragraphs).toEqual([
      'Este acuerdo es entre el paciente nombrado arriba y MDRI Primary Care para la membresía Enhanced 6 Month.',
      'Cuota de membresía. La cuota es de $70 cada 6 meses.',
      'Beneficios. Los miembros reciben 1 consulta de telemedicina gratuita al año.',
      'Al firmar abajo, la persona que firma confirma que leyó este acuerdo.',
    ]);
    expect(document).toMatchObject({ locale: 'es-US', bodyLocale: 'es-US', fileName: 'membership-agreement.pdf' });
  });

  it('a concierge plan gets the concierge paragraph and the plural of the visits', () => {
    const document = membershipAgreement({ ...harold, membershipTier: '500_concierge_annual', locale: 'es-US', agreements: SPANISH });
    expect(document.facts).toContainEqual(['Precio', '$500 al año']);
    expect(document.facts).toContainEqual(['Renovación', 'Automática, cada año, hasta que se cancele']);
    expect(document.paragraphs).toContain('Beneficios. Los miembros reciben 4 consultas de telemedicina gratuitas al año.');
    expect(document.paragraphs).toContain('Los servicios Concierge se ofrecen solo a pacientes de los tres médicos que nombra el consultorio.');
  });

  it('where the practice gives only English, the body is English under Spanish headings, and agreementLanguage says so', () => {
    const document = consentDocument('membership_agreement', { ...harold, locale: 'es-US', agreements: {} });
    expect(document.title).toBe('Acuerdo de membresía');
    expect(document.bodyLocale).toBe('en-US');
    expect(document.paragraphs[0]).toBe('This agreement is between the patient named above and MDRI Primary Care for the Enhanced 6 Month membership.');
    const privacy = privacyPracticesAcknowledgment({ ...harold, guardianName: null, locale: 'es-US', agreements: SPANISH });
    expect(privacy.title).toBe('Constancia de recibo del aviso de privacidad');
    expect(privacy.facts).toEqual([
      ['Paciente', 'Harold Bennett'],
      ['Sede del consultorio', 'Valley Family Practice'],
    ]);
    expect(privacy.bodyLocale).toBe('en-US');
    expect(agreementLanguage({ ...practiceConfig(), agreements: SPANISH }, 'es-US')).toEqual({ requested: 'es-US', locale: 'es-US', translated: true });
    expect(agreementLanguage({ ...practiceConfig(), agreements: SPANISH }, 'es-US', 'privacy_practices')).toEqual({ requested: 'es-US', locale: 'en-US', translated: false });
    // The configuration this repository ships gives English only.
    expect(agreementLanguage(practiceConfig(), 'es-US')).toEqual({ requested: 'es-US', locale: 'en-US', translated: false });
    expect(agreementLanguage(practiceConfig(), 'en-US')).toEqual({ requested: 'en-US', locale: 'en-US', translated: true });
  });

  it('English is what it always was, with no language fields', () => {
    const document = membershipAgreement(harold);
    expect(document.title).toBe('Membership Agreement');
    expect(document.facts).toContainEqual(['Price', '$70 per 6 months']);
    expect(document.facts).toContainEqual(['Renewal', 'Automatic, every 6 months, until cancelled']);
    expect(document.paragraphs).toContain(
      'Benefits. Members can manage appointments online (online scheduling and rescheduling), reach the members-only nurse phone and SMS line during business hours, use the billing portal, and receive 1 free telemedicine visit a year.',
    );
    expect(document).not.toHaveProperty('locale');
    expect(document).not.toHaveProperty('bodyLocale');
    expect(membershipAgreement({ ...harold, locale: 'en-US', agreements: SPANISH })).toEqual(document);
  });
});

describe('the practice configuration agreements', () => {
  const valid = { ...practiceConfig() };

  it('reads the Spanish text of a document, and leaves the key out when there is none', () => {
    const parsed = parsePracticeConfig({ ...valid, agreements: { 'es-US': { membership_agreement: ['Texto de {practice}.', { conciergeOnly: 'Solo Concierge.' }] } } });
    expect(parsed.agreements).toEqual({ 'es-US': { membership_agreement: ['Texto de {practice}.', { conciergeOnly: 'Solo Concierge.' }] } });
    expect(parsePracticeConfig(valid)).not.toHaveProperty('agreements');
  });

  it('names every problem: English given, an unknown language or document, an empty list, an unknown placeholder', () => {
    const bad = {
      ...valid,
      agreements: {
        'en-US': { membership_agreement: ['x'] },
        'fr-FR': {},
        'es-US': { membership_agreements: ['x'], privacy_practices: [], membership_agreement: ['La cuota es {price}.', 7] },
      },
    };
    expect(() => parsePracticeConfig(bad, 'practice.json')).toThrow(PracticeConfigError);
    try {
      parsePracticeConfig(bad, 'practice.json');
    } catch (error) {
      expect((error as PracticeConfigError).problems).toEqual([
        "agreements.en-US: only es-US may be given (the English text is the portal's own)",
        "agreements.fr-FR: only es-US may be given (the English text is the portal's own)",
        'agreements.es-US.membership_agreements: unknown document (membership_agreement, privacy_practices)',
        'agreements.es-US.privacy_practices must be a non-empty list of paragraphs',
        'agreements.es-US.membership_agreement[0] has unknown placeholders {price}',
        'agreements.es-US.membership_agreement[1] must be a non-empty text or { "conciergeOnly": text }',
      ]);
    }
  });
});
