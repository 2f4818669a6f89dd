import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { MemberContact } from '@wings/contracts';
import { beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../app/paths';
import {
  fqtFail,
  fqtOk,
  installMemberApi,
  makeContact,
  memberRecordsTestHooks,
  typeInto,
} from '../../../test/member-records-replies';
import { renderRoutes } from '../../../test/render';
import VipContactEditPage from '../vip-contact-edit/vip-contact-edit-page';
import VipContactsPage from './vip-contacts-page';

const routes = [
  { path: paths.vipContacts, element: <VipContactsPage /> },
  { path: paths.vipContactEdit, element: <VipContactEditPage /> },
];
const BASE = '/api/fqt/consumer/contact';

const MAIN_EMAIL = makeContact();
const MAIN_PHONE = makeContact({
  id: 'c0000000-0000-4000-8000-000000000002',
  kind: 'phone',
  email: null,
  countryCode: '+855',
  phone: '12345678',
  phoneType: 'mobile',
});
const WORK_EMAIL = makeContact({
  id: 'c0000000-0000-4000-8000-000000000003',
  email: 'dara@work.example',
  main: false,
});

describe('member contacts', () => {
  let contacts: MemberContact[];
  memberRecordsTestHooks();
  beforeEach(() => {
    contacts = [WORK_EMAIL, MAIN_PHONE, MAIN_EMAIL];
  });

  test('lists e-mails and phones with the main ones marked, and deletes another after confirming', async () => {
    const calls = installMemberApi((call) => {
      if (call.path === `${BASE}/queryUserContactInfos`) return fqtOk({ list: contacts });
      if (call.path === `${BASE}/deleteUserContactInfoById/${WORK_EMAIL.id}`) {
        contacts = contacts.filter((c) => c.id !== WORK_EMAIL.id);
        return fqtOk(null);
      }
      return undefined;
    });
    renderRoutes(routes, paths.vipContacts);

    // Main ones first, each marked, without a delete.
    expect((await screen.findByTestId('contact-item-0')).textContent).toContain('dara@example.com');
    expect(screen.getByTestId('contact-item-1').textContent).toContain('+855 12345678');
    expect(screen.getByTestId('contact-item-1').textContent).toContain('Mobile');
    expect(screen.getByTestId('contact-main-0').textContent).toBe('Main');
    expect(screen.getByTestId('contact-main-1')).toBeTruthy();
    expect(screen.queryByTestId('contact-delete-0')).toBeNull();
    expect(screen.queryByTestId('contact-delete-1')).toBeNull();
    expect(screen.queryByTestId('contact-main-2')).toBeNull();

    fireEvent.click(screen.getByTestId('contact-delete-2'));
    fireEvent.click(
      await screen.findByText('Delete', { selector: '.adm-dialog-button *, .adm-dialog-button' }),
    );
    await waitFor(() => expect(screen.queryByTestId('contact-item-2')).toBeNull());
    expect(calls.filter((c) => c.path.includes('/deleteUserContactInfoById/'))).toHaveLength(1);
  });

  test('adds a phone, and shows the refusal of a number another member has next to it', async () => {
    let saves = 0;
    const calls = installMemberApi((call) => {
      if (call.path === `${BASE}/queryUserContactInfos`) return fqtOk({ list: contacts });
      if (call.path === `${BASE}/saveUserContactInfo`) {
        saves += 1;
        return saves === 1
          ? fqtFail('memberPhoneExist')
          : fqtOk({ id: 'c0000000-0000-4000-8000-000000000009' });
      }
      return undefined;
    });
    const { router } = renderRoutes(routes, paths.vipContactEdit);

    fireEvent.click(await screen.findByTestId('contact-kind-phone'));
    typeInto('contact-phone', '12ab');
    fireEvent.blur(screen.getByTestId('contact-phone'));
    expect(screen.getByTestId('field-error-phone').textContent).toBe(
      'Enter a valid phone number (digits only).',
    );
    typeInto('contact-phone', '98765432');
    fireEvent.click(screen.getByTestId('contact-phone-type-work'));
    fireEvent.click(screen.getByTestId('contact-save'));

    expect((await screen.findByTestId('field-error-phone')).textContent).toBe(
      'This phone number already belongs to a member.',
    );
    expect(calls.find((c) => c.path.endsWith('/saveUserContactInfo'))?.body).toEqual({
      kind: 'phone',
      countryCode: '+855',
      phone: '98765432',
      phoneType: 'work',
    });

    typeInto('contact-phone', '98765433');
    fireEvent.click(screen.getByTestId('contact-save'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.vipContacts));
  });

  test('a new main e-mail needs the code sent to it; a wrong code is shown on the code field', async () => {
    let updates = 0;
    const calls = installMemberApi((call) => {
      if (call.path === `${BASE}/queryUserContactInfos`) return fqtOk({ list: contacts });
      if (call.path === '/api/fqt/consumer/getToken')
        return fqtOk({ resendAfterSeconds: 60, validMinutes: 10 });
      if (call.path === `${BASE}/updateUserContactInfoById`) {
        updates += 1;
        return updates === 1 ? fqtFail('memberCodeInvalid') : fqtOk({ id: MAIN_EMAIL.id });
      }
      return undefined;
    });
    const { router } = renderRoutes(routes, `${paths.vipContactEdit}?id=${MAIN_EMAIL.id}`);

    expect((await screen.findByTestId<HTMLInputElement>('contact-email')).value).toBe('dara@example.com');
    // The same value needs no code.
    expect(screen.queryByTestId('contact-code')).toBeNull();
    typeInto('contact-email', 'Dara.New@Example.com');
    expect(screen.getByTestId('contact-code')).toBeTruthy();
    fireEvent.click(screen.getByTestId('contact-save'));
    expect(screen.getByTestId('field-error-code')).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/updateUserContactInfoById'))).toBe(false);

    fireEvent.click(screen.getByTestId('contact-send-code'));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/fqt/consumer/getToken')?.body).toEqual({
        channel: 'email',
        email: 'dara.new@example.com',
        purpose: 'contact',
      }),
    );

    typeInto('contact-code', '123456');
    fireEvent.click(screen.getByTestId('contact-save'));
    expect((await screen.findByTestId('field-error-code')).textContent).toBe(
      'The code is wrong or has expired.',
    );
    expect(calls.find((c) => c.path.endsWith('/updateUserContactInfoById'))?.body).toEqual({
      id: MAIN_EMAIL.id,
      kind: 'email',
      email: 'dara.new@example.com',
      code: '123456',
    });

    typeInto('contact-code', '654321');
    fireEvent.click(screen.getByTestId('contact-save'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.vipContacts));
  });

  test('a refusal of the whole list (832) is shown at the top of the form', async () => {
    installMemberApi((call) => {
      if (call.path === `${BASE}/queryUserContactInfos`) return fqtOk({ list: contacts });
      if (call.path === `${BASE}/saveUserContactInfo`) return fqtFail('memberRecordsFull');
      return undefined;
    });
    renderRoutes(routes, paths.vipContactEdit);
    await screen.findByTestId('contact-email');
    typeInto('contact-email', 'more@example.com');
    fireEvent.click(screen.getByTestId('contact-save'));
    expect((await screen.findByTestId('record-form-error')).textContent).toBe(
      'You already keep as many of these as allowed.',
    );
  });

  test('without a member session the page offers the member login', async () => {
    const { useMemberStore } = await import('../../../features/members/member-store');
    useMemberStore.getState().clear();
    installMemberApi(() => undefined);
    renderRoutes(routes, paths.vipContacts);
    expect(await screen.findByTestId('records-signed-out')).toBeTruthy();
  });
});
