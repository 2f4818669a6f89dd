import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { setLanguage } from '../../../app/i18n';
import { usd } from '../../../test/booking';
import { makeOrderDetail } from '../../../test/orders';
import { PassengerAddons } from './order-addons';

function orderWithLines() {
  const base = makeOrderDetail();
  const seq = base.passengers[0]!.seq;
  return {
    order: {
      ...base,
      price: {
        ...base.price,
        addonLines: [
          { code: '12', passengerSeq: seq, leg: 0, seat: '12C', amount: usd(1000) },
          { code: '13', passengerSeq: seq, leg: 0, weightKg: 10, amount: usd(2200) },
          { code: '11', passengerSeq: seq, leg: 1, amount: usd(800) },
          { code: 'ERT', passengerSeq: seq, leg: 0, amount: usd(2496) },
          { code: 'ERT', passengerSeq: seq, leg: 1, amount: usd(2496) },
        ],
      },
    },
    seq,
    other: base.passengers[1]!.seq,
  };
}

describe("a passenger's add-ons on ticket detail", () => {
  afterEach(() => setLanguage('en'));

  test('leg by leg, the upgrade once for the whole trip', async () => {
    await setLanguage('en');
    const { order, seq, other } = orderWithLines();
    render(
      <>
        <PassengerAddons order={order} seq={seq} testId="mine" />
        <PassengerAddons order={order} seq={other} testId="theirs" />
      </>,
    );
    expect(screen.getByTestId('mine').textContent).toBe(
      'Outbound: Seat 12C, +10 kg baggage · Return: Priority boarding · Whole trip: Enhanced Refundable Ticket',
    );
    expect(screen.queryByTestId('theirs')).toBeNull();
  });

  test('in Khmer and Chinese', async () => {
    const { order, seq } = orderWithLines();
    await setLanguage('km');
    const { unmount } = render(<PassengerAddons order={order} seq={seq} testId="mine" />);
    expect(screen.getByTestId('mine').textContent).toContain('កៅអី 12C');
    unmount();
    await setLanguage('zh');
    render(<PassengerAddons order={order} seq={seq} testId="mine" />);
    expect(screen.getByTestId('mine').textContent).toContain('座位 12C');
    expect(screen.getByTestId('mine').textContent).toContain('增强型可退票');
  });

  test('an insurance plan by its name in the language, once the order has its policy; else its code', async () => {
    await setLanguage('en');
    const base = makeOrderDetail();
    const seq = base.passengers[0]!.seq;
    const line = { code: '10', passengerSeq: seq, leg: 0, insuranceType: 'PLUS', amount: usd(1500) };
    const unpaid = { ...base, price: { ...base.price, addonLines: [line] } };
    const { unmount } = render(<PassengerAddons order={unpaid} seq={seq} testId="mine" />);
    expect(screen.getByTestId('mine').textContent).toBe('Whole trip: Travel insurance · PLUS');
    unmount();
    const policy = {
      passengerSeq: seq,
      passengerName: 'CHAN DARA',
      insuranceType: 'PLUS',
      planName: { zh: '增强保障', en: 'Plus', km: 'បន្ថែម' },
      coverage: [],
      status: 'issued' as const,
      policyNo: 'SBX000000000001',
      externalUrl: null,
      premium: usd(1500),
      coverFrom: '2026-12-15',
      coverTo: '2026-12-15',
      days: 1,
      latestCoverTo: '2026-12-22',
      insured: {
        nationality: 'KH',
        region: 'Phnom Penh',
        city: 'Phnom Penh',
        address: '1 St',
        postalCode: '12000',
      },
      beneficiary: {
        name: 'SOK DARA',
        relationship: 'parent',
        credentialsType: 1,
        credentialsId: '*****4567',
        countryCode: '855',
        contactNumber: '12****78',
        mailbox: null,
      },
    };
    await setLanguage('zh');
    render(<PassengerAddons order={{ ...unpaid, insurance: [policy] }} seq={seq} testId="mine" />);
    expect(screen.getByTestId('mine').textContent).toContain('增强保障');
    expect(screen.getByTestId('mine').textContent).not.toContain('PLUS');
  });

  test('a seat line whose seat was freed (moved after ticketing) says so rather than naming the service alone', async () => {
    await setLanguage('en');
    const base = makeOrderDetail();
    const seq = base.passengers[0]!.seq;
    const order = {
      ...base,
      price: { ...base.price, addonLines: [{ code: '12', passengerSeq: seq, leg: 0, amount: usd(1000) }] },
    };
    render(<PassengerAddons order={order} seq={seq} testId="mine" />);
    expect(screen.getByTestId('mine').textContent).toBe('Outbound: Seat given up or changed');
  });
});
