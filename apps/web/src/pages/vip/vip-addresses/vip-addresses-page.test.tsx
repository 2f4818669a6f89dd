import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { MemberAddress } from '@wings/contracts';
import { beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../app/paths';
import {
  fqtFail,
  fqtOk,
  installMemberApi,
  makeAddress,
  memberRecordsTestHooks,
  typeInto,
} from '../../../test/member-records-replies';
import { renderRoutes } from '../../../test/render';
import VipAddressEditPage from '../vip-address-edit/vip-address-edit-page';
import VipAddressesPage from './vip-addresses-page';

const routes = [
  { path: paths.vipAddresses, element: <VipAddressesPage /> },
  { path: paths.vipAddressEdit, element: <VipAddressEditPage /> },
];
const BASE = '/api/fqt/consumer/address';
const MAIN = makeAddress();
const OTHER = makeAddress({
  id: 'a0000000-0000-4000-8000-000000000002',
  country: 'TH',
  province: '',
  city: 'Bangkok',
  postcode: '10110',
  detail: '99 Sukhumvit Road',
  main: false,
});

describe('member addresses', () => {
  let list: MemberAddress[];
  memberRecordsTestHooks();
  beforeEach(() => {
    list = [OTHER, MAIN];
  });

  test('lists the main address first, marked and without a delete; deletes another; shows an 830 refusal', async () => {
    let deletes = 0;
    installMemberApi((call) => {
      if (call.path === `${BASE}/queryAddressLists`) return fqtOk({ list });
      if (call.path === `${BASE}/deleteAddressById/${OTHER.id}`) {
        deletes += 1;
        if (deletes === 1) return fqtFail('memberMainRecordDelete');
        list = [MAIN];
        return fqtOk(null);
      }
      return undefined;
    });
    renderRoutes(routes, paths.vipAddresses);

    const first = await screen.findByTestId('address-item-0');
    expect(first.textContent).toContain('Cambodia');
    expect(first.textContent).toContain('No. 12, Street 271, Phnom Penh, Phnom Penh, 12000');
    expect(screen.getByTestId('address-main-0').textContent).toBe('Main');
    expect(screen.queryByTestId('address-delete-0')).toBeNull();
    expect(screen.getByTestId('address-item-1').textContent).toContain('99 Sukhumvit Road, Bangkok, 10110');

    const remove = async () => {
      fireEvent.click(screen.getByTestId('address-delete-1'));
      fireEvent.click(
        await screen.findByText('Delete', { selector: '.adm-dialog-button *, .adm-dialog-button' }),
      );
    };
    // The server still refuses a main one (it became main elsewhere): its message is shown.
    await remove();
    expect(
      await screen.findByText('The main address, main e-mail and main phone cannot be deleted.'),
    ).toBeTruthy();
    await remove();
    await waitFor(() => expect(screen.queryByTestId('address-item-1')).toBeNull());
  });

  test('adds an address with the country picker; a second main one is refused by the rules and by the server', async () => {
    let saves = 0;
    const calls = installMemberApi((call) => {
      if (call.path === `${BASE}/queryAddressLists`) return fqtOk({ list });
      if (call.path === `${BASE}/saveAddressInfo`) {
        saves += 1;
        return saves === 1
          ? fqtFail('memberMainRecordExists')
          : fqtOk({ id: 'a0000000-0000-4000-8000-000000000003' });
      }
      return undefined;
    });
    const { router } = renderRoutes(routes, paths.vipAddressEdit);

    fireEvent.click(await screen.findByTestId('address-save'));
    expect(screen.getByTestId('field-error-city').textContent).toBe('Fill in the whole address.');
    expect(screen.getByTestId('field-error-detail').textContent).toBe('Fill in the whole address.');

    fireEvent.click(screen.getByTestId('address-country'));
    fireEvent.change(await screen.findByTestId('address-country-search'), { target: { value: 'Thai' } });
    fireEvent.click(screen.getByTestId('address-country-option-TH'));
    await waitFor(() => expect(screen.getByTestId('address-country').textContent).toContain('Thailand'));
    typeInto('address-city', 'Chiang Mai');
    typeInto('address-detail', '5 Nimman Road');
    typeInto('address-postcode', '50200');

    // A main one exists already: the rules say so before sending.
    fireEvent.click(screen.getByTestId('address-main'));
    expect(screen.getByTestId('field-error-main').textContent).toBe('A main address already exists.');
    fireEvent.click(screen.getByTestId('address-main'));
    expect(screen.queryByTestId('field-error-main')).toBeNull();

    // The server refuses it all the same (another device made one main meanwhile).
    fireEvent.click(screen.getByTestId('address-save'));
    expect((await screen.findByTestId('field-error-main')).textContent).toBe(
      'A main address already exists.',
    );
    expect(calls.find((c) => c.path.endsWith('/saveAddressInfo'))?.body).toEqual({
      country: 'TH',
      province: '',
      city: 'Chiang Mai',
      postcode: '50200',
      detail: '5 Nimman Road',
      main: false,
    });

    fireEvent.click(screen.getByTestId('address-save'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.vipAddresses));
  });

  test('edits the main address, which stays main', async () => {
    const calls = installMemberApi((call) => {
      if (call.path === `${BASE}/queryAddressLists`) return fqtOk({ list });
      if (call.path === `${BASE}/updateAddressInfoById`) return fqtOk({ id: MAIN.id });
      return undefined;
    });
    const { router } = renderRoutes(routes, `${paths.vipAddressEdit}?id=${MAIN.id}`);
    expect((await screen.findByTestId<HTMLInputElement>('address-detail')).value).toBe('No. 12, Street 271');
    expect(screen.getByTestId('address-main').getAttribute('aria-checked')).toBe('true');
    typeInto('address-detail', 'No. 14, Street 271');
    fireEvent.click(screen.getByTestId('address-save'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.vipAddresses));
    expect(calls.find((c) => c.path.endsWith('/updateAddressInfoById'))?.body).toMatchObject({
      id: MAIN.id,
      detail: 'No. 14, Street 271',
      main: true,
    });
  });
});
