import { API_BASE, memberAdapter } from '@wings/api-client';
import { CLIENT_SOURCE_HEADER, ClientType, Language, MEMBER_TOKEN_HEADER } from '@wings/contracts';
import { getAccessToken, renewAccessToken } from '../../../api/access-token';
import { clientHooks } from '../../../api/client-hooks';
import { memberToken } from '../member-store';

/**
 * The headers every member-layer call carries (as apiRequest sends them, spec §7): the app's
 * access token, the language, the client source, and the member and app sessions when there are.
 * For the calls that are not JSON (a multipart upload, a photo read as bytes).
 */
export function memberHeaders(accessToken: string): Record<string, string> {
  const headers: Record<string, string> = {
    Authorization: `Bearer ${accessToken}`,
    apiBkSource: ClientType.h5,
    [CLIENT_SOURCE_HEADER]: ClientType.h5,
    language: String(Language[clientHooks.language()]),
  };
  const vip = memberToken();
  if (vip) headers[MEMBER_TOKEN_HEADER] = vip;
  const session = clientHooks.sessionToken();
  if (session) headers.token = session;
  return headers;
}

/**
 * Sends one member-layer request built by `init` with the member headers; when the access token
 * is refused as missing or expired (2000/2007 in the member envelope) it is renewed once and the
 * request sent again, as apiRequest does.
 */
export async function memberFetch(
  path: string,
  init: (headers: Record<string, string>) => RequestInit,
): Promise<Response> {
  let token = await getAccessToken();
  let res = await fetch(`${API_BASE}${path}`, init(memberHeaders(token)));
  if (await asksForNewAccessToken(res)) {
    token = await renewAccessToken(token);
    res = await fetch(`${API_BASE}${path}`, init(memberHeaders(token)));
  }
  return res;
}

async function asksForNewAccessToken(res: Response): Promise<boolean> {
  if (!(res.headers.get('Content-Type') ?? '').includes('json')) return false;
  try {
    const envelope = memberAdapter.unwrap(await res.clone().json());
    return envelope !== null && memberAdapter.read(envelope).kind === 'renew-access-token';
  } catch {
    return false;
  }
}
