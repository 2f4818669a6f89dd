import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, exportPKCS8, generateKeyPair, importJWK, jwtVerify, SignJWT } from 'jose';

/*
 * Local stand-ins for Facebook, WeChat and Sign in with Apple that implement the documented
 * endpoints the adapters call, checking what the real ones check. Tests point the adapters at
 * them through the *_AUTH_URL / *_GRAPH_URL / *_API_URL settings.
 */

type Reply = { status?: number; json: unknown };
type Handler = (url: URL, req: IncomingMessage, body: string) => Reply | Promise<Reply>;

interface FakeServer {
  url: string;
  close(): Promise<void>;
}

async function serve(handler: Handler): Promise<FakeServer> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        try {
          const url = new URL(req.url ?? '/', 'http://fake');
          const out = await handler(url, req, Buffer.concat(chunks).toString('utf8'));
          res.writeHead(out.status ?? 200, { 'content-type': 'application/json' });
          res.end(JSON.stringify(out.json));
        } catch (err) {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: String(err) }));
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const token = () => randomBytes(16).toString('hex');

export interface FacebookPerson {
  id: string;
  name: string;
  email?: string;
}

/** Graph API: oauth/access_token, /me (appsecret_proof required), debug_token. */
export async function startFakeFacebook(app: { appId: string; appSecret: string }) {
  const codes = new Map<string, { person: FacebookPerson; redirectUri: string }>();
  const tokens = new Map<string, { person: FacebookPerson; appId: string }>();
  const calls: string[] = [];
  const oauthError = (message: string) => ({
    status: 400,
    json: { error: { message, type: 'OAuthException', code: 100 } },
  });
  const server = await serve((url) => {
    calls.push(url.pathname);
    const q = url.searchParams;
    if (url.pathname === '/v19.0/oauth/access_token') {
      if (q.get('client_id') !== app.appId || q.get('client_secret') !== app.appSecret) {
        return oauthError('Error validating client secret.');
      }
      const grant = codes.get(q.get('code') ?? '');
      if (!grant) return oauthError('This authorization code has been used.');
      codes.delete(q.get('code') ?? '');
      if (grant.redirectUri !== q.get('redirect_uri')) return oauthError('redirect_uri is not identical');
      const t = token();
      tokens.set(t, { person: grant.person, appId: app.appId });
      return { json: { access_token: t, token_type: 'bearer', expires_in: 5183944 } };
    }
    if (url.pathname === '/me') {
      const t = q.get('access_token') ?? '';
      const held = tokens.get(t);
      if (!held) return oauthError('Invalid OAuth access token.');
      const proof = createHmac('sha256', app.appSecret).update(t).digest('hex');
      if (q.get('appsecret_proof') !== proof)
        return oauthError('Invalid appsecret_proof provided in the API argument');
      const fields = (q.get('fields') ?? 'id,name').split(',');
      const p = held.person;
      const out: Record<string, string> = {};
      for (const f of fields) {
        const v = p[f as keyof FacebookPerson];
        if (v !== undefined) out[f] = v;
      }
      return { json: out };
    }
    if (url.pathname === '/v19.0/debug_token') {
      if (q.get('access_token') !== `${app.appId}|${app.appSecret}`) return oauthError('Invalid app token');
      const held = tokens.get(q.get('input_token') ?? '');
      return {
        json: {
          data: held
            ? { app_id: held.appId, is_valid: true, user_id: held.person.id, type: 'USER' }
            : { is_valid: false, error: { code: 190, message: 'Invalid OAuth access token.' } },
        },
      };
    }
    return { status: 404, json: { error: { message: 'unknown path' } } };
  });
  return {
    ...server,
    calls,
    /** The person allows the app: a code for this redirect_uri, as the dialog would return. */
    grant(person: FacebookPerson, redirectUri: string): string {
      const c = token();
      codes.set(c, { person, redirectUri });
      return c;
    },
    /** An access token as a native SDK would hold it (for another app when `appId` differs). */
    sdkToken(person: FacebookPerson, appId = app.appId): string {
      const t = token();
      tokens.set(t, { person, appId });
      return t;
    },
  };
}

export interface WechatPerson {
  openid: string;
  unionid?: string;
  nickname: string;
}

/** WeChat website login: sns/oauth2/access_token and sns/userinfo, errors as errcode with HTTP 200. */
export async function startFakeWechat(app: { appId: string; appSecret: string }) {
  const codes = new Map<string, WechatPerson>();
  const tokens = new Map<string, WechatPerson>();
  const server = await serve((url) => {
    const q = url.searchParams;
    if (url.pathname === '/sns/oauth2/access_token') {
      if (q.get('appid') !== app.appId || q.get('secret') !== app.appSecret) {
        return { json: { errcode: 40125, errmsg: 'invalid appsecret' } };
      }
      if (q.get('grant_type') !== 'authorization_code')
        return { json: { errcode: 40002, errmsg: 'invalid grant_type' } };
      const person = codes.get(q.get('code') ?? '');
      if (!person) return { json: { errcode: 40029, errmsg: 'invalid code' } };
      codes.delete(q.get('code') ?? '');
      const t = token();
      tokens.set(t, person);
      return {
        json: {
          access_token: t,
          expires_in: 7200,
          refresh_token: token(),
          openid: person.openid,
          scope: 'snsapi_login',
          ...(person.unionid ? { unionid: person.unionid } : {}),
        },
      };
    }
    if (url.pathname === '/sns/userinfo') {
      const person = tokens.get(q.get('access_token') ?? '');
      if (!person || person.openid !== q.get('openid')) {
        return { json: { errcode: 40003, errmsg: 'invalid openid' } };
      }
      return {
        json: {
          openid: person.openid,
          nickname: person.nickname,
          sex: 0,
          headimgurl: '',
          privilege: [],
          ...(person.unionid ? { unionid: person.unionid } : {}),
        },
      };
    }
    return { json: { errcode: 404, errmsg: 'unknown path' } };
  });
  return {
    ...server,
    grant(person: WechatPerson): string {
      const c = token();
      codes.set(c, person);
      return c;
    },
  };
}

export interface ApplePerson {
  sub: string;
  email?: string;
  emailVerified?: boolean;
  privateEmail?: boolean;
}

/** The keys a team downloads from Apple: an ES256 private key (PKCS#8 PEM) and its public half. */
export async function appleTeamKey() {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  return { pem: await exportPKCS8(privateKey), publicKey };
}

/**
 * Sign in with Apple: POST /auth/token (checks the ES256 client secret with the team's public
 * key) and /auth/keys (the JWKS of the key that signs id_tokens).
 */
export async function startFakeApple(app: {
  clientId: string;
  teamId: string;
  keyId: string;
  teamPublicKey: CryptoKeyLike;
}) {
  const signing = await generateKeyPair('RS256', { extractable: true });
  const rogue = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(signing.publicKey)), kid: 'fake-apple-1', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, { person: ApplePerson; redirectUri: string; nonce?: string }>();
  const state = { tamper: false as false | 'payload' | 'key' };
  const secrets: string[] = [];
  const server = await serve(async (url, req, body): Promise<Reply> => {
    if (url.pathname === '/auth/keys') return { json: { keys: [jwk] } };
    if (url.pathname === '/auth/token' && req.method === 'POST') {
      if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
        return { status: 400, json: { error: 'invalid_request' } };
      }
      const form = new URLSearchParams(body);
      const secret = form.get('client_secret') ?? '';
      secrets.push(secret);
      try {
        const { payload, protectedHeader } = await jwtVerify(secret, app.teamPublicKey, {
          issuer: app.teamId,
          subject: app.clientId,
          audience: 'https://appleid.apple.com',
          algorithms: ['ES256'],
        });
        if (protectedHeader.kid !== app.keyId || typeof payload.exp !== 'number') throw new Error('kid/exp');
      } catch {
        return { status: 400, json: { error: 'invalid_client' } };
      }
      if (form.get('client_id') !== app.clientId) return { status: 400, json: { error: 'invalid_client' } };
      const grant = codes.get(form.get('code') ?? '');
      if (
        !grant ||
        form.get('grant_type') !== 'authorization_code' ||
        grant.redirectUri !== form.get('redirect_uri')
      ) {
        return { status: 400, json: { error: 'invalid_grant' } };
      }
      codes.delete(form.get('code') ?? '');
      const p = grant.person;
      const claims: Record<string, unknown> = {
        sub: p.sub,
        ...(p.email
          ? {
              email: p.email,
              email_verified: p.emailVerified === false ? 'false' : 'true',
              is_private_email: p.privateEmail ? 'true' : 'false',
            }
          : {}),
        ...(grant.nonce ? { nonce: grant.nonce, nonce_supported: true } : {}),
        auth_time: Math.floor(Date.now() / 1000),
      };
      const key = state.tamper === 'key' ? rogue.privateKey : signing.privateKey;
      let idToken = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'fake-apple-1' })
        .setIssuer('https://appleid.apple.com')
        .setAudience(app.clientId)
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(key);
      if (state.tamper === 'payload') {
        const [h, , s] = idToken.split('.');
        const forged = Buffer.from(
          JSON.stringify({
            ...claims,
            sub: 'someone-else',
            iss: 'https://appleid.apple.com',
            aud: app.clientId,
            exp: Math.floor(Date.now() / 1000) + 600,
          }),
        ).toString('base64url');
        idToken = `${h}.${forged}.${s}`;
      }
      return {
        json: {
          access_token: token(),
          token_type: 'Bearer',
          expires_in: 3600,
          refresh_token: token(),
          id_token: idToken,
        },
      };
    }
    return { status: 404, json: { error: 'unknown path' } };
  });
  return {
    ...server,
    state,
    secrets,
    grant(person: ApplePerson, redirectUri: string, nonce?: string): string {
      const c = `c${token()}.0.apple`;
      codes.set(c, { person, redirectUri, ...(nonce ? { nonce } : {}) });
      return c;
    },
    /** The published signing key, to check the adapter fetched it (importJWK proves it parses). */
    jwk: () => importJWK(jwk, 'RS256'),
  };
}

type CryptoKeyLike = Parameters<typeof jwtVerify>[1] & object;
