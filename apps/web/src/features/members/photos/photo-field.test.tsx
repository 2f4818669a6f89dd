import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  fqtFail,
  fqtOk,
  installMemberApi,
  makeUploaded,
  PHOTO_BACK,
  PHOTO_FRONT,
  signInMember,
  takeMemberReplyDrifts,
} from '../../../test/member-records-replies';
import { MemberPhoto } from './member-photo';
import { PhotoField } from './photo-field';
import { PHOTO_MAX_SIDE, shrinkPhoto, uploadMemberPhoto } from './upload-photo';

const UPLOAD = '/api/fqt/common/uploadFile';

function Form({ initial = null, error }: { initial?: string | null; error?: string }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <PhotoField
        label="Front of the ID card"
        value={value}
        onChange={setValue}
        error={error}
        testId="front"
      />
      <output data-testid="value">{value ?? 'none'}</output>
    </>
  );
}

function choose(file: File) {
  fireEvent.change(screen.getByTestId('front-input'), { target: { files: [file] } });
}

const jpeg = () =>
  new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'IMG_0001.jpg', { type: 'image/jpeg' });

describe('document photos', () => {
  let created = 0;
  let revoked: string[] = [];
  beforeEach(() => {
    created = 0;
    revoked = [];
    URL.createObjectURL = vi.fn(() => `blob:photo-${++created}`);
    URL.revokeObjectURL = vi.fn((url: string) => {
      revoked.push(url);
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    expect(takeMemberReplyDrifts()).toEqual([]);
  });

  test('uploads a chosen photo with the member headers as multipart and shows it', async () => {
    signInMember('vip-7');
    const calls = installMemberApi((call) => (call.path === UPLOAD ? fqtOk(makeUploaded()) : undefined));
    render(<Form />);

    const input = screen.getByTestId<HTMLInputElement>('front-input');
    expect(input.accept).toBe('image/jpeg,image/png,image/webp');
    expect(input.getAttribute('capture')).toBe('environment');

    choose(jpeg());
    await waitFor(() => expect(screen.getByTestId('value').textContent).toBe(PHOTO_FRONT));
    expect(screen.getByTestId<HTMLImageElement>('front-preview').src).toBe('blob:photo-1');

    const upload = calls.find((c) => c.path === UPLOAD);
    expect(upload?.method).toBe('POST');
    expect(upload?.headers).toMatchObject({
      Authorization: 'Bearer token-1',
      vipToken: 'vip-7',
      clientSource: 'CA-H5',
      language: '1',
    });
    // The browser sets the multipart boundary itself: no JSON content type.
    expect(upload?.headers['Content-Type']).toBeUndefined();
    const sent = upload?.form?.get('file');
    expect(sent).toBeInstanceOf(Blob);
    expect((sent as Blob).size).toBe(7);

    // Removing it empties the field; the box offers a photo again.
    fireEvent.click(screen.getByTestId('front-remove'));
    expect(screen.getByTestId('value').textContent).toBe('none');
    expect(screen.queryByTestId('front-preview')).toBeNull();
  });

  test("shows the server's refusal next to the photo and keeps the field empty", async () => {
    installMemberApi((call) => (call.path === UPLOAD ? fqtFail('uploadUnsafe') : undefined));
    render(<Form error="Upload the photo of the document." />);
    expect(screen.getByTestId('front-error').textContent).toBe('Upload the photo of the document.');

    choose(jpeg());
    await waitFor(() =>
      expect(screen.getByTestId('front-error').textContent).toBe(
        'This picture carries something that is not a picture and cannot be uploaded.',
      ),
    );
    expect(screen.getByTestId('value').textContent).toBe('none');
  });

  test('a photo too large is refused with 841 / HTTP 413, even without an envelope', async () => {
    installMemberApi((call) => (call.path === UPLOAD ? fqtFail('uploadTooLarge', { max: 5 }) : undefined));
    await expect(uploadMemberPhoto(jpeg())).rejects.toMatchObject({
      code: '841',
      httpStatus: 413,
      message: 'The picture must be at most 5 MB.',
    });
    // A proxy in front of the API may answer 413 with a page of its own.
    installMemberApi((call) =>
      call.path === UPLOAD ? { status: 413, body: '<html>too large</html>' } : undefined,
    );
    await expect(uploadMemberPhoto(jpeg())).rejects.toMatchObject({ code: '841', httpStatus: 413 });
  });

  test('a renamed document is refused as not a picture (840)', async () => {
    installMemberApi((call) => (call.path === UPLOAD ? fqtFail('uploadNotImage') : undefined));
    await expect(uploadMemberPhoto(jpeg())).rejects.toMatchObject({
      code: '840',
      message: 'Upload a picture: JPEG, PNG or WebP.',
    });
  });

  test('a large phone photo is shrunk to 2000 px on its longest side and sent as a JPEG', async () => {
    const drawn: number[][] = [];
    const closed = vi.fn();
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => ({ width: 4032, height: 3024, close: closed })),
    );
    const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation((() => ({
      drawImage: (_image: unknown, x: number, y: number, w: number, h: number) => drawn.push([x, y, w, h]),
    })) as unknown as typeof HTMLCanvasElement.prototype.getContext);
    const toBlob = vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (
      this: HTMLCanvasElement,
      done: BlobCallback,
      typeName?: string,
      quality?: unknown,
    ) {
      expect([typeName, quality]).toEqual(['image/jpeg', 0.85]);
      done(new Blob([new Uint8Array(900_000)], { type: 'image/jpeg' }));
    });
    try {
      // A 6 MB photo straight from a phone camera.
      const big = new File([new Uint8Array(6 * 1024 * 1024)], 'IMG_2001.HEIC.jpg', { type: 'image/jpeg' });
      const sent = await shrinkPhoto(big);
      expect(drawn).toEqual([[0, 0, PHOTO_MAX_SIDE, 1500]]);
      expect(sent.type).toBe('image/jpeg');
      expect(sent.size).toBeLessThan(5 * 1024 * 1024);
      expect(closed).toHaveBeenCalled();
    } finally {
      getContext.mockRestore();
      toBlob.mockRestore();
    }
  });

  test('shows an uploaded photo read with the member headers, and lets the object URL go', async () => {
    signInMember('vip-9');
    const calls = installMemberApi((call) =>
      call.path === `/api/fqt/common/file/${PHOTO_BACK}`
        ? { body: null, blob: new Blob([new Uint8Array([0xff, 0xd8])], { type: 'image/jpeg' }) }
        : undefined,
    );
    const view = render(<MemberPhoto fileId={PHOTO_BACK} alt="Back of the ID card" testId="back" />);
    await waitFor(() => expect(screen.getByTestId<HTMLImageElement>('back').src).toBe('blob:photo-1'));
    expect(screen.getByAltText('Back of the ID card')).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith(PHOTO_BACK))?.headers).toMatchObject({ vipToken: 'vip-9' });
    view.unmount();
    expect(revoked).toEqual(['blob:photo-1']);
  });

  test("someone else's photo (404) shows a placeholder, not a broken picture", async () => {
    installMemberApi((call) =>
      call.path.startsWith('/api/fqt/common/file/')
        ? { status: 404, body: { status: '404', message: 'Not found', data: null } }
        : undefined,
    );
    render(<MemberPhoto fileId={PHOTO_FRONT} alt="Passport" testId="pp" />);
    await waitFor(() => expect(screen.getByTestId('pp').textContent).toBe('Photo unavailable'));
    expect(screen.getByTestId('pp').tagName).toBe('SPAN');
  });
});
