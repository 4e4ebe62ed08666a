/** The staff portal in a browser test: sign-in with the emailed code, and the page checks every staff screen gets. */
import { expect } from '@jest/globals';
import { seriousFindings } from './axe.ts';
import type { Page } from './browser.ts';
import { codeFor } from './guest-browser.ts';
import type { TestPortal } from './portal.ts';
import { seedPatients } from '../../../apps/provider-sandbox/src/seed/patients.ts';

/** No serious or critical axe finding, and nothing wider than the screen. */
export const looksRight = async (page: Page, step: string): Promise<void> => {
  expect({ step, findings: await seriousFindings(page) }).toEqual({ step, findings: [] });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect({ step, overflow }).toEqual({ step, overflow: 0 });
};

/**
 * Lists `email` as staff and signs in on /staff with the code from the inbox (each test its own
 * address: the inbox's newest code is the one to use).
 */
export const staffSignInInBrowser = async (portal: TestPortal, page: Page, email: string, name: string): Promise<void> => {
  await portal.db.knex('staff_emails').insert({ email, name }).onConflict('email').ignore();
  await page.goto(`${portal.url}/staff`);
  await page.getByRole('textbox', { name: 'Email Address' }).fill(email);
  await page.getByText('Security check complete.').waitFor();
  await page.getByRole('button', { name: 'Send Verification Code' }).click();
  await page.getByRole('textbox', { name: 'Verification Code' }).fill(await codeFor(portal, email));
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await page.getByRole('heading', { name: `Signed in as ${email}` }).waitFor();
};

/**
 * A seeded patient as the running sandbox seeded them. Birth dates are relative to the day the
 * sandbox seeded ('turns 27 today'), so they are read from it, not computed again: a run that
 * crosses midnight in New York would otherwise search with the next day's dates.
 */
export const seededPatient = async (portal: TestPortal, patientId: number) => {
  const answer = (await (await fetch(`${portal.sandbox.url}/_sandbox`)).json()) as { patients: Array<{ patientid: string; dob: string }> };
  const dob = answer.patients.find((candidate) => candidate.patientid === String(patientId))?.dob;
  const patient = seedPatients(new Date()).find((candidate) => candidate.patientid === patientId);
  if (!patient || !dob) throw new Error(`no seeded patient ${patientId}`);
  return { ...patient, dob };
};

/** Searches for a seeded patient (the date of birth typed as digits: the field adds the slashes) and selects them. */
export const searchForPatient = async (page: Page, portal: TestPortal, patientId: number): Promise<void> => {
  const patient = await seededPatient(portal, patientId);
  await page.getByRole('textbox', { name: /First Name/ }).fill(patient.firstname);
  await page.getByRole('textbox', { name: /Last Name/ }).fill(patient.lastname);
  const dob = page.getByRole('textbox', { name: /Date of Birth/ });
  await dob.fill('');
  await dob.pressSequentially(patient.dob.replace(/\//g, ''));
  expect(await dob.inputValue()).toBe(patient.dob);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('button', { name: `Select ${patient.firstname} ${patient.lastname}` }).click();
};

/** Opens a seeded patient's record (acknowledging an eligibility warning if one comes) and answers its region. */
export const openPatientRecord = async (page: Page, portal: TestPortal, patientId: number) => {
  await searchForPatient(page, portal, patientId);
  const warning = page.getByRole('alertdialog', { name: 'Eligibility Warning' });
  await Promise.race([warning.waitFor(), page.getByRole('heading', { name: 'Patient Record' }).waitFor()]);
  if (await warning.isVisible()) await warning.getByRole('button', { name: 'Acknowledge and Continue' }).click();
  return page.getByRole('region', { name: 'Patient Record' });
};
