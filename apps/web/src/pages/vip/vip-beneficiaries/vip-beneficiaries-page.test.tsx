import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Beneficiary } from '@wings/contracts';
import { addDays, HUB_TIME_ZONE, localDate } from '@wings/rules';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { paths } from '../../../app/paths';
import {
  fqtFail,
  fqtOk,
  installMemberApi,
  jpegFile,
  makeBeneficiary,
  makeUploaded,
  memberRecordsTestHooks,
  PHOTO_BACK,
  PHOTO_FRONT,
  typeInto,
} from '../../../test/member-records-replies';
import { renderRoutes } from '../../../test/render';
import VipBeneficiaryEditPage from '../vip-beneficiary-edit/vip-beneficiary-edit-page';
import VipBeneficiariesPage from './vip-beneficiaries-page';

const routes = [
  { path: paths.vipBeneficiaries, element: <VipBeneficiariesPage /> },
  { path: paths.vipBeneficiaryEdit, element: <VipBeneficiaryEditPage /> },
];
const BASE = '/api/fqt/consumer/beneficiaries';
const today = () => localDate(new Date(), HUB_TIME_ZONE);

describe('member beneficiaries', () => {
  let list: Beneficiary[];
  memberRecordsTestHooks();
  beforeEach(() => {
    list = [
      makeBeneficiary(),
      makeBeneficiary({
        id: 'b0000000-0000-4000-8000-000000000002',
        surname: 'CHAN',
        givenName: 'SOPHEA',
        relationship: 'parent',
        state: 'rejected',
        rejectReason: 'The passport has expired',
      }),
    ];
    let n = 0;
    URL.createObjectURL = vi.fn(() => `blob:photo-${++n}`);
    URL.revokeObjectURL = vi.fn();
  });

  test('lists beneficiaries: not yet effective until staff check them, or rejected with the reason; deletes one', async () => {
    const calls = installMemberApi((call) => {
      if (call.path === `${BASE}/queryBeneficiariesInfoLists`) return fqtOk({ list, canAdd: true });
      if (call.path === `${BASE}/deleteBeneficiariesInfo/b0000000-0000-4000-8000-000000000002`) {
        list = list.slice(0, 1);
        return fqtOk(null);
      }
      if (call.path.startsWith('/api/fqt/common/file/')) {
        return { body: null, blob: new Blob([new Uint8Array([0xff, 0xd8])], { type: 'image/jpeg' }) };
      }
      return undefined;
    });
    renderRoutes(routes, paths.vipBeneficiaries);

    const first = await screen.findByTestId('beneficiary-item-0');
    expect(first.textContent).toContain('SOK CHANTHA');
    expect(first.textContent).toContain('Spouse');
    expect(first.textContent).toContain('Passport · ****4567');
    expect(screen.getByTestId('beneficiary-state-0').textContent).toBe('Under review');
    expect(screen.getByTestId('beneficiary-pending-0').textContent).toBe(
      'Not yet effective: staff check it first.',
    );
    expect(screen.getByTestId('beneficiary-reason-1').textContent).toBe(
      'Rejected: The passport has expired. Please correct it and send it again.',
    );
    expect(await screen.findAllByAltText('Photo page of the passport')).toHaveLength(2);

    fireEvent.click(screen.getByTestId('beneficiary-delete-1'));
    fireEvent.click(
      await screen.findByText('Delete', { selector: '.adm-dialog-button *, .adm-dialog-button' }),
    );
    await waitFor(() => expect(screen.queryByTestId('beneficiary-item-1')).toBeNull());
    expect(calls.filter((c) => c.path.includes('/deleteBeneficiariesInfo/'))).toHaveLength(1);
  });

  test('names a beneficiary with an ID card: the rules first, then the save', async () => {
    let uploads = 0;
    let saves = 0;
    const calls = installMemberApi((call) => {
      if (call.path === `${BASE}/queryBeneficiariesInfoLists`) return fqtOk({ list, canAdd: true });
      if (call.path === '/api/fqt/common/uploadFile') {
        uploads += 1;
        return fqtOk(makeUploaded({ fileId: uploads === 1 ? PHOTO_FRONT : PHOTO_BACK }));
      }
      if (call.path === `${BASE}/saveBeneficiariesInfo`) {
        saves += 1;
        return saves === 1
          ? fqtFail('memberRecordsFull')
          : fqtOk({ id: 'b0000000-0000-4000-8000-000000000003' });
      }
      return undefined;
    });
    const { router } = renderRoutes(routes, paths.vipBeneficiaryEdit);

    fireEvent.click(await screen.findByTestId('beneficiary-save'));
    expect(screen.getByTestId('field-error-surname').textContent).toBe('Enter the surname.');
    expect(screen.getByTestId('field-error-gender').textContent).toBe('Choose the gender.');
    expect(screen.getByTestId('field-error-relationship').textContent).toBe('Choose the relationship.');
    expect(screen.getByTestId('field-error-identifications.0.documentNo').textContent).toBe(
      'Enter the document number.',
    );
    expect(screen.getByTestId('beneficiary-id-0-front-error').textContent).toBe(
      'Upload the photo of the document.',
    );
    expect(screen.getByTestId('beneficiary-id-0-back-error').textContent).toBe(
      'Upload the photo of the document.',
    );
    expect(screen.getByTestId('field-error-validFrom').textContent).toBe('Enter the validity period.');
    expect(calls.some((c) => c.path.endsWith('/saveBeneficiariesInfo'))).toBe(false);

    typeInto('beneficiary-surname', 'Sok');
    typeInto('beneficiary-givenName', 'Vanna');
    fireEvent.click(screen.getByTestId('beneficiary-gender-1'));
    typeInto('beneficiary-birthday', '1995-03-04');
    fireEvent.click(screen.getByTestId('beneficiary-nationality'));
    fireEvent.change(await screen.findByTestId('nationality-search'), { target: { value: 'Cambodia' } });
    fireEvent.click(screen.getByTestId('nationality-option-KH'));
    fireEvent.click(screen.getByTestId('beneficiary-relationship-sibling'));
    typeInto('beneficiary-id-0-number', 'abc123456');
    typeInto('beneficiary-id-0-valid-to', addDays(today(), 2000));
    fireEvent.change(screen.getByTestId('beneficiary-id-0-front-input'), {
      target: { files: [jpegFile('front.jpg')] },
    });
    await waitFor(() => expect(screen.getByTestId('beneficiary-id-0-front-preview')).toBeTruthy());
    fireEvent.change(screen.getByTestId('beneficiary-id-0-back-input'), {
      target: { files: [jpegFile('back.jpg')] },
    });
    await waitFor(() => expect(screen.getByTestId('beneficiary-id-0-back-preview')).toBeTruthy());
    typeInto('beneficiary-valid-from', today());
    typeInto('beneficiary-valid-to', addDays(today(), 365));

    fireEvent.click(screen.getByTestId('beneficiary-save'));
    expect((await screen.findByTestId('record-form-error')).textContent).toBe(
      'You already keep as many of these as allowed.',
    );
    expect(calls.find((c) => c.path.endsWith('/saveBeneficiariesInfo'))?.body).toEqual({
      surname: 'SOK',
      givenName: 'VANNA',
      middleName: null,
      gender: 1,
      birthday: '1995-03-04',
      nationality: 'KH',
      relationship: 'sibling',
      identifications: [
        {
          documentType: 0,
          documentNo: 'ABC123456',
          validTo: addDays(today(), 2000),
          frontPhotoId: PHOTO_FRONT,
          backPhotoId: PHOTO_BACK,
        },
      ],
      validFrom: today(),
      validTo: addDays(today(), 365),
    });

    fireEvent.click(screen.getByTestId('beneficiary-save'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.vipBeneficiaries));
  });

  test('a second identification of the same type is refused, and can be removed', async () => {
    installMemberApi((call) =>
      call.path === `${BASE}/queryBeneficiariesInfoLists` ? fqtOk({ list, canAdd: true }) : undefined,
    );
    renderRoutes(routes, paths.vipBeneficiaryEdit);
    fireEvent.click(await screen.findByTestId('beneficiary-id-add'));
    // The second one starts as a passport; as another ID card it is refused.
    expect(screen.getByTestId('beneficiary-id-1-type-1').getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByTestId('beneficiary-id-add')).toBeNull();
    fireEvent.click(screen.getByTestId('beneficiary-id-1-type-0'));
    fireEvent.click(screen.getByTestId('beneficiary-save'));
    expect(screen.getByTestId('field-error-identifications').textContent).toBe(
      'A document of this type already exists.',
    );
    fireEvent.click(screen.getByTestId('beneficiary-id-1-remove'));
    expect(screen.queryByTestId('beneficiary-id-1')).toBeNull();
  });

  test('changes a rejected beneficiary: the masked number is typed again, and it goes back under review', async () => {
    const calls = installMemberApi((call) => {
      if (call.path === `${BASE}/queryBeneficiariesInfoLists`) return fqtOk({ list, canAdd: true });
      if (call.path === `${BASE}/updateBeneficiariesInfo`)
        return fqtOk({ id: 'b0000000-0000-4000-8000-000000000002' });
      if (call.path.startsWith('/api/fqt/common/file/')) {
        return { body: null, blob: new Blob([new Uint8Array([0xff, 0xd8])], { type: 'image/jpeg' }) };
      }
      return undefined;
    });
    const { router } = renderRoutes(
      routes,
      `${paths.vipBeneficiaryEdit}?id=b0000000-0000-4000-8000-000000000002`,
    );
    expect((await screen.findByTestId<HTMLInputElement>('beneficiary-surname')).value).toBe('CHAN');
    expect(screen.getByText('Now ****4567: enter the whole number again.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('beneficiary-save'));
    expect(screen.getByTestId('field-error-identifications.0.documentNo').textContent).toBe(
      'Enter the document number.',
    );
    typeInto('beneficiary-id-0-number', 'N7654321');
    fireEvent.click(screen.getByTestId('beneficiary-save'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.vipBeneficiaries));
    expect(calls.find((c) => c.path.endsWith('/updateBeneficiariesInfo'))?.body).toMatchObject({
      id: 'b0000000-0000-4000-8000-000000000002',
      surname: 'CHAN',
      relationship: 'parent',
      identifications: [
        { documentType: 1, documentNo: 'N7654321', frontPhotoId: PHOTO_FRONT, backPhotoId: null },
      ],
    });
  });

  test('with as many beneficiaries as allowed the list says so and offers no add', async () => {
    installMemberApi((call) =>
      call.path === `${BASE}/queryBeneficiariesInfoLists` ? fqtOk({ list, canAdd: false }) : undefined,
    );
    renderRoutes(routes, paths.vipBeneficiaries);
    expect((await screen.findByTestId('beneficiary-full')).textContent).toBe(
      'You already name as many beneficiaries as allowed.',
    );
    expect(screen.queryByTestId('beneficiary-add')).toBeNull();
  });
});
