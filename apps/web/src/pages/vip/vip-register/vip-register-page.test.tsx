import { fireEvent, screen, waitFor } from '@testing-library/react';
import { addDays, HUB_TIME_ZONE, localDate } from '@wings/rules';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { paths } from '../../../app/paths';
import { useMemberStore } from '../../../features/members/member-store';
import { signIn } from '../../../test/accounts';
import { installFakeApi } from '../../../test/fake-api';
import {
  BACK_PHOTO,
  FRONT_PHOTO,
  makeMemberSession,
  memberFieldsFail,
  memberOk,
  resetMemberStore,
} from '../../../test/members';
import { renderRoutes } from '../../../test/render';
import VipRegisterPage from './vip-register-page';

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{`${loc.pathname}${loc.search}`}</div>;
}

const routes = [
  { path: paths.vipRegister, element: <VipRegisterPage /> },
  { path: paths.vipRegisterInfo, element: <Where /> },
  { path: paths.vipLogin, element: <Where /> },
];
const REGISTER = '/api/fqt/consumer/register';
const GET_TOKEN = '/api/fqt/consumer/getToken';
const UPLOAD = '/api/fqt/common/uploadFile';
const P = 'mb-register';
const today = () => localDate(new Date(), HUB_TIME_ZONE);
const input = (id: string) => screen.getByTestId<HTMLInputElement>(`${P}-${id}`);
const type = (id: string, value: string) => fireEvent.change(input(id), { target: { value } });
const jpeg = (name: string) =>
  new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1])], name, { type: 'image/jpeg' });
const uploaded = (fileId: string) =>
  memberOk({ fileId, contentType: 'image/jpeg', size: 1200, width: 800, height: 500 });

/** Answers the calls of a registration: the code, two photo uploads (front, then back), register. */
function registrationApi(
  register = () => memberOk(makeMemberSession({ status: 'auditing', cardNo: null }, true)),
) {
  let uploads = 0;
  return installFakeApi((call) => {
    if (call.path === GET_TOKEN) return memberOk({ resendAfterSeconds: 60, validMinutes: 10 });
    if (call.path === UPLOAD) return uploaded(++uploads === 1 ? FRONT_PHOTO : BACK_PHOTO);
    if (call.path === REGISTER) return register();
    return undefined;
  });
}

async function fillEverything() {
  type('surname', 'sok');
  type('givenName', 'dara');
  fireEvent.click(screen.getByTestId(`${P}-title-0`));
  fireEvent.click(screen.getByTestId(`${P}-gender-0`));
  type('birthday', '1990-04-12');
  fireEvent.click(screen.getByTestId(`${P}-nationality`));
  fireEvent.click(await screen.findByTestId('nationality-option-KH'));
  type('documentNo', '012345678');
  type('validFrom', addDays(today(), -365));
  type('validTo', addDays(today(), 3650));
  fireEvent.change(screen.getByTestId(`${P}-frontPhoto-input`), { target: { files: [jpeg('front.jpg')] } });
  await waitFor(() => expect(screen.getByTestId(`${P}-frontPhoto-preview`)).toBeTruthy());
  fireEvent.change(screen.getByTestId(`${P}-backPhoto-input`), { target: { files: [jpeg('back.jpg')] } });
  await waitFor(() => expect(screen.getByTestId(`${P}-backPhoto-preview`)).toBeTruthy());
  type('phone', '12345678');
  type('email', 'Dara@Example.com');
  fireEvent.click(screen.getByTestId(`${P}-send-code`));
  await waitFor(() => expect(screen.getByTestId(`${P}-send-code`).textContent).toBe('Resend in 60 s'));
  type('code', '123456');
  fireEvent.click(screen.getByTestId(`${P}-country`));
  fireEvent.click(await screen.findByTestId('address-country-option-KH'));
  type('city', 'Phnom Penh');
  type('detail', 'St 123, No 4');
  fireEvent.click(screen.getByTestId(`${P}-contactLanguage-2`));
  type('password', '204816');
  type('confirm', '204816');
  fireEvent.click(screen.getByTestId(`${P}-agree`));
}

describe('vip-register (member registration)', () => {
  beforeEach(() => {
    resetMemberStore();
    let n = 0;
    URL.createObjectURL = vi.fn(() => `blob:photo-${++n}`);
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());

  test('sends every section, signs the new member in, drops the draft and shows the audit state', async () => {
    const calls = registrationApi();
    renderRoutes(routes, paths.vipRegister);
    await fillEverything();
    expect(input('password').getAttribute('inputmode')).toBe('numeric');
    fireEvent.click(screen.getByTestId(`${P}-submit`));

    expect((await screen.findByTestId('where')).textContent).toBe(paths.vipRegisterInfo);
    expect(calls.find((c) => c.path === GET_TOKEN)?.body).toEqual({
      channel: 'email',
      purpose: 'register',
      email: 'dara@example.com',
    });
    const sent = calls.find((c) => c.path === REGISTER);
    expect(sent?.body).toEqual({
      surname: 'SOK',
      givenName: 'DARA',
      middleName: null,
      title: 0,
      gender: 0,
      birthday: '1990-04-12',
      nationality: 'KH',
      document: {
        documentType: 0,
        documentNo: '012345678',
        validFrom: addDays(today(), -365),
        validTo: addDays(today(), 3650),
        frontPhotoId: FRONT_PHOTO,
        backPhotoId: BACK_PHOTO,
      },
      countryCode: '+855',
      phone: '12345678',
      email: 'dara@example.com',
      address: { country: 'KH', province: '', city: 'Phnom Penh', postcode: '', detail: 'St 123, No 4' },
      contactLanguage: 2,
      password: '204816',
      confirmPassword: '204816',
      code: '123456',
      agree: true,
    });
    // Not signed in to the app: nothing to join.
    expect(sent?.headers.token).toBeUndefined();
    expect(useMemberStore.getState()).toMatchObject({ vipToken: 'vip-1', registerParams: null });
    expect(localStorage.getItem('vip_register_params')).toBeNull();
  });

  test('checks every rule before sending: the messages by their fields and the first one focused', async () => {
    const calls = registrationApi();
    renderRoutes(routes, paths.vipRegister);
    type('birthday', addDays(today(), -365 * 10));
    fireEvent.click(screen.getByTestId(`${P}-documentType-1`));
    expect(screen.queryByTestId(`${P}-backPhoto`)).toBeNull();
    type('password', '123456');
    type('confirm', '123457');
    fireEvent.click(screen.getByTestId(`${P}-submit`));

    expect((await screen.findByTestId('field-error-surname')).textContent).toBe('Enter the surname.');
    await waitFor(() => expect(document.activeElement).toBe(input('surname')));
    const error = (field: string) => screen.getByTestId(`field-error-${field}`).textContent;
    expect(error('birthday')).toBe('Members must be 18 or older.');
    expect(error('nationality')).toBeTruthy();
    expect(error('documentNo')).toBeTruthy();
    expect(error('validFrom')).toBe('Enter the validity period.');
    expect(screen.getByTestId(`${P}-frontPhoto-error`).textContent).toBe('Upload the photo of the document.');
    expect(error('phone')).toBeTruthy();
    expect(error('email')).toBeTruthy();
    expect(error('code')).toBeTruthy();
    expect(error('city')).toBe('Fill in the whole address.');
    expect(error('password')).toBe('The password cannot be a run of digits (such as 123456 or 654321).');
    expect(error('confirmPassword')).toBeTruthy();
    expect(error('agree')).toBe('Agree to the member programme terms to continue.');
    expect(calls.some((c) => c.path === REGISTER)).toBe(false);
  });

  test('keeps the draft (never the password or code) when the traveller leaves and comes back', async () => {
    installFakeApi();
    const first = renderRoutes(routes, paths.vipRegister);
    type('surname', 'SOK');
    type('documentNo', 'N1234567');
    type('password', '204816');
    type('code', '123456');
    await waitFor(() => expect(useMemberStore.getState().registerParams).toMatchObject({ surname: 'SOK' }));
    const kept = JSON.parse(localStorage.getItem('vip_register_params') ?? '{}');
    expect(kept).toMatchObject({ surname: 'SOK', documentNo: 'N1234567' });
    expect(kept).not.toHaveProperty('password');
    expect(kept).not.toHaveProperty('code');
    first.unmount();

    renderRoutes(routes, paths.vipRegister);
    expect(input('surname').value).toBe('SOK');
    expect(input('documentNo').value).toBe('N1234567');
    expect(input('password').value).toBe('');
    expect(input('code').value).toBe('');
  });

  test('a signed-in app account starts from its profile, says its bookings will earn miles, and joins with its session', async () => {
    signIn({ surname: 'CHAN', givenName: 'SREY', title: 1, gender: 1, email: 'srey@example.com' });
    const calls = registrationApi();
    renderRoutes(routes, paths.vipRegister);
    expect(screen.getByTestId('vip-register-join').textContent).toContain('bookings will then earn miles');
    expect(input('surname').value).toBe('CHAN');
    expect(input('email').value).toBe('srey@example.com');
    expect(input('phone').value).toBe('12345678');
    await fillEverything();
    type('surname', 'CHAN');
    type('givenName', 'SREY');
    fireEvent.click(screen.getByTestId(`${P}-title-1`));
    fireEvent.click(screen.getByTestId(`${P}-gender-1`));
    fireEvent.click(screen.getByTestId(`${P}-submit`));
    await screen.findByTestId('where');
    expect(calls.find((c) => c.path === REGISTER)?.headers.token).toBe('session-1');
  });

  test('a refusal naming a field shows its message by the field and keeps the form', async () => {
    registrationApi(() =>
      memberFieldsFail([
        {
          field: 'document.documentNo',
          key: 'member.document_exist',
          message: 'This document is already registered to another member.',
        },
      ]),
    );
    renderRoutes(routes, paths.vipRegister);
    await fillEverything();
    fireEvent.click(screen.getByTestId(`${P}-submit`));
    expect((await screen.findByTestId('field-error-documentNo')).textContent).toBe(
      'This document is already registered to another member.',
    );
    expect(input('surname').value).toBe('sok');
    expect(useMemberStore.getState().vipToken).toBeNull();
  });
});
