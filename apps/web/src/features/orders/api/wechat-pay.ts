import type {
  GetSignResponse,
  JsPrepayOrderResponse,
  OpenidResponse,
  WechatPayParams,
} from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';
import { orderTokenHeaders } from '../order-session';
import { PAY_URL_PAGE_CODES } from './get-pay-url';

/**
 * WeChat Pay inside WeChat's browser (booking-and-account.md §4, §7): JSAPI needs the payer's
 * openid, which comes from a WeChat authorization (snsapi_base) that sends the browser back
 * with `?code=` before the hash; the order's pay parameters are then handed to WeixinJSBridge.
 */
const OPENID_KEY = 'wechat_openid';
/** How long to wait for WeixinJSBridge to announce itself. */
const BRIDGE_WAIT_MS = 3000;

/** The OAuth code WeChat put in the page address, removed from it so a reload does not reuse it. */
export function takeWechatCode(): string | null {
  const params = new URLSearchParams(window.location.search);
  const code = params.get('code');
  if (!code) return null;
  params.delete('code');
  params.delete('state');
  const qs = params.toString();
  window.history.replaceState(
    window.history.state,
    '',
    `${window.location.pathname}${qs ? `?${qs}` : ''}${window.location.hash}`,
  );
  return code;
}

/** The payer's openid: kept for this visit, or exchanged now for the code WeChat sent back. */
export async function wechatOpenid(): Promise<string | null> {
  const stored = sessionStorage.getItem(OPENID_KEY);
  if (stored) return stored;
  const code = takeWechatCode();
  if (!code) return null;
  const { openid } = await apiRequest<OpenidResponse>(
    `/travelsky/thirdoauth/wechat/getOpenid/${encodeURIComponent(code)}`,
  );
  sessionStorage.setItem(OPENID_KEY, openid);
  return openid;
}

/** WeChat's authorization page, coming back to this page (the app id comes with the JS-SDK signature). */
export async function wechatAuthorizeUrl(): Promise<string> {
  const here = window.location.href;
  const { appId } = await apiRequest<GetSignResponse>('/pay/payment/wechat/getSign', {
    method: 'POST',
    body: { url: here },
  });
  const query = new URLSearchParams({
    appid: appId,
    redirect_uri: here,
    response_type: 'code',
    scope: 'snsapi_base',
    state: 'pay',
  });
  return `https://open.weixin.qq.com/connect/oauth2/authorize?${query.toString()}#wechat_redirect`;
}

/** POST pay/payment/wechat/jsPrepayOrder/{orderNo}: JSAPI parameters for this payer (or an H5 checkout). */
export function jsPrepayOrder(orderNo: string, openid: string | null): Promise<JsPrepayOrderResponse> {
  return apiRequest<JsPrepayOrderResponse>(
    `/pay/payment/wechat/jsPrepayOrder/${encodeURIComponent(orderNo)}`,
    {
      method: 'POST',
      body: openid ? { openid } : {},
      headers: orderTokenHeaders(orderNo),
      quietCodes: PAY_URL_PAGE_CODES,
    },
  );
}

interface Bridge {
  invoke: (name: string, params: WechatPayParams, done: (res: { err_msg?: string }) => void) => void;
}

function bridge(): Bridge | undefined {
  return (window as unknown as { WeixinJSBridge?: Bridge }).WeixinJSBridge;
}

function bridgeReady(): Promise<Bridge | undefined> {
  const now = bridge();
  if (now) return Promise.resolve(now);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(bridge()), BRIDGE_WAIT_MS);
    document.addEventListener(
      'WeixinJSBridgeReady',
      () => {
        clearTimeout(timer);
        resolve(bridge());
      },
      { once: true },
    );
  });
}

/** Opens WeChat's own payment sheet: ok, cancel (the payer closed it) or fail. */
export async function requestWechatPayment(params: WechatPayParams): Promise<'ok' | 'cancel' | 'fail'> {
  const b = await bridgeReady();
  if (!b) return 'fail';
  return new Promise((resolve) => {
    b.invoke('getBrandWCPayRequest', params, (res) => {
      const msg = res?.err_msg ?? '';
      resolve(msg.endsWith(':ok') ? 'ok' : msg.endsWith(':cancel') ? 'cancel' : 'fail');
    });
  });
}
