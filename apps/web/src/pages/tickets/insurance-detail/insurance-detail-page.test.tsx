import { act, fireEvent, screen } from '@testing-library/react';
import { OrderPayStatus } from '@wings/contracts';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { setLanguage } from '../../../app/i18n';
import { paths } from '../../../app/paths';
import { rememberOrderGrant } from '../../../features/orders/order-session';
import { formatDate, money } from '../../../lib/format';
import { usd } from '../../../test/booking';
import { installFakeApi } from '../../../test/fake-api';
import { makePolicy } from '../../../test/insurance';
import { makeOrderDetail, ORDER_NO, orderDetailHandler, ticketsIssued } from '../../../test/orders';
import { renderRoutes } from '../../../test/render';
import InsuranceDetailExternalPage, {
  EXTERNAL_LOAD_TIMEOUT_MS,
} from '../insurance-detail-external/insurance-detail-external-page';
import TicketDetailPage from '../ticket-detail/ticket-detail-page';
import InsuranceDetailPage from './insurance-detail-page';

const routes = [
  { path: paths.ticketDetail, element: <TicketDetailPage /> },
  { path: paths.insuranceDetail, element: <InsuranceDetailPage /> },
  { path: paths.insuranceDetailExternal, element: <InsuranceDetailExternalPage /> },
];
const paidOrder = (policy = makePolicy()) => ({
  ...ticketsIssued(makeOrderDetail({ status: OrderPayStatus.paid })),
  insurance: [policy],
});
const text = (id: string) => screen.getByTestId(id).textContent;

beforeEach(() => rememberOrderGrant(ORDER_NO, 'grant-1', new Date(Date.now() + 3_600_000).toISOString()));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('insurance-detail', () => {
  test('an issued policy: plan, number, premium, cover dates and days, latest end, address, masked beneficiary', async () => {
    installFakeApi(orderDetailHandler(() => paidOrder()));
    const policy = makePolicy();
    renderRoutes(routes, `${paths.insuranceDetail}?orderNo=${ORDER_NO}&seq=0`);
    expect((await screen.findByTestId('insurance-plan')).textContent).toBe('Basic cover');
    expect(text('insurance-insured')).toBe('SOK DARA');
    expect(text('insurance-status')).toBe('Issued');
    expect(text('insurance-policy-no')).toBe('SBX20261201A1');
    expect(text('insurance-premium')).toBe(money(usd(900)));
    expect(text('insurance-cover-dates')).toBe(
      `${formatDate(policy.coverFrom, 'en')} – ${formatDate(policy.coverTo, 'en')}`,
    );
    expect(text('insurance-days')).toBe('6 day(s)');
    expect(text('insurance-latest-cover')).toBe(formatDate(policy.latestCoverTo, 'en'));
    expect(text('insurance-detail-cover-medical')).toContain(money(usd(5_000_000)));
    expect(text('insurance-nationality')).toBe('Cambodia');
    expect(text('insurance-address')).toBe('12 Street 240, Daun Penh');
    expect(text('beneficiary-name')).toBe('SOK CHANDA');
    expect(text('beneficiary-relationship')).toBe('Spouse');
    expect(text('beneficiary-id')).toBe('****4567');
    expect(text('beneficiary-phone')).toBe('+855 12****78');
    expect(text('beneficiary-mailbox')).toBe('-');
    expect(screen.getByTestId('insurance-external-link')).toBeTruthy();
  });

  test('a policy being issued has no number yet and no insurer page', async () => {
    installFakeApi(
      orderDetailHandler(() =>
        paidOrder(makePolicy({ status: 'pending', policyNo: null, externalUrl: null })),
      ),
    );
    renderRoutes(routes, `${paths.insuranceDetail}?orderNo=${ORDER_NO}&seq=0`);
    expect((await screen.findByTestId('insurance-status')).textContent).toBe('Being issued');
    expect(text('insurance-status-note')).toBe(
      'The insurer is issuing the policy. Its number appears here once it is issued.',
    );
    expect(screen.queryByTestId('insurance-policy-no')).toBeNull();
    expect(screen.queryByTestId('insurance-external-link')).toBeNull();
  });

  test.each([
    ['en', 'Not issued', 'Our staff will refund its premium to you.'],
    ['zh', '出单失败', '我们的工作人员会将保费退还给您。'],
    ['km', 'មិនបានចេញ', 'បុគ្គលិករបស់យើងនឹងសងបុព្វលាភទៅអ្នកវិញ។'],
  ] as const)('a failed policy says our staff will refund it (%s)', async (lang, status, refund) => {
    await setLanguage(lang);
    installFakeApi(
      orderDetailHandler(() =>
        paidOrder(makePolicy({ status: 'failed', policyNo: null, externalUrl: null })),
      ),
    );
    renderRoutes(routes, `${paths.insuranceDetail}?orderNo=${ORDER_NO}&seq=0`);
    expect((await screen.findByTestId('insurance-status')).textContent).toBe(status);
    expect(text('insurance-status-note')).toContain(refund);
  });

  test('a passenger without a policy is told so', async () => {
    installFakeApi(orderDetailHandler(() => paidOrder()));
    renderRoutes(routes, `${paths.insuranceDetail}?orderNo=${ORDER_NO}&seq=1`);
    expect((await screen.findByTestId('insurance-none')).textContent).toContain(
      'This passenger has no insurance in this order.',
    );
  });

  test('ticket detail links each insured passenger (and only them) to their policy', async () => {
    installFakeApi(orderDetailHandler(() => paidOrder()));
    renderRoutes(routes, `${paths.ticketDetail}?orderNo=${ORDER_NO}`);
    const row = await screen.findByTestId('passenger-insurance-0');
    expect(screen.queryByTestId('passenger-insurance-1')).toBeNull();
    fireEvent.click(row);
    expect((await screen.findByTestId('insurance-plan')).textContent).toBe('Basic cover');
  });
});

describe('insurance-detail-external', () => {
  test('the insurer’s page is shown in a frame, with an “open in browser” link; the detail page leads there', async () => {
    installFakeApi(orderDetailHandler(() => paidOrder()));
    renderRoutes(routes, `${paths.insuranceDetail}?orderNo=${ORDER_NO}&seq=0`);
    fireEvent.click(await screen.findByTestId('insurance-external-link'));
    const frame = await screen.findByTestId<HTMLIFrameElement>('insurance-external-frame');
    const expected = new URL(makePolicy().externalUrl!, window.location.href).href;
    expect(frame.src).toBe(expected);
    expect(frame.title).toBe('The insurer’s page for this policy');
    const open = screen.getByTestId<HTMLAnchorElement>('insurance-external-open');
    expect(open.href).toBe(expected);
    expect(open.target).toBe('_blank');
    expect(open.rel).toContain('noopener');
  });

  test('a page that does not load in time is reported, with the link to open it in the browser', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    installFakeApi(orderDetailHandler(() => paidOrder()));
    renderRoutes(routes, `${paths.insuranceDetailExternal}?orderNo=${ORDER_NO}&seq=0`);
    await screen.findByTestId('insurance-external-frame');
    expect(screen.queryByTestId('insurance-external-failed')).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(EXTERNAL_LOAD_TIMEOUT_MS + 10);
    });
    expect((await screen.findByTestId('insurance-external-failed')).textContent).toContain(
      'The insurer’s page could not be shown here.',
    );
    expect(screen.queryByTestId('insurance-external-frame')).toBeNull();
    expect(screen.getByTestId<HTMLAnchorElement>('insurance-external-open-failed').href).toBe(
      new URL(makePolicy().externalUrl!, window.location.href).href,
    );
  });

  test('a policy without an insurer page says so instead of an empty frame', async () => {
    installFakeApi(orderDetailHandler(() => paidOrder(makePolicy({ externalUrl: null }))));
    renderRoutes(routes, `${paths.insuranceDetailExternal}?orderNo=${ORDER_NO}&seq=0`);
    expect(await screen.findByTestId('insurance-external-none')).toBeTruthy();
    expect(screen.queryByTestId('insurance-external-frame')).toBeNull();
  });
});
