import { randomUUID } from 'node:crypto';
import { beijingTimestamp, signParams } from '@wings/rules';

/**
 * The demo app pair of development mode (README): the tests, journeys and benchmarks sign with
 * it, and every server they start runs with it (`startServer` sets APP_ID and APP_SECRET).
 */
export const DEMO_APP = { id: 'wings-h5-demo', secret: 'demo-secret-change-me' };

/** Gets an access token the way a client does: a signed request. */
export async function getAccessToken(baseUrl: string): Promise<string> {
  const h = {
    appId: DEMO_APP.id,
    nonce: randomUUID(),
    timestamp: beijingTimestamp(new Date()),
    signType: 'MD5',
  };
  const res = await fetch(`${baseUrl}/api/travelsky/common/getAccessToken`, {
    method: 'POST',
    headers: { ...h, sign: signParams(h, DEMO_APP.secret) },
  });
  const body = (await res.json()) as { code: string; data: { access_token: string } };
  if (body.code !== '0') throw new Error(`getAccessToken: ${JSON.stringify(body)}`);
  return body.data.access_token;
}
