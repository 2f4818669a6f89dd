import type { Page } from 'playwright-core';
import { expect } from 'vitest';

// The booking steps the journeys share: pick airports and dates, choose a fare, fill passengers.

/** Opens an airport sheet, searches, taps the airport, and waits for the sheet to close. */
export async function pickAirport(page: Page, picker: string, query: string, code: string): Promise<void> {
  await page.getByTestId(picker).click();
  await page.getByTestId('airport-search-input').fill(query);
  await page.getByTestId(`airport-option-${code}`).click();
  await expect.poll(() => page.getByTestId('airport-search-input').count()).toBe(0);
  expect(await page.getByTestId(picker).textContent()).toContain(code);
}

/** Opens the calendar of a date field and taps a day, paging forward month by month. */
export async function pickDate(page: Page, field: string, date: string): Promise<void> {
  await page.getByTestId(field).click();
  await page.getByTestId('calendar').waitFor();
  await page.waitForTimeout(400); // the sheet slides up
  const day = page.getByTestId(`calendar-day-${date}`);
  for (let i = 0; i < 8 && !(await day.isVisible()); i++) {
    await page.locator('.adm-calendar-arrow-button-right-month').click();
    await page.waitForTimeout(150);
  }
  await day.click();
  await expect.poll(() => page.getByTestId('calendar').isVisible()).toBe(false);
}

/** Chooses the first family that can be bought on the first flight that has one; its test id. */
export async function chooseFirstFare(page: Page): Promise<string> {
  await page.getByTestId('flight-list').waitFor();
  const family = page.locator('[data-testid^="family-"]:not([disabled])').first();
  await family.waitFor();
  const id = (await family.getAttribute('data-testid')) ?? '';
  await family.click();
  const choose = page.getByTestId(id.replace(/^family-/, 'choose-'));
  await choose.waitFor();
  await choose.click();
  return id;
}

export interface Person {
  surname: string;
  givenName: string;
  title: 0 | 1 | 2;
  gender: 0 | 1;
  birthday: string;
  docNumber: string;
}

/** Fills one passenger slot on passenger-detail and saves it. */
export async function fillPassenger(page: Page, slot: string, p: Person): Promise<void> {
  await page.getByTestId(`slot-open-${slot}`).click();
  await page.getByTestId('passenger-detail-surname').fill(p.surname);
  await page.getByTestId('passenger-detail-givenName').fill(p.givenName);
  await page.getByTestId(`passenger-detail-title-${p.title}`).click();
  await page.getByTestId(`passenger-detail-gender-${p.gender}`).click();
  await page.getByTestId('passenger-detail-birthday').fill(p.birthday);
  await page.getByTestId('passenger-detail-nationality').click();
  await page.getByTestId('nationality-search').fill('Cambodia');
  await page.getByTestId('nationality-option-KH').click();
  await page.getByTestId('passenger-detail-docType-1').click();
  await page.getByTestId('passenger-detail-docNumber').fill(p.docNumber);
  await page.getByTestId('passenger-detail-docExpiry').fill('2034-06-30');
  await page.getByTestId('passenger-detail-save').click();
  await page.getByTestId(`slot-${slot}`).waitFor();
  await expect.poll(() => page.getByTestId(`slot-${slot}`).getAttribute('data-status')).toBe('complete');
}

export async function fillContact(page: Page, name: string, email: string): Promise<void> {
  await page.getByTestId('contact-name').fill(name);
  await page.getByTestId('contact-phone').fill('12345678');
  await page.getByTestId('contact-email').fill(email);
}
