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
});
