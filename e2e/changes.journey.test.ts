import { addDays, localDate } from '@wings/rules';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { memberWithTickets, signIn } from './support/aftersales';
import { expectAccessible } from './support/axe';
import { phoneContext, screenshot } from './support/browser';
import { openConsole } from './support/console';
import { useJourney } from './support/journey';
import {
  atBothWidths,
  expectNoFindings,
  inspectPage,
  smallPhoneContext,
  useLanguage,
} from './support/layout-page';
import { mailTo } from './support/mail';

/** Basic fares (W, Q, V, L, T): a change costs USD 50 per passenger and flight (after-sales §9). */
const BASIC = new Set(['W', 'Q', 'V', 'L', 'T']);

/** The first flight of a leg's list that may be chosen (not the leg's own); its id. */
async function chooseFirstFlight(page: Page, segmentSeq: number): Promise<string> {
  const list = page.getByTestId(`change-flights-${segmentSeq}`);
  await list.waitFor({ timeout: 15_000 });
  const choice = list
    .locator('[data-testid^="change-flight-"]:not([aria-disabled="true"]):not([disabled])')
    .first();
  const testId = (await choice.getAttribute('data-testid')) ?? '';
  await choice.click();
  return testId.replace('change-flight-', '');
}

/**
 * Past change-date-added-services: with add-ons to carry it waits for Next, without any it moves
 * on by itself (to the cost, or for a free move to the confirmation).
 */
async function pastServices(page: Page): Promise<void> {
  const next = page.getByTestId('change-services-next');
  const onward = page.getByTestId('change-date-cost').or(page.getByTestId('change-date-confirm'));
  await next.or(onward).first().waitFor({ timeout: 15_000 });
  if (await next.isVisible()) await next.click();
  await onward.first().waitFor({ timeout: 15_000 });
}

/** The form's "change this flight" of a leg ticked (a one-way order's leg may come ticked). */
async function tickLeg(page: Page, segmentSeq: number): Promise<void> {
  const box = page.getByTestId(`change-leg-check-${segmentSeq}`);
  if (!(await box.getAttribute('class'))?.includes('adm-checkbox-checked')) await box.click();
}

/**
 * Issue 16, the change-of-date journey. A member changes the date of a Basic ticket to the next
 * day in English: the form, the next day's flights, the cost (the USD 50 fee and the fare
 * difference), the confirmation, the payment in the sandbox; the tickets are reissued and the
 * change is in the records. Then staff cancel the new flight in the console; the traveller reads
 * the banner on ticket detail and moves free to a flight the day after; the console shows the
 * traveller's choice.
 */
describe('change of date: a paid change, then a free move after the airline cancels', () => {
  const journey = useJourney('changes');
  /** What the first part leaves: the member and their changed order, for the second. */
  let changed: { email: string; password: string; orderNo: string } | null = null;

  it('a member changes the date of a Basic ticket and pays; staff cancel the flight; the member moves free', async () => {
    const base = journey.server.url;
    const date = addDays(localDate(new Date(), 'Asia/Phnom_Penh'), 10);
    const newDate = addDays(date, 1);
    const member = await memberWithTickets(base, 'change', {
      from: 'KTI',
      to: 'BKK',
      date,
      adults: [{ surname: 'Chan', givenName: 'Sophea' }],
      language: '1',
      classes: BASIC,
    });
    const before = await member.call(`/travelsky/ibe/getOrderDetail/${member.orderNo}`, undefined, 'GET');
    const oldTicketNo = String(before.data.passengers[0].ticket.ticketNo);

    const context = await phoneContext(journey.browser, 'en-GB');
    const page = await context.newPage();
    await signIn(page, base, member.email, member.password);
    const ticketDetail = `${base}/#/pages/ticket/ticket-detail/ticket-detail?orderNo=${member.orderNo}`;

    // 1. Ticket detail offers the change; the form: the leg, the new date, a reason.
    await page.goto(ticketDetail);
    await page.getByTestId('change-entry-start').click();
    await page.getByTestId('change-form').waitFor();
    expect(await page.getByTestId('change-fee').textContent()).toMatch(/50\.00/);
    await tickLeg(page, 0);
    await page.getByTestId('change-date-0').click();
    await page.getByTestId(`change-day-0-${newDate}`).click();
    // The reason is required: the message names it, and nothing chosen is lost.
    await page.getByTestId('change-next').click();
    await page.getByTestId('change-reason-error').waitFor();
    await page.getByTestId('change-reason-plans_changed').click();
    await atBothWidths(page, 'changes-01-form-en');
    await expectAccessible(page, 'changes-01-form-en');
    await page.getByTestId('change-next').click();

    // 2. The next day's flights, each with what the move costs; one chosen.
    await page.getByTestId('change-date-flight').waitFor();
    const flightId = await chooseFirstFlight(page, 0);
    await atBothWidths(page, 'changes-02-flights-en');
    await expectAccessible(page, 'changes-02-flights-en');
    await page.getByTestId('change-flight-next').click();

    // 3. The add-ons (none bought: straight on), then the cost: the fee and the difference.
    await pastServices(page);
    await page.getByTestId('change-date-cost').waitFor();
    expect(await page.getByTestId('change-total-fee').textContent()).toMatch(/50\.00/);
    const amountText = (await page.getByTestId('change-amount').first().textContent()) ?? '';
    const amount = /[\d,]+\.\d{2}/.exec(amountText)?.[0] ?? '';
    expect(Number(amount.replace(/,/g, ''))).toBeGreaterThanOrEqual(50);
    await page.getByTestId('change-countdown').waitFor();
    await atBothWidths(page, 'changes-03-cost-en');
    await expectAccessible(page, 'changes-03-cost-en');
    await page.getByTestId('change-cost-next').click();

    // 4. Confirm, then pay the fee and the difference in the sandbox.
    await page.getByTestId('change-date-confirm').waitFor();
    await page.getByTestId('change-terms').click();
    await screenshot(page, 'changes-04-confirm-en-390');
    await page.getByTestId('change-confirm-submit').click();
    const confirmError = page.getByTestId('change-confirm-error');
    await page
      .getByTestId('pay-amount')
      .or(confirmError)
      .first()
      .waitFor({ timeout: 15_000 })
      .catch(async (err: unknown) => {
        // Where the traveller was left, for the failure's artefacts.
        await screenshot(page, 'changes-failure-after-confirm');
        const changeNo = new URL(page.url().replace('/#/', '/')).searchParams.get('changeNo');
        const seen = await member.call(
          `/ca/caweb/backend/changeTicketInfo/queryChangeOrderDetail/${changeNo}`,
          {},
        );
        throw new Error(
          `after confirm, at ${page.url()}: ${String(err)}; the change: ${JSON.stringify(seen).slice(0, 600)}`,
        );
      });
    if (await confirmError.isVisible())
      throw new Error(`confirm refused: ${await confirmError.textContent()}`);
    expect(await page.getByTestId('pay-amount').textContent()).toContain(amount);
    await screenshot(page, 'changes-05-pay-en-390');
    await page.getByTestId('pay-method-card').click();
    await page.getByTestId('pay-terms').click();
    await page.getByTestId('pay-submit').click();
    await page.waitForURL(/\/api\/pay\/sandbox\//, { timeout: 15_000 });
    await page.locator('button.pay').click();
    await page.waitForURL(/ticket-detail/, { timeout: 15_000 });

    // 5. The tickets are reissued: a new number on the new flight's date; the change is recorded.
    await expect
      .poll(
        async () => {
          const d = await member.call(`/travelsky/ibe/getOrderDetail/${member.orderNo}`, undefined, 'GET');
          return String(d.data.passengers[0].ticket.ticketNo);
        },
        { timeout: 60_000, interval: 500 },
      )
      .not.toBe(oldTicketNo);
    await page.reload();
    await page.getByTestId('ticket-detail').waitFor();
    await expect.poll(() => page.getByTestId('ticket-no-0').textContent()).not.toContain(oldTicketNo);
    await screenshot(page, 'changes-06-reissued-en-390');
    await page.getByTestId('change-entry-records').click();
    await page.getByTestId('rescheduled-record').waitFor();
    const row = page.locator('[data-testid^="change-row-open-"]').first();
    await row.click();
    await page.getByTestId('rescheduled-detail').waitFor();
    const detailText = (await page.getByTestId('rescheduled-detail').textContent()) ?? '';
    expect(detailText).toContain(oldTicketNo);
    await atBothWidths(page, 'changes-07-record-en');
    await expectAccessible(page, 'changes-07-record-en');
    // The itinerary of the new tickets is sent to the contact (none was asked for before).
    await expect
      .poll(
        async () => (await mailTo(base, member.email)).filter((m) => /itinerary/i.test(m.subject)).length,
        {
          timeout: 15_000,
        },
      )
      .toBe(1);

    // 6. Staff cancel the new flight in the console.
    const staff = await openConsole(journey.browser, base, 'admin', `/flights/${flightId}`);
    await staff.getByRole('button', { name: 'Cancel flight' }).click();
    const dialog = staff.getByRole('dialog');
    await dialog.getByLabel('Reason').fill('aircraft maintenance');
    await dialog.getByRole('button', { name: 'Cancel flight' }).click();
    await staff.getByText(/^Flight cancelled:/).waitFor();

    // 7. The traveller reads the banner and moves free to a flight within three days.
    // The traveller opens the app again (from the e-mail's link): ticket detail, read afresh.
    await page.goto(ticketDetail);
    await page.reload();
    const banner = page.getByTestId('disruption-0');
    await banner.waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('disruption-0-accept').count()).toBe(0);
    await atBothWidths(page, 'changes-08-banner-en');
    await expectAccessible(page, 'changes-08-banner-en');
    await page.getByTestId('disruption-0-move').click();
    await page.getByTestId('change-date-flight').waitFor();
    await page.getByTestId('change-disruption-note').waitFor();
    await page.getByTestId(`change-chip-${addDays(newDate, 1)}`).click();
    await chooseFirstFlight(page, 0);
    await screenshot(page, 'changes-09-move-en-390');
    await page.getByTestId('change-flight-next').click();
    await pastServices(page);
    if (await page.getByTestId('change-date-cost').isVisible())
      await page.getByTestId('change-cost-next').click();
    await page.getByTestId('change-date-confirm').waitFor();
    expect(await page.getByTestId('change-confirm-amount').textContent()).toMatch(/Free/);
    await page.getByTestId('change-terms').click();
    await page.getByTestId('change-confirm-submit').click();
    await page.getByTestId('rescheduled-detail').waitFor({ timeout: 15_000 });
    await screenshot(page, 'changes-10-moved-en-390');
    await page.goto(ticketDetail);
    await page.getByTestId('disruption-0-chosen').waitFor({ timeout: 15_000 });

    // 8. The console shows the cancelled flight's traveller and what they chose.
    await staff.goto(`${base}/console/changes/disruptions/${flightId}`);
    await staff.getByText('Sophea', { exact: false }).first().waitFor();
    await staff.getByText('Moved', { exact: false }).first().waitFor();
    await screenshot(staff, 'changes-11-console-disruption-en');
    await staff.context().close();
    await context.close();
    changed = { email: member.email, password: member.password, orderNo: member.orderNo };
  }, 300_000);

  it('every change page reads well at 320 px in Khmer, Chinese and English', async () => {
    const base = journey.server.url;
    if (!changed) throw new Error('the first part did not finish');
    const date = addDays(localDate(new Date(), 'Asia/Phnom_Penh'), 12);
    // A second Basic order of the same member, for the steps of a change not yet confirmed.
    const fresh = await memberWithTickets(base, 'change-layout', {
      from: 'KTI',
      to: 'SAI',
      date,
      adults: [{ surname: 'Keo', givenName: 'Dara' }],
      language: '2',
      classes: BASIC,
    });
    const context = await smallPhoneContext(journey.browser);
    const page = await context.newPage();
    const findings: string[] = [];
    const go = (hashPath: string) => page.goto(`${base}/#${hashPath}`);

    // The first member's changed order: its banner answered, its records, the form (now blocked).
    await signIn(page, base, changed.email, changed.password);
    const records = await member(page, base, changed.orderNo);
    for (const lang of ['km', 'zh', 'en'] as const) {
      await useLanguage(page, lang);
      const done: Array<[string, string, string]> = [
        [
          'ticket-detail-changed',
          `/pages/ticket/ticket-detail/ticket-detail?orderNo=${changed.orderNo}`,
          'disruption-0-chosen',
        ],
        [
          'rescheduled-record',
          `/pages/change-date/rescheduled-record/rescheduled-record?orderNo=${changed.orderNo}`,
          'rescheduled-record',
        ],
        [
          'rescheduled-detail',
          `/pages/change-date/rescheduled-detail/rescheduled-detail?orderNo=${changed.orderNo}&changeNo=${records}`,
          'rescheduled-detail',
        ],
        [
          'change-date-form-blocked',
          `/pages/change-date/change-date-form/change-date-form?orderNo=${changed.orderNo}`,
          'change-block-message',
        ],
      ];
      for (const [name, hashPath, ready] of done) {
        await go(hashPath);
        await page.reload();
        await page.getByTestId(ready).first().waitFor({ timeout: 15_000 });
        await inspectPage(page, name, lang, findings);
      }
    }

    // The second order's change, step by step in each language (each language's quote replaces the one before).
    // The first member signs out (the stored session gone, the app started again).
    await page.evaluate(() => localStorage.removeItem('session'));
    await page.reload();
    await signIn(page, base, fresh.email, fresh.password);
    for (const lang of ['km', 'zh', 'en'] as const) {
      // Each language starts the change afresh (the flow's session forgotten; its quote is replaced).
      await page.evaluate(() => sessionStorage.removeItem('change_session'));
      await useLanguage(page, lang);
      await go(`/pages/change-date/change-date-form/change-date-form?orderNo=${fresh.orderNo}`);
      await page
        .getByTestId('change-form')
        .waitFor({ timeout: 15_000 })
        .catch(async (err: unknown) => {
          await screenshot(page, `changes-failure-form-${lang}`);
          throw err;
        });
      await tickLeg(page, 0);
      await page.getByTestId('change-date-0').click();
      await page.getByTestId(`change-day-0-${addDays(date, 1)}`).click();
      await page.getByTestId('change-reason-work').click();
      await inspectPage(page, 'change-date-form', lang, findings);
      await page.getByTestId('change-next').click();
      await page.getByTestId('change-date-flight').waitFor();
      await chooseFirstFlight(page, 0);
      await inspectPage(page, 'change-date-flight', lang, findings);
      await page.getByTestId('change-flight-next').click();
      await pastServices(page);
      await inspectPage(page, 'change-date-cost', lang, findings);
      await page.getByTestId('change-cost-next').click();
      await page.getByTestId('change-date-confirm').waitFor();
      await inspectPage(page, 'change-date-confirm', lang, findings);
    }
    await expectNoFindings('changes', findings);
    await context.close();
  }, 300_000);
});

/** Signed in as the order's member: the number of the order's first change (from its records call). */
async function member(page: Page, base: string, orderNo: string): Promise<string> {
  await page.goto(`${base}/#/pages/change-date/rescheduled-record/rescheduled-record?orderNo=${orderNo}`);
  const first = page.locator('[data-testid^="change-row-open-"]').last();
  await first.waitFor({ timeout: 15_000 });
  return ((await first.getAttribute('data-testid')) ?? '').replace('change-row-open-', '');
}
