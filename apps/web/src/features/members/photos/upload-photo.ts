import { ApiError, memberAdapter, NETWORK_ERROR_STATUS, transportError } from '@wings/api-client';
import { ErrorCodes, MEMBER_UPLOAD_MAX_BYTES, type UploadedFile } from '@wings/contracts';
import { clientHooks } from '../../../api/client-hooks';
import { useMemberStore } from '../member-store';
import { memberFetch } from './member-headers';

/** POST common/uploadFile (multipart, one part `file`): a photo of a document. */
export const UPLOAD_PATH = '/fqt/common/uploadFile';
/** The longest side a photo is sent at (the server keeps at most 2000 px too). */
export const PHOTO_MAX_SIDE = 2000;
/** JPEG quality of a shrunk photo: a 12-megapixel phone photo goes up at well under 1 MB. */
const PHOTO_QUALITY = 0.85;

/** What a browser needs to shrink a photo itself; jsdom and old browsers lack it. */
function canShrink(): boolean {
  return (
    typeof createImageBitmap === 'function' &&
    typeof document !== 'undefined' &&
    typeof HTMLCanvasElement !== 'undefined' &&
    typeof HTMLCanvasElement.prototype.toBlob === 'function'
  );
}

/**
 * The photo as it goes up: turned upright by its EXIF orientation, at most PHOTO_MAX_SIDE on its
 * longest side, re-encoded as JPEG (which also drops its metadata, the place and the camera). A
 * photo the browser cannot decode, or cannot shrink, goes as it is: the server decides.
 */
export async function shrinkPhoto(file: Blob): Promise<Blob> {
  if (!canShrink()) return file;
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    try {
      const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
      const width = Math.max(1, Math.round(bitmap.width * scale));
      const height = Math.max(1, Math.round(bitmap.height * scale));
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      if (!context) return file;
      context.drawImage(bitmap, 0, 0, width, height);
      const blob = await new Promise<Blob | null>((resolve) =>
        canvas.toBlob(resolve, 'image/jpeg', PHOTO_QUALITY),
      );
      // A small PNG may already be smaller than its JPEG: send the smaller one.
      return blob && (blob.size < file.size || scale < 1) ? blob : file;
    } finally {
      bitmap.close();
    }
  } catch {
    return file;
  }
}

/**
 * CAF9999 on an upload: the member session ended. The app's own handling (clear the member store,
 * say so, open the member login) when it is wired (app/setup-api-client), else the store alone.
 */
function memberLoginExpired(): void {
  const hooks = clientHooks as { onMemberLoginExpired?: () => void };
  if (typeof hooks.onMemberLoginExpired === 'function') hooks.onMemberLoginExpired();
  else useMemberStore.getState().clear();
}

/** The failure of an upload: the server's message (840, 841, 842 ...), else the code's own. */
function failure(code: string, message: string | undefined, data: unknown, httpStatus: number): ApiError {
  if (message) return new ApiError(code, message, data, httpStatus);
  if (code === ErrorCodes.uploadTooLarge.code) {
    return new ApiError(
      code,
      clientHooks.translate(ErrorCodes.uploadTooLarge.key, { max: MEMBER_UPLOAD_MAX_BYTES / 1024 / 1024 }),
      data,
      httpStatus,
    );
  }
  const entry = Object.values(ErrorCodes).find((e) => e.code === code);
  return new ApiError(code, clientHooks.translate(entry?.key ?? 'system_error'), data, httpStatus);
}

/**
 * Uploads a photo of a document (registration, identities, beneficiaries): shrinks it in the
 * browser first, then sends it with the member layer's headers (with no member session while
 * registering). Resolves with the file's id and what the server kept; rejects with an ApiError
 * carrying the server's message (not an image 840, too large 841 / HTTP 413, unsafe 842, login
 * expiry CAF9999). The caller shows the message next to its field: nothing is toasted here.
 */
export async function uploadMemberPhoto(file: Blob): Promise<UploadedFile> {
  const photo = await shrinkPhoto(file);
  const name = photo.type === 'image/jpeg' ? 'photo.jpg' : photo.type === 'image/png' ? 'photo.png' : 'photo';
  let res: Response;
  try {
    res = await memberFetch(UPLOAD_PATH, (headers) => {
      const form = new FormData();
      form.append('file', photo, name);
      return { method: 'POST', headers, body: form };
    });
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw transportError(NETWORK_ERROR_STATUS);
  }
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    body = null;
  }
  const envelope = memberAdapter.unwrap(body);
  if (!envelope) {
    if (res.status === 413) throw failure(ErrorCodes.uploadTooLarge.code, undefined, null, 413);
    throw transportError(res.ok ? -1 : res.status);
  }
  const result = memberAdapter.read(envelope);
  if (result.kind === 'ok' && res.ok) return result.data as UploadedFile;
  if (result.kind === 'login-expired') memberLoginExpired();
  throw failure(envelope.code, envelope.message, envelope.data, res.status);
}
