import { md5 } from './md5';

/**
 * The signature of a signed request (spec §7, §9): the non-empty params sorted by key,
 * written `key=value` and joined with `&`, then `&key=<app secret>`, MD5, upper-case hex.
 * The same function signs in the browser and verifies on the server.
 */
export function signatureBase(
  params: Record<string, string | number | null | undefined>,
  secret: string,
): string {
  const pairs = Object.keys(params)
    .filter((k) => {
      const v = params[k];
      return v !== undefined && v !== null && String(v) !== '';
    })
    .sort()
    .map((k) => `${k}=${params[k]}`);
  return `${pairs.join('&')}&key=${secret}`;
}

export function signParams(
  params: Record<string, string | number | null | undefined>,
  secret: string,
): string {
  return md5(signatureBase(params, secret)).toUpperCase();
}
