import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { setLanguage } from '../../../app/i18n';
import { makeFlight } from '../../../test/flights';
import { FareConditionsList } from './fare-conditions';

const conditionsOf = (dep: string, arr: string, family: string) =>
  makeFlight('WA1', dep, arr, '2030-01-10', '08:00', '12:00').fares.find((f) => f.family === family)!
    .conditions;

// Issue 10 item 24: a route to or from mainland China shows no refund, and says why.
describe('fare conditions in search', () => {
  test.each([
    ['to China', 'KTI', 'CAN'],
    ['from China', 'CAN', 'KTI'],
  ])('a Basic fare %s is not refundable, because of the China route', (_n, dep, arr) => {
    render(<FareConditionsList conditions={conditionsOf(dep, arr, 'Basic')} />);
    expect(screen.getByTestId('fare-refund').textContent).toBe(
      'Not allowedTickets on routes to or from mainland China cannot be refunded.',
    );
  });

  test('a Basic fare elsewhere keeps its USD 50 refund fee; Value is simply not refundable', () => {
    const { unmount } = render(<FareConditionsList conditions={conditionsOf('KTI', 'BKK', 'Basic')} />);
    expect(screen.getByTestId('fare-refund').textContent).toBe('Fee $50.00');
    unmount();
    render(<FareConditionsList conditions={conditionsOf('KTI', 'BKK', 'Value')} />);
    expect(screen.getByTestId('fare-refund').textContent).toBe('Not allowed');
  });

  test('says why in Khmer and Chinese too', async () => {
    await setLanguage('km');
    const { unmount } = render(<FareConditionsList conditions={conditionsOf('KTI', 'CAN', 'Grand')} />);
    expect(screen.getByTestId('fare-refund').textContent).toContain('ប្រទេសចិនដីគោក');
    unmount();
    await setLanguage('zh');
    render(<FareConditionsList conditions={conditionsOf('KTI', 'CAN', 'Grand')} />);
    expect(screen.getByTestId('fare-refund').textContent).toBe('不允许往返中国大陆航线的机票不可退票');
  });
});
