import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ErrorCodes, formatMessage } from '@wings/contracts';
import { addDays, addMonths } from '@wings/rules';
import { beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../app/paths';
import { makeClaim } from '../../../features/mileage/mileage-test-data';
import { todayPP } from '../../../test/booking';
import { installFakeApi } from '../../../test/fake-api';
import { memberFail, memberOk, resetMemberStore, signInMember } from '../../../test/members';
import { renderRoutes } from '../../../test/render';
import MileageClaimNewPage from './mileage-claim-new-page';

const SAVE = '/api/fqt/consumer/claim/saveClaim';

function Claims() {
  return <div data-testid="claims" />;
}
const routes = [
  { path: paths.vipClaimNew, element: <MileageClaimNewPage /> },
  { path: paths.vipClaims, element: <Claims /> },
];
const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('a new mileage claim', () => {
  beforeEach(() => {
    resetMemberStore();
    signInMember();
  });

  test('checks the ticket number, flight number and date with the rules before sending', async () => {
    const calls = installFakeApi(() => undefined);
    renderRoutes(routes, paths.vipClaimNew);
    fireEvent.click(screen.getByTestId('mi-claim-submit'));
    expect((await screen.findByTestId('field-error-ticketNo')).textContent).toBe('This field is required.');
    type('mi-claim-ticket', '88112345');
    type('mi-claim-flight', 'W1');
    // A flight of tomorrow has not been flown.
    type('mi-claim-date', addDays(todayPP(), 1));
    expect(screen.getByTestId('field-error-ticketNo').textContent).toBe(
      'Enter the 13 digits of the ticket number.',
    );
    expect(screen.getByTestId('field-error-flightNo').textContent).toBe(
      'Enter a flight number such as WC101.',
    );
    expect(screen.getByTestId('field-error-flightDate').textContent).toBe(
      'Only a flight already flown, within the last 6 months, can be claimed.',
    );
    // More than 6 months ago is outside the window too.
    type('mi-claim-date', addDays(addMonths(todayPP(), -6), -1));
    expect(screen.getByTestId('field-error-flightDate')).toBeTruthy();
    type('mi-claim-date', addMonths(todayPP(), -6));
    expect(screen.queryByTestId('field-error-flightDate')).toBeNull();
    expect(calls.filter((c) => c.path === SAVE)).toEqual([]);
  });

  test('the server’s refusal is shown beside the form', async () => {
    installFakeApi((call) =>
      call.path === SAVE
        ? memberFail(
            ErrorCodes.mileageClaimDuplicate.code,
            formatMessage(ErrorCodes.mileageClaimDuplicate.key, 'en'),
          )
        : undefined,
    );
    renderRoutes(routes, paths.vipClaimNew);
    type('mi-claim-ticket', '881-1234567890');
    type('mi-claim-flight', 'wc101');
    type('mi-claim-date', addDays(todayPP(), -10));
    fireEvent.click(screen.getByTestId('mi-claim-submit'));
    expect((await screen.findByTestId('mi-claim-server-error')).textContent).toBe(
      'The miles of this flight are already credited, or a claim for it is being audited.',
    );
    // Changing the form clears it.
    type('mi-claim-flight', 'WC102');
    expect(screen.queryByTestId('mi-claim-server-error')).toBeNull();
  });

  test('sent: the claim as typed, then back to the claims', async () => {
    const date = addDays(todayPP(), -10);
    const calls = installFakeApi((call) =>
      call.path === SAVE ? memberOk(makeClaim({ flightDate: date })) : undefined,
    );
    renderRoutes(routes, paths.vipClaimNew);
    type('mi-claim-ticket', '881 1234567890');
    type('mi-claim-flight', 'wc101');
    type('mi-claim-date', date);
    fireEvent.click(screen.getByTestId('mi-claim-submit'));
    expect(await screen.findByTestId('claims')).toBeTruthy();
    await waitFor(() =>
      expect(calls.find((c) => c.path === SAVE)?.body).toEqual({
        ticketNo: '8811234567890',
        flightNo: 'WC101',
        flightDate: date,
      }),
    );
  });
});
