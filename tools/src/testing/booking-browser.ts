/** The booking screens as the browser tests walk them (frontends/booking). */
import type { Page } from './browser.ts';

/** A slot's accessible name ('Monday 03/09/2026 at 9:00 AM') → ['03/09/2026', '9:00 AM']. */
export const dateAndTime = (slotName: string): [string, string] => {
  const match = /(\d{2}\/\d{2}\/\d{4}) at (.+)$/.exec(slotName);
  return [match?.[1] ?? '', match?.[2] ?? ''];
};

/**
 * The members path from its start (Valley Family Practice, No Preference, Office Visit) to a time
 * of next week, the first or the last one offered, chosen; answers its accessible name.
 */
export const chooseNextWeekSlot = async (page: Page, pick: 'first' | 'last'): Promise<string> => {
  await page.getByRole('heading', { name: 'Practice Location' }).waitFor();
  await page.getByRole('combobox', { name: 'Practice Location' }).selectOption({ label: 'Valley Family Practice' });
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'No Preference' }).click();
  await page.getByRole('button', { name: 'Office Visit' }).click();
  await page.getByRole('heading', { name: 'Choose a Date and Time' }).waitFor();
  await page.getByRole('radio', { name: /^Next week,/ }).check();
  const slots = page.getByRole('radiogroup', { name: 'Available Times' }).getByRole('radio');
  await slots.first().waitFor();
  const slot = pick === 'first' ? slots.first() : slots.last();
  const name = (await slot.getAttribute('aria-label')) ?? '';
  await slot.check();
  return name;
};
