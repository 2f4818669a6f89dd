import { fireEvent, screen, waitFor } from '@testing-library/react';
import { addDays, HUB_TIME_ZONE, localDate } from '@wings/rules';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { paths } from '../../../app/paths';
import {
  fqtFail,
  fqtOk,
  installMemberApi,
  jpegFile,
  type MemberCall,
  makeDocument,
  makeUploaded,
  memberRecordsTestHooks,
  PHOTO_BACK,
  PHOTO_FRONT,
  typeInto,
} from '../../../test/member-records-replies';
import { renderRoutes } from '../../../test/render';
import VipIdentityEditPage from '../vip-identity-edit/vip-identity-edit-page';
import VipIdentitiesPage from './vip-identities-page';

const routes = [
  { path: paths.vipIdentities, element: <VipIdentitiesPage /> },
  { path: paths.vipIdentityEdit, element: <VipIdentityEditPage /> },
];
const BASE = '/api/fqt/consumer/identity';
const today = () => localDate(new Date(), HUB_TIME_ZONE);
const PASSPORT_PHOTO = '33333333-3333-4333-8333-333333333333';

function photoReply(call: MemberCall) {
  if (call.path.startsWith('/api/fqt/common/file/')) {
    return { body: null, blob: new Blob([new Uint8Array([0xff, 0xd8])], { type: 'image/jpeg' }) };
  }
  return undefined;
}

describe('member identity documents', () => {
  memberRecordsTestHooks();
  beforeEach(() => {
    let n = 0;
    URL.createObjectURL = vi.fn(() => `blob:photo-${++n}`);
    URL.revokeObjectURL = vi.fn();
  });

  test('lists documents with their state, masked number, validity and photos', async () => {
    const registration = makeDocument();
    const passport = makeDocument({
      id: 'd0000000-0000-4000-8000-000000000002',
      documentType: 1,
      documentNo: '****4567',
      frontPhotoId: PASSPORT_PHOTO,
      backPhotoId: null,
      state: 'rejected',
      rejectReason: 'The photo is blurred',
      fromRegistration: false,
    });
    const calls = installMemberApi(
      (call) =>
        photoReply(call) ??
        (call.path === `${BASE}/queryIdentityLists`
          ? fqtOk({ list: [registration, passport], canAdd: false })
          : undefined),
    );
    renderRoutes(routes, paths.vipIdentities);

    const first = await screen.findByTestId('identity-item-0');
    expect(first.textContent).toContain('Cambodian ID card');
    expect(screen.getByTestId('identity-number-0').textContent).toBe('*****6789');
    expect(first.textContent).toContain('Valid 2024-01-01 to 2034-01-01');
    expect(screen.getByTestId('identity-state-0').textContent).toBe('Effective');
    expect(screen.getByTestId('identity-state-1').textContent).toBe('Rejected');
    expect(screen.getByTestId('identity-reason-1').textContent).toBe(
      'Rejected: The photo is blurred. Please correct it and send it again.',
    );
    // The registration's document is changed with the registration only.
    expect(screen.queryByTestId('identity-edit-0')).toBeNull();
    expect(screen.getByTestId('identity-edit-1')).toBeTruthy();
    // Both types exist: no more documents.
    expect(screen.getByTestId('identity-full').textContent).toBe(
      'No more documents can be added: one ID card and one passport at most.',
    );
    expect(screen.queryByTestId('identity-add')).toBeNull();

    // The photos are read with the member's headers: the ID card's two sides and the passport's page.
    expect(await screen.findByAltText('Front of the ID card')).toBeTruthy();
    expect(await screen.findByAltText('Back of the ID card')).toBeTruthy();
    expect(await screen.findByAltText('Photo page of the passport')).toBeTruthy();
    const read = calls
      .filter((c) => c.path.startsWith('/api/fqt/common/file/'))
      .map((c) => c.path.split('/').pop());
    expect(read.sort()).toEqual([PHOTO_FRONT, PHOTO_BACK, PASSPORT_PHOTO].sort());
  });

  test('a document under review says so; the only other one can be deleted after confirming', async () => {
    let list = [
      makeDocument(),
      makeDocument({
        id: 'd0000000-0000-4000-8000-000000000002',
        documentType: 1,
        frontPhotoId: PASSPORT_PHOTO,
        backPhotoId: null,
        state: 'ineffective',
        fromRegistration: false,
      }),
    ];
    installMemberApi((call) => {
      if (call.path === `${BASE}/queryIdentityLists`) return fqtOk({ list, canAdd: list.length < 2 });
      if (call.path === `${BASE}/deleteIdentityInfoById/d0000000-0000-4000-8000-000000000002`) {
        list = list.slice(0, 1);
        return fqtOk(null);
      }
      return photoReply(call);
    });
    renderRoutes(routes, paths.vipIdentities);
    expect((await screen.findByTestId('identity-state-1')).textContent).toBe('Under review');
    expect(screen.getByTestId('identity-item-1').textContent).toContain(
      'It takes effect once staff have checked it.',
    );
    expect(screen.queryByTestId('identity-delete-0')).toBeNull();

    fireEvent.click(screen.getByTestId('identity-delete-1'));
    fireEvent.click(
      await screen.findByText('Delete', { selector: '.adm-dialog-button *, .adm-dialog-button' }),
    );
    await waitFor(() => expect(screen.queryByTestId('identity-item-1')).toBeNull());
    expect(await screen.findByTestId('identity-add')).toBeTruthy();
  });

  test('adds a passport: the shared rules first (photo, validity), then the server refusals', async () => {
    let saves = 0;
    const calls = installMemberApi((call) => {
      if (call.path === `${BASE}/queryIdentityLists`) return fqtOk({ list: [makeDocument()], canAdd: true });
      if (call.path === '/api/fqt/common/uploadFile') return fqtOk(makeUploaded({ fileId: PASSPORT_PHOTO }));
      if (call.path === `${BASE}/saveIdentityInfo`) {
        saves += 1;
        if (saves === 1) return fqtFail('memberDocumentTypeExists');
        if (saves === 2) return fqtFail('memberDocumentAddFailed');
        return fqtOk({ id: 'd0000000-0000-4000-8000-000000000003' });
      }
      return photoReply(call);
    });
    const { router } = renderRoutes(routes, paths.vipIdentityEdit);

    // The member has an ID card: the form starts on a passport, which needs one photo.
    expect((await screen.findByTestId('identity-type-1')).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByTestId('identity-back')).toBeNull();
    // A second ID card is refused by the rules before any call.
    fireEvent.click(screen.getByTestId('identity-type-0'));
    expect(screen.getByTestId('field-error-documentType').textContent).toBe(
      'A document of this type already exists.',
    );
    fireEvent.click(screen.getByTestId('identity-type-1'));

    typeInto('identity-number', 'n1234567');
    typeInto('identity-valid-from', addDays(today(), -10));
    typeInto('identity-valid-to', addDays(today(), -20));
    expect(screen.getByTestId('field-error-validTo').textContent).toBe(
      'The validity must end after it starts.',
    );
    typeInto('identity-valid-to', addDays(today(), 3650));
    fireEvent.click(screen.getByTestId('identity-save'));
    expect(screen.getByTestId('identity-front-error').textContent).toBe('Upload the photo of the document.');
    expect(calls.some((c) => c.path.endsWith('/saveIdentityInfo'))).toBe(false);

    fireEvent.change(screen.getByTestId('identity-front-input'), {
      target: { files: [jpegFile('passport.jpg')] },
    });
    await waitFor(() => expect(screen.queryByTestId('identity-front-error')).toBeNull());
    fireEvent.click(screen.getByTestId('identity-save'));
    // 821: on the type; the body is what the API expects.
    expect((await screen.findByTestId('field-error-documentType')).textContent).toBe(
      'A document of this type already exists.',
    );
    expect(calls.find((c) => c.path.endsWith('/saveIdentityInfo'))?.body).toEqual({
      documentType: 1,
      documentNo: 'N1234567',
      validFrom: addDays(today(), -10),
      validTo: addDays(today(), 3650),
      frontPhotoId: PASSPORT_PHOTO,
      backPhotoId: null,
    });

    // 822: the whole document, at the top of the form.
    fireEvent.click(screen.getByTestId('identity-type-1'));
    fireEvent.click(screen.getByTestId('identity-save'));
    expect((await screen.findByTestId('record-form-error')).textContent).toBe(
      'The document could not be added. Please upload its photos again.',
    );

    fireEvent.click(screen.getByTestId('identity-save'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.vipIdentities));
  });

  test('a missing photo the server finds (823) and a document in use (824) are shown', async () => {
    const passport = makeDocument({
      id: 'd0000000-0000-4000-8000-000000000002',
      documentType: 1,
      frontPhotoId: PASSPORT_PHOTO,
      backPhotoId: null,
      state: 'rejected',
      rejectReason: 'Blurred',
      fromRegistration: false,
    });
    installMemberApi((call) => {
      if (call.path === `${BASE}/queryIdentityLists`)
        return fqtOk({ list: [makeDocument(), passport], canAdd: false });
      if (call.path === `${BASE}/updateIdentityInfoById`) return fqtFail('memberDocumentPhotoMissing');
      if (call.path.startsWith(`${BASE}/deleteIdentityInfoById/`)) return fqtFail('memberDocumentInUse');
      return photoReply(call);
    });
    renderRoutes(routes, `${paths.vipIdentityEdit}?id=${passport.id}`);

    // The number comes masked: it is typed again; the form says so.
    expect(await screen.findByText('Now *****6789: enter the whole number again.')).toBeTruthy();
    typeInto('identity-number', 'N7654321');
    fireEvent.click(screen.getByTestId('identity-save'));
    expect((await screen.findByTestId('identity-front-error')).textContent).toBe(
      'Upload the photo of the document.',
    );

    // Delete refused by the server (824) is toasted on the list.
    renderRoutes(routes, paths.vipIdentities);
    fireEvent.click(await screen.findByTestId('identity-delete-1'));
    fireEvent.click(
      await screen.findByText('Delete', { selector: '.adm-dialog-button *, .adm-dialog-button' }),
    );
    expect(
      await screen.findByText('The document you registered with, or your only document, cannot be deleted.'),
    ).toBeTruthy();
  });
});
