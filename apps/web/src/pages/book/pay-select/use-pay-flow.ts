import { type ApiError, isApiError } from '@wings/api-client';
import type { JsPrepayOrderResponse, PayMethod, PayUrlResponse } from '@wings/contracts';
import { Toast } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../app/navigation';
import { TOAST_DURATION_MS } from '../../../app/setup-api-client';
import {
  requestWechatPayment,
  wechatAuthorizeUrl,
  wechatOpenid,
} from '../../../features/orders/api/wechat-pay';
import { browser, isWeChatBrowser, leaveForCheckout } from '../../../features/orders/checkout';
import { delay, methodsFor, PAY_REDIRECT_DELAY_MS } from './pay-methods';

/** What a pay form pays through: an order's calls, or an add-on order's. */
export interface PayPorts {
  /** Where the traveller goes once WeChat's own sheet says it is paid: the ticket. */
  ticketHref: string;
  /** A checkout at the method's gateway (getPayUrl, or the add-on order's payUrl). */
  checkout(method: PayMethod): Promise<Pick<PayUrlResponse, 'checkoutUrl' | 'form'>>;
  /** WeChat Pay's JSAPI parameters for this payer inside WeChat (or an H5 checkout). */
  wechat(openid: string): Promise<JsPrepayOrderResponse>;
  /** A payment has left for its gateway (ticket detail then confirms it on the way back). */
  markStarted(): void;
  /** It did not, or was cancelled: nothing to confirm. */
  clearStarted(): void;
  /** A refusal of the pay call (already paid, expired, ...): the form says what follows. */
  onRefused(error: ApiError): void | Promise<void>;
}

/**
 * Paying, the same for an order's pay-select and an add-on order's (spec §4, §5): the method
 * (WeChat Pay first inside WeChat), the terms to tick first (the card is scrolled to when they
 * are not), one payment at a time with the "about to pay" toast (spec §8 toPay_toast), then the
 * gateway's page, or inside WeChat the payer's openid (an authorization that comes back here)
 * and WeChat's own payment sheet. A failure says book.pay_fail and lets the traveller try again.
 */
export function usePayFlow(ports: PayPorts) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const inWeChat = isWeChatBrowser();
  const methods = methodsFor(inWeChat);
  const [method, setMethod] = useState<PayMethod>(inWeChat ? 'wechat' : 'card');
  const [terms, setTerms] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const busy = useRef(false);
  const termsRef = useRef<HTMLElement>(null);

  // Back from WeChat's authorization: the code in the address becomes the payer's openid.
  useEffect(() => {
    if (inWeChat) void wechatOpenid().catch(() => null);
  }, [inWeChat]);

  async function payInWeChat(failed: () => void, stop: () => void) {
    const openid = await wechatOpenid().catch(() => null);
    if (!openid) {
      browser.assign(await wechatAuthorizeUrl());
      return;
    }
    const [started] = await Promise.all([ports.wechat(openid), delay(PAY_REDIRECT_DELAY_MS)]);
    ports.markStarted();
    if (!started.clientParams) {
      if (!leaveForCheckout(started)) failed();
      return;
    }
    const outcome = await requestWechatPayment(started.clientParams);
    if (outcome === 'ok') {
      stop();
      nav.replace(ports.ticketHref);
    } else if (outcome === 'cancel') {
      ports.clearStarted();
      stop();
    } else {
      failed();
    }
  }

  async function pay() {
    setAttempted(true);
    if (!terms) {
      termsRef.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
      return;
    }
    if (busy.current) return;
    busy.current = true;
    setLeaving(true);
    // Spec §8 toPay_toast: about to go to payment, do not pay twice.
    Toast.show({ content: t('toPay_toast'), duration: TOAST_DURATION_MS });
    const stop = () => {
      busy.current = false;
      setLeaving(false);
    };
    const failed = () => {
      ports.clearStarted();
      Toast.show({ content: t('book.pay_fail'), duration: TOAST_DURATION_MS });
      stop();
    };
    try {
      if (method === 'wechat') {
        await payInWeChat(failed, stop);
        return;
      }
      const [checkout] = await Promise.all([ports.checkout(method), delay(PAY_REDIRECT_DELAY_MS)]);
      ports.markStarted();
      // No page to go to (an in-app payment this browser cannot start).
      if (!leaveForCheckout(checkout)) failed();
    } catch (error) {
      stop();
      if (isApiError(error)) await ports.onRefused(error);
    }
  }

  return { methods, method, setMethod, terms, setTerms, attempted, leaving, termsRef, pay };
}
