import {
  type Envelope,
  formatMessage,
  type LanguageTag,
  MEMBER_OK_STATUS,
  type MemberEnvelope,
} from '@wings/contracts';

/**
 * A successful reply of the main (and staff) layer: `{ code: "0", message, data }`. The message
 * is filled in the caller's language by the layer (platform/layers), so routes stay free of
 * presentation.
 */
export function ok<T>(data: T): Envelope<T> {
  return { code: '0', message: '', data };
}

/**
 * A successful reply of the main layer with its message already in `lang`, as the layer would
 * send it: for a route that serialises its reply itself (a search reply kept serialised,
 * modules/shopping/search-replies.ts), which no preSerialization hook reaches.
 */
export function okIn<T>(data: T, lang: LanguageTag): Envelope<T> {
  return { code: '0', message: formatMessage('ok', lang), data };
}

/** A successful reply of the member layer (`/api/fqt`, spec §7): `{ status: "200", message, data }`. */
export function memberOk<T>(data: T): MemberEnvelope<T> {
  return { status: MEMBER_OK_STATUS, message: '', data };
}
