import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { addDays, formatDate } from '@wings/rules';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { setLanguage } from '../../../app/i18n';
import { paths } from '../../../app/paths';
import EditPassengerPage from '../../../pages/more/edit-passenger/edit-passenger-page';
import { signIn } from '../../../test/accounts';
import { DEP_DATE, draftFor, startBooking } from '../../../test/booking';
import { installFakeApi, ok } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render';
import PassengersInfoPage from '../passengers-info/passengers-info-page';
import PassengerDetailPage from './passenger-detail-page';

const routes = [
  { path: paths.passengersInfo, element: <PassengersInfoPage /> },
  { path: paths.passengerDetail, element: <PassengerDetailPage /> },
];
const type = (id: string, value: string) =>
  fireEvent.change(screen.getByTestId<HTMLInputElement>(id), { target: { value } });
/** The title choices a form offers, by code. */
const titlesOffered = (prefix: string) =>
  within(screen.getByTestId(`${prefix}-title`))
    .getAllByRole('button')
    .map((b) => b.getAttribute('data-testid')?.replace(`${prefix}-title-`, ''));

afterEach(() => vi.unstubAllGlobals());

describe('a birth date that does not fit the place says which ages would (issue 10 item 7)', () => {
  test.each([
    ['en', 'A child must be 2 to 11 years old on'],
    ['zh', '儿童在'],
    ['km', 'កុមារត្រូវមានអាយុពី 2 ដល់ 11 ឆ្នាំ'],
  ] as const)('in %s the message names the ages and the date, and the hint stays', async (lang, start) => {
    await setLanguage(lang);
    installFakeApi();
    startBooking([1, 1, 0]);
    renderRoutes(routes, `${paths.passengerDetail}?slot=child-0`);
    const hint = await screen.findByTestId('passenger-detail-type-rule');
    const hintText = hint.textContent;
    // Twelve on the day of the first flight: an adult then, not this child place.
    type('passenger-detail-birthday', addDays(DEP_DATE, -12 * 365 - 3));
    const message = screen.getByTestId('field-error-birthday').textContent ?? '';
    expect(message.startsWith(start)).toBe(true);
    expect(message).toContain(formatDate(DEP_DATE, lang));
    // The hint that said which ages fit is still there beside the message.
    expect(screen.getByTestId('passenger-detail-type-rule').textContent).toBe(hintText);
  });
});

describe('the guest nationality limit names the countries in the reader’s language (item 9)', () => {
  test.each([
    ['km', 'កម្ពុជា, ចិន, ថៃ'],
    ['zh', '柬埔寨、中国、泰国'],
    ['en', 'Cambodia, China, Thailand'],
  ] as const)('%s', async (lang, names) => {
    await setLanguage(lang);
    installFakeApi();
    startBooking([1, 0, 0], { 'adult-0': draftFor('adult', { nationality: 'VN' }) });
    renderRoutes(routes, paths.passengersInfo);
    const slotError = (await screen.findByTestId('slot-error-adult-0-nationality')).textContent ?? '';
    expect(slotError).toContain(names);
    expect(slotError).not.toMatch(/\bKH\b|\bCN\b|\bTH\b/);

    fireEvent.click(screen.getByTestId('slot-open-adult-0'));
    const fieldError = (await screen.findByTestId('field-error-nationality')).textContent ?? '';
    expect(fieldError).toContain(names);
  });
});

describe('titles offered by passenger type (item 10)', () => {
  test('an adult is offered Mr, Miss and Mrs; a child and an infant Mr and Miss only', async () => {
    installFakeApi();
    startBooking([1, 1, 1]);
    const { unmount } = renderRoutes(routes, `${paths.passengerDetail}?slot=adult-0`);
    await screen.findByTestId('passenger-detail-title');
    expect(titlesOffered('passenger-detail')).toEqual(['0', '1', '2']);
    unmount();
    for (const slot of ['child-0', 'infant-0']) {
      const view = renderRoutes(routes, `${paths.passengerDetail}?slot=${slot}`);
      await screen.findByTestId('passenger-detail-title');
      expect(titlesOffered('passenger-detail')).toEqual(['0', '1']);
      view.unmount();
    }
  });

  test('a child kept from before with Mrs is told to choose Mr or Miss, on the page and the slot', async () => {
    installFakeApi();
    startBooking([1, 1, 0], {
      'adult-0': draftFor('adult'),
      'child-0': draftFor('child', { title: 2, gender: 1 }),
    });
    renderRoutes(routes, paths.passengersInfo);
    expect((await screen.findByTestId('slot-error-child-0-title')).textContent).toBe(
      'Title: Mrs is a title for adults: a child or an infant is Mr or Miss.',
    );
    fireEvent.click(screen.getByTestId('slot-open-child-0'));
    expect((await screen.findByTestId('field-error-title')).textContent).toBe(
      'Mrs is a title for adults: a child or an infant is Mr or Miss.',
    );
    fireEvent.click(screen.getByTestId('passenger-detail-title-1'));
    expect(screen.queryByTestId('field-error-title')).toBeNull();
  });

  test('the saved-passenger form offers Mrs only while the type is adult', async () => {
    signIn();
    installFakeApi((call) => (call.path.includes('/memberpassenger/') ? ok({ passengers: [] }) : undefined));
    renderRoutes([{ path: paths.editPassenger, element: <EditPassengerPage /> }], paths.editPassenger);
    await screen.findByTestId('passenger-edit-title');
    expect(titlesOffered('passenger-edit')).toEqual(['0', '1', '2']);
    fireEvent.click(screen.getByTestId('passenger-edit-title-2'));
    fireEvent.click(screen.getByTestId('passenger-edit-passengerType-2'));
    await waitFor(() => expect(titlesOffered('passenger-edit')).toEqual(['0', '1']));
    // The Mrs chosen as an adult is not kept silently: the title says why it no longer fits.
    expect(screen.getByTestId('field-error-title').textContent).toBe(
      'Mrs is a title for adults: a child or an infant is Mr or Miss.',
    );
  });
});
