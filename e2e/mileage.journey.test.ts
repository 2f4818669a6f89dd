import { addMonthsToMonth, HUB_TIME_ZONE, localDate, monthOf, zonedTimeToUtc } from '@wings/rules';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { pickAirport } from './support/booking';
import { phoneContext, screenshot } from './support/browser';
import { openConsole, serverNow, traveller } from './support/console';
import { useJourney } from './support/journey';
import { atBothWidths, useLanguage } from './support/layout-page';
import {
  approveInConsole,
  checkInBeforeDeparture,
  firstLeg,
  joinProgramme,
  runJob,
  setClock,
} from './support/programme';

/** The miles a figure of the app shows ("1,234" → 1234). */
function milesOf(text: string | null): number {
  return Number((text ?? '').replace(/[^\d-]/g, ''));
}

/**
 * Issue 18, the mileage programme's journey: a traveller joins the programme from the app account
 * and staff approve it; the account books Phnom Penh → Siem Reap for its member, and another
 * account books the same person on the day's second flight (no card on it). Both check in and the
 * flights close at departure (the development clock moved, the departure close and the accrual
 * run at once). The member sees the first flight's miles on the card and in the transactions,
 * claims the second flight, staff approve the claim in the console, and after the 5th of the next
 * month the month's bill shows both flights. Staff freeze the miles and the member reads why, in
 * Chinese. The calculator, at 320 px in Khmer.
 */
describe('mileage: a flight earns miles, a claim is approved, the bill shows both', () => {
  // Sessions outlive the month the clock is moved through.
  const journey = useJourney('mileage', { SESSION_TTL_DAYS: '90', MEMBER_SESSION_TTL_DAYS: '90' });

  it('a member flies, claims a second flight, staff approve, and the bill lists both', async () => {
    const base = journey.server.url;
    const today = localDate(new Date(), HUB_TIME_ZONE);
    // The 28th of next month: check-in, departure and the next month's 6th (its bill) follow.
    const month = addMonthsToMonth(monthOf(today), 1);
    const date = `${month}-28`;

    // 1. The member: an app account joins the programme; an agent approves the registration.
    const account = await traveller(base, 'miles');
    const joined = await joinProgramme(base, account.session() as { accessToken: string; token: string });
    const staff = await openConsole(journey.browser, base, 'agent');
    const cardNo = await approveInConsole(staff, base, joined.memberId);
    expect(cardNo).toMatch(/^8\d{9}$/);
    await staff.context().close();

    // 2. Two flights of the day: the member's account books the first (its card on the passenger),
    //    another account books the same person on the second (no card: the claim's case).
    const flights = (await account.search('KTI', 'SAI', date)).filter((f) =>
      f.fares.some((fare) => fare.seatsLeft >= 1),
    );
    expect(flights.length, `flights KTI → SAI on ${date}`).toBeGreaterThanOrEqual(2);
    const [first, second] = flights as [(typeof flights)[0], (typeof flights)[0]];
    const classOf = (f: (typeof flights)[0]) => f.fares.find((fare) => fare.seatsLeft >= 1)!.bookingClass;
    const own = await account.book(first.flightId, classOf(first), date);
    await account.pay(own.orderNo, { ticketed: true });
    const other = await traveller(base, 'miles-other');
    const theirs = await other.book(second.flightId, classOf(second), date);
    await other.pay(theirs.orderNo, { ticketed: true });
    const claimed = await firstLeg(base, other.session().token, theirs.orderNo);

    // 3. Both check in on the day; the flights close at departure; the accrual sweep runs.
    await checkInBeforeDeparture(base, account.session().token, own.orderNo);
    await checkInBeforeDeparture(base, other.session().token, theirs.orderNo);
    await setClock(base, new Date(new Date(claimed.depUtc).getTime() + 30 * 60_000));
    await runJob(base, 'check-in.departure-close-sweep');
    await runJob(base, 'mileage.accrual');

    // 4. The member signs in with the card number: the card shows the first flight's miles.
    const context = await phoneContext(journey.browser, 'en-GB');
    // The phone's clock reads what the server's reads (the claim form allows no future date).
    await context.clock.install({ time: await serverNow(base) });
    const page = await context.newPage();
    await page.goto(`${base}/#/pages/tab-bar/vip/login/login`);
    await useLanguage(page, 'en');
    await page.getByTestId('vip-login-account').fill(cardNo);
    await page.getByTestId('vip-login-password').fill(joined.password);
    await page.getByTestId('vip-login-submit').click();
    await page.getByTestId('vip-card').waitFor({ timeout: 15_000 });
    await expect
      .poll(async () => milesOf(await page.getByTestId('vip-card-balance').textContent()))
      .toBeGreaterThan(0);
    const afterFlight = milesOf(await page.getByTestId('vip-card-balance').textContent());
    await page.getByTestId('vip-mileage-progress').waitFor();
    for (const lang of ['zh', 'km', 'en'] as const) {
      await useLanguage(page, lang);
      await page.getByTestId('vip-mileage').waitFor();
      await atBothWidths(page, `mileage-01-home-${lang}`);
    }
    await expectAccessible(page, 'mileage-01-home');

    // 5. The transactions: the flight, earned.
    await page.getByTestId('vip-menu-transactions').click();
    await page.getByTestId('mi-tx-0').waitFor();
    expect(await page.getByTestId('mi-tx-0-what').textContent()).toContain(first.flightNo);
    expect(milesOf(await page.getByTestId('mi-tx-0-miles').textContent())).toBe(afterFlight);
    await atBothWidths(page, 'mileage-02-transactions');
    await expectAccessible(page, 'mileage-02-transactions');

    // 6. A claim for the second flight, flown under the same name but without the card.
    await page.goto(`${base}/#/pages/tab-bar/vip/mileage-claims/mileage-claims`);
    await page.getByTestId('mi-claim-add').click();
    await page.getByTestId('mi-claim-ticket').fill(claimed.ticketNo);
    await page.getByTestId('mi-claim-flight').fill(claimed.flightNo);
    await page.getByTestId('mi-claim-date').fill(date);
    await atBothWidths(page, 'mileage-03-claim');
    await expectAccessible(page, 'mileage-03-claim');
    await page.getByTestId('mi-claim-submit').click();
    await page.getByTestId('mi-claim-0').waitFor();
    expect(await page.getByTestId('mi-claim-0-status').textContent()).toMatch(/audit/i);

    // 7. An agent approves the claim in the console's claim queue.
    const desk = await openConsole(journey.browser, base, 'agent', '/mileage/claims');
    const approve = desk.locator('[data-testid^="claim-approve-"]').first();
    await approve.waitFor();
    await screenshot(desk, 'mileage-04-claim-queue');
    await approve.click();
    await desk.getByTestId('mileage-dialog-confirm').click();
    await desk.getByText('Claim approved; the miles are credited').waitFor();
    await desk.goto(`${base}/console/members/${joined.memberId}/mileage`);
    await desk.getByTestId('mileage-balance').waitFor();
    await screenshot(desk, 'mileage-05-member-ledger');
    await desk.context().close();

    // 8. The member reads the claim approved and the balance grown by its miles.
    await page.reload();
    await expect.poll(async () => page.getByTestId('mi-claim-0-status').textContent()).toMatch(/approved/i);
    const claimMiles = milesOf(await page.getByTestId('mi-claim-0-miles').textContent());
    expect(claimMiles).toBeGreaterThan(0);

    // 9. After the 5th of the next month the month's bill lists both flights.
    const billDay = `${addMonthsToMonth(month, 1)}-06`;
    const billTime = zonedTimeToUtc(billDay, '10:00', HUB_TIME_ZONE);
    await setClock(base, billTime);
    await context.clock.setSystemTime(billTime);
    await page.goto(`${base}/#/pages/tab-bar/vip/mileage-bills/mileage-bills`);
    await page.getByTestId(`mi-bill-${month}`).click();
    await page.getByTestId('mi-bill-period').waitFor();
    expect(milesOf(await page.getByTestId('mi-bill-earned').textContent())).toBe(afterFlight + claimMiles);
    expect(milesOf(await page.getByTestId('mi-bill-closing').textContent())).toBe(afterFlight + claimMiles);
    await atBothWidths(page, 'mileage-06-bill');
    await expectAccessible(page, 'mileage-06-bill');

    // 10. Staff freeze the miles (a suspected misuse) with a reason; the member reads it in Chinese.
    const admin = await openConsole(journey.browser, base, 'admin', `/members/${joined.memberId}/mileage`);
    await admin.getByTestId('mileage-freeze').click();
    await admin.getByTestId('mileage-dialog-reason').fill('Suspected shared account');
    await admin.getByTestId('mileage-dialog-confirm').click();
    await expect
      .poll(async () => admin.getByTestId('mileage-freeze-state').textContent())
      .toContain('Suspected shared account');
    await expectAccessible(admin, 'mileage-05b-frozen-console');
    // And files a higher earn rate for class Y: the calculator below reads it.
    await admin.goto(`${base}/console/mileage/earn-rates`);
    await admin.getByTestId('earn-rate-edit-Y').click();
    await admin.getByTestId('earn-rate-percent').fill('160');
    await admin.getByTestId('mileage-dialog-reason').fill('Premium promotion for the dry season');
    await admin.getByTestId('mileage-dialog-confirm').click();
    await expect.poll(async () => admin.getByTestId('earn-rate-Y').textContent()).toBe('160 %');
    await screenshot(admin, 'mileage-05c-earn-rates');
    await expectAccessible(admin, 'mileage-05c-earn-rates');
    await admin.goto(`${base}/console/mileage/claims`);
    await admin.getByTestId('claim-status-filter').waitFor();
    await expectAccessible(admin, 'mileage-05d-claims');
    await admin.context().close();
    await page.goto(`${base}/#/pages/tab-bar/vip/vip`);
    await useLanguage(page, 'zh');
    await page.getByTestId('vip-mileage-frozen').click();
    await page.getByTestId('mi-freeze-reason').waitFor();
    expect(await page.getByTestId('mi-freeze-reason').textContent()).toBe('Suspected shared account');
    await atBothWidths(page, 'mileage-06b-freeze-zh');
    await expectAccessible(page, 'mileage-06b-freeze-zh');

    // 11. The calculator in Khmer at 320 px: what the same flight earns and what an award needs.
    await page.goto(`${base}/#/pages/tab-bar/vip/mileage-calculator/mileage-calculator?tab=award`);
    await useLanguage(page, 'km');
    await page.getByTestId('mi-calc-form').waitFor();
    await pickAirport(page, 'mi-calc-depCode', 'KTI', 'KTI');
    await pickAirport(page, 'mi-calc-arrCode', 'SAI', 'SAI');
    await page.getByTestId('mi-calc-cabin-Y').click();
    await page.getByTestId('mi-calc-submit').click();
    await page.getByTestId('mi-calc-total').waitFor();
    // Phnom Penh – Siem Reap is in the first zone: the demo chart's 4,500 miles one way.
    expect(milesOf(await page.getByTestId('mi-calc-one-way').textContent())).toBe(4500);
    await atBothWidths(page, 'mileage-07-calculator-km');
    // What a Y ticket earns a silver member, at the rate staff just filed.
    await page.getByTestId('mi-calc-tab-earn').click();
    await pickAirport(page, 'mi-calc-depCode', 'KTI', 'KTI');
    await pickAirport(page, 'mi-calc-arrCode', 'SAI', 'SAI');
    await page.getByTestId('mi-calc-cabin-Y').click();
    await page.getByTestId('mi-calc-fareClass').selectOption('Y');
    await page.getByTestId('mi-calc-level-0').click();
    await page.getByTestId('mi-calc-submit').click();
    await expect.poll(async () => page.getByTestId('mi-calc-rate').textContent()).toContain('160');
    await atBothWidths(page, 'mileage-08-calculator-earn-km');
    await context.close();
  });
});
