import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A local stand-in for the WeChat official-account API the payment pages use: cgi-bin/token,
 * cgi-bin/ticket/getticket (type=jsapi) and sns/oauth2/access_token (snsapi_base), answering
 * errors as `{ errcode, errmsg }` with HTTP 200 as WeChat does. One server, because all three
 * live under WECHAT_API_URL.
 */
export async function startFakeOfficialAccount(app: { appId: string; appSecret: string }) {
  const hex = () => randomBytes(16).toString('hex');
  const tokens = new Set<string>();
  const codes = new Map<string, string>();
  const calls: string[] = [];
  const state = { ticket: `sM4AOVdWfPE4DxkXGEs8VM${hex()}`, ticketLifeSeconds: 7200, revokeTokens: false };

  const handle = (url: URL): unknown => {
    const q = url.searchParams;
    calls.push(url.pathname);
    if (url.pathname === '/cgi-bin/token') {
      if (q.get('grant_type') !== 'client_credential')
        return { errcode: 40002, errmsg: 'invalid grant_type' };
      if (q.get('appid') !== app.appId || q.get('secret') !== app.appSecret) {
        return { errcode: 40125, errmsg: 'invalid appsecret' };
      }
      const t = hex();
      tokens.add(t);
      return { access_token: t, expires_in: 7200 };
    }
    if (url.pathname === '/cgi-bin/ticket/getticket') {
      const t = q.get('access_token') ?? '';
      if (state.revokeTokens) {
        state.revokeTokens = false;
        tokens.clear();
      }
      if (!tokens.has(t)) return { errcode: 40001, errmsg: 'invalid credential, access_token is invalid' };
      if (q.get('type') !== 'jsapi') return { errcode: 40097, errmsg: 'invalid args' };
      return { errcode: 0, errmsg: 'ok', ticket: state.ticket, expires_in: state.ticketLifeSeconds };
    }
    if (url.pathname === '/sns/oauth2/access_token') {
      if (q.get('appid') !== app.appId || q.get('secret') !== app.appSecret) {
        return { errcode: 40125, errmsg: 'invalid appsecret' };
      }
      if (q.get('grant_type') !== 'authorization_code')
        return { errcode: 40002, errmsg: 'invalid grant_type' };
      const openid = codes.get(q.get('code') ?? '');
      if (!openid) return { errcode: 40029, errmsg: 'invalid code' };
      codes.delete(q.get('code') ?? '');
      return { access_token: hex(), expires_in: 7200, refresh_token: hex(), openid, scope: 'snsapi_base' };
    }
    return { errcode: 404, errmsg: 'unknown path' };
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on('end', () => {
      const body = JSON.stringify(handle(new URL(req.url ?? '/', 'http://fake')));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    state,
    /** The person opens the page with snsapi_base: the code WeChat appends to the redirect. */
    grant(openid: string): string {
      const c = hex();
      codes.set(c, openid);
      return c;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
