/**
 * The consent PDF in Spanish (issue 26): its own headings, the facts panel, the signature block and
 * the page numbers follow the document's language; the body is the practice's text, Spanish when
 * the practice gives it, else English with a line that says so.
 */
import { describe, expect, it, jest } from '@jest/globals';
import { membershipAgreement, privacyPracticesAcknowledgment, type AgreementTexts, type ConsentDocumentInput } from '@portal/core';
import { renderConsentPdf, SIGNATURE_BLOCK } from './consent-pdf.ts';
import { readPdf } from './pdf-read.ts';

jest.setTimeout(30_000);

const createdAt = new Date('2026-03-01T10:05:00Z');
const ana: ConsentDocumentInput = { patientName: 'Ana Núñez', membershipTier: '70_biannual', department: '1', guardianName: 'José Peña', locale: 'es-US' };
const SPANISH: AgreementTexts = {
  'es-US': {
    membership_agreement: [
      'Este acuerdo es entre el paciente nombrado arriba y {practice} para la membresía {plan}.',
      'Cuota de membresía. La cuota es de {fee}, que se cobra a la tarjeta dada en la inscripción.',
      'Al firmar abajo, la persona que firma confirma que leyó este acuerdo y lo acepta en nombre del paciente.',
    ],
  },
};

describe('renderConsentPdf in Spanish', () => {
  it('headings, facts, signature block and page numbers in Spanish; the Spanish body with its run-in heading', async () => {
    const { pdf, fields } = await renderConsentPdf(membershipAgreement({ ...ana, agreements: SPANISH }), { createdAt });
    const read = readPdf(pdf);
    expect(read.title).toBe('Acuerdo de membresía');
    const text = read.text.replace(/\s+/g, ' ');
    for (const expected of [
      'Acuerdo de membresía',
      'Paciente Ana Núñez',
      'Firmado por (persona que cuida) José Peña',
      'Sede del consultorio Valley Family Practice',
      'Plan de membresía Enhanced 6 Month',
      'Precio $70 cada 6 meses',
      'Renovación Automática, cada 6 meses, hasta que se cancele',
      'Condiciones de la membresía',
      'La cuota es de $70 cada 6 meses, que se cobra a la tarjeta dada en la inscripción.',
      'Firma',
      'Fecha',
      'Nombre en letra de molde de la persona que cuida y firma José Peña',
      'En nombre del paciente Ana Núñez',
    ]) {
      expect(text).toContain(expected);
    }
    for (const english of ['Terms of membership', 'Signature', 'Printed name', 'Page 1', 'solo en inglés']) expect(text).not.toContain(english);
    read.pages.forEach((page, index) => expect(page.lines.some((line) => line.text === `Página ${index + 1} de ${read.pageCount}`)).toBe(true));
    const lead = read.pages.flatMap((page) => page.lines).find((line) => line.text.startsWith('Cuota de membresía.'));
    expect(lead?.font).toMatch(/Semibold/);
    expect(fields.map((field) => field.type)).toEqual(['signature', 'date']);
    expect(fields[0]?.width).toBe(SIGNATURE_BLOCK.signatureWidth);
  });

  it('with only the English text supplied: Spanish headings, the English body, and a line telling the signer so', async () => {
    const { pdf } = await renderConsentPdf(privacyPracticesAcknowledgment({ ...ana, guardianName: null, agreements: {} }), { createdAt });
    const text = readPdf(pdf).text.replace(/\s+/g, ' ');
    expect(text).toContain('Constancia de recibo del aviso de privacidad');
    expect(text).toContain('El consultorio ofrece el texto de este documento solo en inglés. Usted firma el texto en inglés que sigue.');
    expect(text).toContain('MDRI Primary Care is required by law to protect the privacy of health information');
    expect(text).toContain('Nombre en letra de molde del paciente que firma Ana Núñez');
  });
});
