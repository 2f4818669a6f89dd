import { createHash } from 'node:crypto';
import type { GetSignResponse } from '@wings/contracts';
import { AppError } from '../../../platform/errors';
import { nonceStr } from '../../../platform/payments/wechat/wechat-pay.crypto';

/**
 * The official account's keys: WECHAT_APP_ID, WECHAT_APP_SECRET and WECHAT_API_URL, the WeChat
 * login settings (config.oauth.wechat), which app.ts hands the payments module.
 */
export interface WechatOfficialAccountConfig {
  appId: string;
  appSecret: string;
  apiUrl: string;
}

/**
 * The JS-SDK config signature (微信 JS-SDK 说明文档, 附录1): SHA-1, hex, of
 * `jsapi_ticket=…&noncestr=…&timestamp=…&url=…` with the page URL up to, not including, `#`.
 */
export function jsSdkSignature(ticket: string, nonce: string, timestamp: number, url: string): string {
  const page = url.split('#')[0]!;
  return createHash('sha1')
    .update(`jsapi_ticket=${ticket}&noncestr=${nonce}&timestamp=${timestamp}&url=${page}`, 'utf8')
    .digest('hex');
}

/** Refresh a ticket this long before WeChat says it expires. */
const EARLY_MS = 5 * 60_000;
const TIMEOUT_MS = 10_000;
/** errcodes meaning the access token is no longer valid (40001 invalid credential, 42001 expired). */
const TOKEN_ERRCODES = new Set([40001, 40014, 42001]);

class WechatApiError extends Error {
  constructor(
    readonly errcode: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The WeChat official-account calls the payment pages need: the JS-SDK signature of a page
 * (cgi-bin/token → cgi-bin/ticket/getticket?type=jsapi, the ticket cached in this process until
 * five minutes before it expires, concurrent callers sharing one fetch) and the payer's openid
 * from an OAuth code (sns/oauth2/access_token). Uses WECHAT_APP_ID / WECHAT_APP_SECRET.
 */
export class WechatOfficialAccount {
  private ticket: { value: string; expiresAt: number } | null = null;
  private pending: Promise<string> | null = null;

  constructor(
    private readonly config: WechatOfficialAccountConfig,
    private readonly now: () => Date,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  /** wx.config's appId, timestamp, nonceStr and signature for the page at `url`. */
  async sign(url: string): Promise<GetSignResponse> {
    const ticket = await this.jsapiTicket();
    const timestamp = Math.floor(this.now().getTime() / 1000);
    const nonce = nonceStr(16);
    return {
      appId: this.config.appId,
      timestamp,
      nonceStr: nonce,
      signature: jsSdkSignature(ticket, nonce, timestamp, url),
    };
  }

  /** The openid of the person who granted `code` (snsapi_base or snsapi_userinfo); 4010 when refused. */
  async openid(code: string): Promise<string> {
    const q = new URLSearchParams({
      appid: this.config.appId,
      secret: this.config.appSecret,
      code,
      grant_type: 'authorization_code',
    });
    try {
      const body = await this.get(`/sns/oauth2/access_token?${q}`);
      if (typeof body.openid !== 'string' || !body.openid)
        throw new WechatApiError(-1, 'reply without openid');
      return body.openid;
    } catch (err) {
      throw new AppError('oauthFailed', { cause: err });
    }
  }

  private async jsapiTicket(): Promise<string> {
    if (this.ticket && this.ticket.expiresAt > this.now().getTime()) return this.ticket.value;
    this.pending ??= this.fetchTicket().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async fetchTicket(): Promise<string> {
    try {
      return await this.ticketOnce();
    } catch (err) {
      // A token revoked between the two calls (another process fetched a new one): once more.
      if (err instanceof WechatApiError && TOKEN_ERRCODES.has(err.errcode)) {
        try {
          return await this.ticketOnce();
        } catch (again) {
          throw new AppError('unavailable', { cause: again });
        }
      }
      throw new AppError('unavailable', { cause: err });
    }
  }

  private async ticketOnce(): Promise<string> {
    const tq = new URLSearchParams({
      grant_type: 'client_credential',
      appid: this.config.appId,
      secret: this.config.appSecret,
    });
    const token = await this.get(`/cgi-bin/token?${tq}`);
    if (typeof token.access_token !== 'string')
      throw new WechatApiError(-1, 'token reply without access_token');
    const kq = new URLSearchParams({ access_token: token.access_token, type: 'jsapi' });
    const reply = await this.get(`/cgi-bin/ticket/getticket?${kq}`);
    if (typeof reply.ticket !== 'string' || !reply.ticket)
      throw new WechatApiError(-1, 'reply without ticket');
    const life = typeof reply.expires_in === 'number' ? reply.expires_in * 1000 : 7200_000;
    this.ticket = {
      value: reply.ticket,
      expiresAt: this.now().getTime() + Math.max(life - EARLY_MS, 60_000),
    };
    return reply.ticket;
  }

  /** A GET on the official-account API; failures arrive as `{ errcode, errmsg }` with HTTP 200. */
  private async get(pathWithQuery: string): Promise<Record<string, unknown>> {
    const res = await this.fetchImpl(`${this.config.apiUrl.replace(/\/+$/, '')}${pathWithQuery}`, {
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body: unknown = await res.json();
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      throw new WechatApiError(-1, `answered ${res.status} with an unexpected body`);
    }
    const b = body as Record<string, unknown>;
    if (b.errcode !== undefined && Number(b.errcode) !== 0) {
      throw new WechatApiError(Number(b.errcode), `errcode ${String(b.errcode)} ${String(b.errmsg ?? '')}`);
    }
    return b;
  }
}
