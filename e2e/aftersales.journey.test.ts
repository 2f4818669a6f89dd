import { randomUUID } from 'node:crypto';
import { addDays, HUB_TIME_ZONE, localDate } from '@wings/rules';
import { describe, expect, it } from 'vitest';
import { memberWithTickets, signIn } from './support/aftersales';
import { expectAccessible } from './support/axe';
import { phoneContext, screenshot } from './support/browser';
import { type Json, openConsole } from './support/console';
import { useJourney } from './support/journey';
import { expectNoFindings, inspectPage, smallPhoneContext, useLanguage } from './support/layout-page';
import { mailTo } from './support/mail';
import { createMember } from './support/member';

/**
 * Issue 15, the after-sales journey. A member refunds one of two passengers for a personal reason
 * in Khmer: the quote, the request, its timeline; a finance officer approves it in the console;
 * the sandbox pays the money back and the traveller sees it refunded with its amounts, with the
 * Khmer mail of each step in the dev mailbox. (Checking in on the day and the boarding pass
 * offline: check-in.journey.test.ts.)
 */
describe('after-sales: a refund followed to the end', () => {
  const today = localDate(new Date(), HUB_TIME_ZONE);
  const journey = useJourney('aftersales');
  /** The refunding member's order and its refund, for the second part. */
  let refunded: {
    orderNo: string;
    refundNo: string;
    call: (route: string, body?: unknown, method?: 'GET' | 'POST') => Promise<Json>;
  } | null = null;

  it('a member refunds one of two passengers, staff approve it, and the money comes back', async () => {
    const base = journey.server.url;
    const member = await memberWithTickets(base, 'refund', {
      from: 'KTI',
      to: 'SAI',
      date: addDays(today, 30),
      adults: [
        { surname: 'Sok', givenName: 'Dara' },
        { surname: 'Sok', givenName: 'Channary' },
      ],
      language: '2',
    });
    const context = await phoneContext(journey.browser, 'km-KH');
    await context.addInitScript(() => localStorage.setItem('language', 'km'));
    const page = await context.newPage();
    await signIn(page, base, member.email, member.password);

    // 1. From the order's page: the refund notice, one passenger of two, a personal reason.
    await page.goto(`${base}/#/pages/ticket/ticket-detail/ticket-detail?orderNo=${member.orderNo}`);
    await page.getByTestId('refund-entry-start').click();
    await page.getByTestId('refund-notice').waitFor();
    await screenshot(page, 'aftersales-01-refund-notice-km-390');
    await page.getByTestId('refund-start').click();
    await page.getByTestId('request-refund-passenger').waitFor();
    await page.getByTestId('refund-pax-check-1').click();
    await page.getByTestId('refund-pax-next').click();
    await page.getByTestId('request-refund-reason').waitFor();
    await page.getByTestId('refund-reason-plans_changed').click();
    await page.getByTestId('refund-reason-next').click();

    // 2. The quote: what is refunded, the fee kept, what comes back.
    await page.getByTestId('request-refund-confirm').waitFor();
    const actualText = (await page.getByTestId('refund-actual').first().textContent()) ?? '';
    expect(actualText).toMatch(/[\d,]+\.\d{2}/);
    // A personal reason on a Grand or Basic fare: the fee of one passenger's one flight is kept.
    expect(await page.getByTestId('refund-fee').first().textContent()).toMatch(/\$(30|50)\.00/);
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 844 });
      await screenshot(page, `aftersales-02-refund-quote-km-${width}`);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page, 'aftersales-02-refund-quote-km-390');
    await page.getByTestId('refund-submit').click();

    // 3. Submitted: its number, and the timeline says what comes next and by when.
    await page.getByTestId('request-refund-result').waitFor();
    const refundNo = ((await page.getByTestId('refund-no').first().textContent()) ?? '').trim();
    expect(refundNo).toMatch(/^R/);
    await page.getByTestId('refund-view').click();
    await page.getByTestId('refund-order-detail').waitFor();
    await page.getByTestId('refund-timeline').waitFor();
    await screenshot(page, 'aftersales-03-refund-timeline-km-390');

    // 4. A finance officer finds it in the console's queue and approves it.
    const staff = await openConsole(journey.browser, base, 'finance', '/refunds');
    await staff.getByTestId(`refund-row-${refundNo}`).waitFor();
    await staff.getByRole('link', { name: refundNo }).click();
    await staff.getByTestId('refund-approve').click();
    await staff.getByTestId('refund-confirm').click();
    await expect.poll(() => staff.getByTestId('refund-status').textContent()).not.toMatch(/audit/i);
    await screenshot(staff, 'aftersales-04-console-refund-approved-en');
    await staff.context().close();

    // 5. The sandbox pays it back; the traveller sees it refunded, with its amounts.
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByTestId('refund-order-detail').waitFor();
          return page.getByTestId('refund-step-money_refunded').getAttribute('data-state');
        },
        { timeout: 60_000, interval: 1000 },
      )
      .toBe('done');
    const actualAmount = /[\d,]+\.\d{2}/.exec(actualText)?.[0] ?? 'no amount';
    expect(await page.getByTestId('refund-detail-amounts').textContent()).toContain(actualAmount);
    await screenshot(page, 'aftersales-05-refund-refunded-km-390');

    // 6. Each step's mail in the order's language, Khmer; the last says the money is back.
    const stepMails = async () =>
      (await mailTo(base, member.email)).filter((m) => m.subject.includes(refundNo));
    // Received, approved, refunded: the last is sent as the money comes back.
    await expect.poll(async () => (await stepMails()).length, { timeout: 15_000 }).toBe(3);
    const mails = await stepMails();
    for (const m of mails) expect(m.subject).toMatch(/[\u1780-\u17FF]/);
    expect(mails.some((m) => m.text.includes('ការសងប្រាក់វិញរបស់អ្នកបានបញ្ចប់'))).toBe(true);
    refunded = { orderNo: member.orderNo, refundNo, call: member.call };
    await context.close();
  });

  it('a second member links the order and the ticket left, may refund it, and every after-sales page reads well at 320 px', async () => {
    const base = journey.server.url;
    if (!refunded) throw new Error('the refund part did not finish');
    const detail = await refunded.call(`/travelsky/ibe/getOrderDetail/${refunded.orderNo}`, undefined, 'GET');
    expect(detail.code, JSON.stringify(detail)).toBe('0');
    const pnr = String(detail.data.pnr);
    const dara = (detail.data.passengers as Array<{ givenName: string; ticket: { ticketNo: string } }>).find(
      (p) => p.givenName.toUpperCase() === 'DARA',
    )!;
    const email = `linked-${randomUUID().slice(0, 8)}@example.com`;
    const linker = await createMember(base, email);
    const context = await smallPhoneContext(journey.browser);
    const page = await context.newPage();
    await signIn(page, base, email, linker.password);
    const go = (hashPath: string) => page.goto(`${base}/#${hashPath}`);

    // 1. The order, by its PNR and a passenger's surname; then Dara's ticket by number and name.
    await go('/pages/associate/associate-order-add/associate-order-add');
    await page.getByTestId('link-pnr').fill(pnr);
    await page.getByTestId('link-surname').fill('Sok');
    await page.getByTestId('link-submit').click();
    await page.waitForFunction(() => location.hash.includes('/associate-order-detail'));
    expect(await page.getByTestId('linked-order-no').textContent()).toContain(refunded.orderNo);
    await go('/pages/associate/relevance-query/relevance-query');
    await page.getByTestId('link-ticket-no').fill(dara.ticket.ticketNo);
    await page.getByTestId('link-passenger-name').fill('Dara Sok');
    await page.getByTestId('find-submit').click();
    await page.getByTestId('relevance-match-0').click();
    await page.getByTestId('relevance-bind').click();
    await page.waitForFunction(() => location.hash.includes('/associate-ticket-detail'));
    await page.getByTestId('associate-ticket-detail').waitFor();
    expect(await page.getByTestId('linked-ticket-no').textContent()).toContain(dara.ticket.ticketNo);

    // 2. Linked, the order is theirs to refund: ticket detail offers it.
    await go(`/pages/ticket/ticket-detail/ticket-detail?orderNo=${refunded.orderNo}`);
    await page.getByTestId('refund-entry-start').waitFor();

    // 3. Every after-sales page at 320×640 in Khmer, Chinese and English.
    const order = `orderNo=${refunded.orderNo}`;
    const refund = `refundNo=${refunded.refundNo}&${order}`;
    const pages: Array<[string, string, string]> = [
      [
        'associate-order-list',
        '/pages/associate/associate-order-list/associate-order-list',
        'associate-order-list',
      ],
      [
        'associate-order-add',
        '/pages/associate/associate-order-add/associate-order-add',
        'associate-order-add',
      ],
      [
        'associate-order-detail',
        `/pages/associate/associate-order-detail/associate-order-detail?${order}`,
        'linked-order',
      ],
      [
        'associate-ticket-list',
        '/pages/associate/associate-ticket-list/associate-ticket-list',
        'associate-ticket-list',
      ],
      [
        'associate-ticket-add',
        '/pages/associate/associate-ticket-add/associate-ticket-add',
        'associate-ticket-add',
      ],
      [
        'associate-ticket-detail',
        `/pages/associate/associate-ticket-detail/associate-ticket-detail?ticketNo=${dara.ticket.ticketNo}`,
        'associate-ticket-detail',
      ],
      ['relevance-query', '/pages/associate/relevance-query/relevance-query', 'relevance-query'],
      ['request-no-tips', `/pages/refund/request-no-tips/request-no-tips?${order}`, 'refund-notice'],
      [
        'request-refund-passenger',
        `/pages/refund/request-refund-passenger/request-refund-passenger?${order}`,
        'refund-passengers',
      ],
      [
        'refund-order-detail',
        `/pages/refund/refund-order-detail/refund-order-detail?${refund}`,
        'refund-order-detail',
      ],
      [
        'refund-amount-detail',
        `/pages/refund/refund-amount-detail/refund-amount-detail?${refund}`,
        'refund-amount-detail',
      ],
      [
        'request-refund-result',
        `/pages/refund/request-refund-result/request-refund-result?${refund}`,
        'request-refund-result',
      ],
      ['refund-order-list', '/pages/refund/refund-order-list/refund-order-list', 'refund-order-list'],
    ];
    const findings: string[] = [];
    for (const lang of ['km', 'zh', 'en'] as const) {
      await useLanguage(page, lang);
      for (const [name, hashPath, ready] of pages) {
        await go(hashPath);
        await page.getByTestId(ready).first().waitFor();
        await inspectPage(page, name, lang, findings);
      }
      // The request's last steps, as the traveller reaches them: one passenger, a reason, the quote.
      await go(`/pages/refund/request-refund-passenger/request-refund-passenger?${order}`);
      // The choice is kept from the language before (the request's session store): tick it once.
      const daraBox = page.getByTestId('refund-pax-check-0');
      await page.getByTestId('refund-passengers').waitFor();
      if (!(await daraBox.getAttribute('class'))?.includes('adm-checkbox-checked')) await daraBox.click();
      await page.getByTestId('refund-pax-next').click();
      await page.getByTestId('request-refund-reason').waitFor();
      await inspectPage(page, 'request-refund-reason', lang, findings);
      await page.getByTestId('refund-reason-plans_changed').click();
      await page.getByTestId('refund-reason-next').click();
      await page.getByTestId('request-refund-confirm').waitFor();
      await inspectPage(page, 'request-refund-confirm', lang, findings);
    }
    await expectNoFindings('aftersales', findings);
    await context.close();
  });
});
