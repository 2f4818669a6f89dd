import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { AppError } from '../../platform/errors';

/**
 * What a member's upload must be before it is kept (issue 17 "images only, checked by content
 * not by name"): a JPEG, PNG or WebP by its first bytes, nothing but the picture in it (no
 * markup or script in its metadata, nothing after the image's end: no polyglot), decodable; then it is
 * re-encoded from its pixels, turned upright by its EXIF orientation, at most 2000 px a side,
 * with no metadata at all (no GPS, no camera, no comments).
 */

export type ImageKind = 'jpeg' | 'png' | 'webp';

export const IMAGE_CONTENT_TYPES: Record<ImageKind, 'image/jpeg' | 'image/png' | 'image/webp'> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** The longest side of a kept photo, pixels. */
export const MAX_IMAGE_SIDE = 2000;
/** Pixels a decoder may meet (a small file that opens into a huge picture is refused). */
const MAX_INPUT_PIXELS = 60_000_000;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The image format by the first bytes, whatever the file is called; null for anything else. */
export function sniffImage(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

/** Markup and script a browser or an interpreter would act on; none belongs in a photo. */
const MARKUP = ['<script', '<?php', '<html', '<svg', 'javascript:'];

/** Whether the bytes carry markup or script anywhere (case-insensitive). */
export function carriesMarkup(bytes: Buffer): boolean {
  const text = bytes.toString('latin1').toLowerCase();
  return MARKUP.some((needle) => text.includes(needle));
}

/**
 * The parts of an image that are not its compressed pixels: JPEG segments before the first scan
 * (APPn, COM, tables), PNG chunks other than IDAT/fdAT, WebP chunks other than the bitstreams.
 * Markup is looked for there: compressed pixels are noise in which a short word like `<svg`
 * turns up by chance about once in 2 MB, and a camera's photo must not be refused for that.
 * Null when the structure does not hold; then the whole file is searched.
 */
export function nonPixelParts(bytes: Buffer, kind: ImageKind): Buffer[] | null {
  const parts: Buffer[] = [];
  switch (kind) {
    case 'jpeg': {
      let at = 2;
      while (at + 4 <= bytes.length) {
        if (bytes[at] !== 0xff) return null;
        const marker = bytes[at + 1] ?? 0;
        if (marker === 0xff) {
          at += 1; // fill byte
          continue;
        }
        if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
          at += 2; // markers without a length
          continue;
        }
        const length = bytes.readUInt16BE(at + 2);
        if (length < 2 || at + 2 + length > bytes.length) return null;
        parts.push(bytes.subarray(at, at + 2 + length));
        if (marker === 0xda) return parts; // the first scan: pixels follow
        at += 2 + length;
      }
      return null;
    }
    case 'png': {
      let at = PNG_SIGNATURE.length;
      while (at + 12 <= bytes.length) {
        const length = bytes.readUInt32BE(at);
        const type = bytes.toString('latin1', at + 4, at + 8);
        const next = at + 12 + length;
        if (next > bytes.length) return null;
        if (type !== 'IDAT' && type !== 'fdAT') parts.push(bytes.subarray(at, next));
        if (type === 'IEND') return parts;
        at = next;
      }
      return null;
    }
    case 'webp': {
      const pixels = new Set(['VP8 ', 'VP8L', 'ALPH', 'ANMF']);
      let at = 12;
      while (at + 8 <= bytes.length) {
        const type = bytes.toString('latin1', at, at + 4);
        const length = bytes.readUInt32LE(at + 4);
        const next = at + 8 + length + (length % 2);
        if (at + 8 + length > bytes.length) return null;
        if (!pixels.has(type)) parts.push(bytes.subarray(at, at + 8 + length));
        at = next;
      }
      return parts;
    }
  }
}

/** Whether an image carries markup or script outside its compressed pixels (anywhere, when its structure does not hold). */
export function imageCarriesMarkup(bytes: Buffer, kind: ImageKind): boolean {
  const parts = nonPixelParts(bytes, kind);
  return parts === null ? carriesMarkup(bytes) : parts.some(carriesMarkup);
}

/**
 * Where the image ends by its own structure: 'trailing' when bytes follow it (a file glued
 * behind a picture), 'broken' when the structure does not hold, 'clean' otherwise.
 */
export function imageEnd(bytes: Buffer, kind: ImageKind): 'clean' | 'trailing' | 'broken' {
  switch (kind) {
    case 'jpeg': {
      const last = bytes.lastIndexOf(Buffer.from([0xff, 0xd9]));
      if (last < 0) return 'broken';
      return last + 2 === bytes.length ? 'clean' : 'trailing';
    }
    case 'png': {
      let at = PNG_SIGNATURE.length;
      while (at + 12 <= bytes.length) {
        const length = bytes.readUInt32BE(at);
        const type = bytes.toString('latin1', at + 4, at + 8);
        const next = at + 12 + length;
        if (next > bytes.length) return 'broken';
        if (type === 'IEND') return next === bytes.length ? 'clean' : 'trailing';
        at = next;
      }
      return 'broken';
    }
    case 'webp': {
      const size = bytes.readUInt32LE(4) + 8;
      if (size > bytes.length) return 'broken';
      return size === bytes.length ? 'clean' : 'trailing';
    }
  }
}

/** A photo as it is kept: re-encoded bytes, their type, SHA-256, size and dimensions. */
export interface CheckedImage {
  bytes: Buffer;
  contentType: 'image/jpeg' | 'image/png' | 'image/webp';
  sha256: string;
  size: number;
  width: number;
  height: number;
}

/**
 * Checks an upload and re-encodes it. Throws `uploadNotImage` (840) for what is not a JPEG, PNG
 * or WebP by content or does not decode, `uploadUnsafe` (842) for markup, script or data past
 * the image's end. The size limit is the caller's (it reads the stream).
 */
export async function checkImage(bytes: Buffer): Promise<CheckedImage> {
  const kind = sniffImage(bytes);
  if (!kind) throw new AppError('uploadNotImage');
  const end = imageEnd(bytes, kind);
  if (end === 'trailing' || imageCarriesMarkup(bytes, kind)) throw new AppError('uploadUnsafe');
  if (end === 'broken') throw new AppError('uploadNotImage');
  let output: { data: Buffer; info: sharp.OutputInfo };
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS });
    const meta = await image.metadata();
    if (meta.format !== kind) throw new Error(`decoded as ${meta.format}, sniffed as ${kind}`);
    // sharp writes no metadata unless asked (withMetadata / keepMetadata): none is asked.
    const upright = image
      .rotate()
      .resize(MAX_IMAGE_SIDE, MAX_IMAGE_SIDE, { fit: 'inside', withoutEnlargement: true });
    const encoded =
      kind === 'jpeg'
        ? upright.jpeg({ quality: 85, mozjpeg: false })
        : kind === 'png'
          ? upright.png()
          : upright.webp({ quality: 85 });
    output = await encoded.toBuffer({ resolveWithObject: true });
  } catch (err) {
    throw new AppError('uploadNotImage', { cause: err });
  }
  return {
    bytes: output.data,
    contentType: IMAGE_CONTENT_TYPES[kind],
    sha256: createHash('sha256').update(output.data).digest('hex'),
    size: output.data.length,
    width: output.info.width,
    height: output.info.height,
  };
}
