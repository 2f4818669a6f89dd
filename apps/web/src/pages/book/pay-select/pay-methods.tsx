import type { Money, PayMethod } from '@wings/contracts';
import { Button } from 'antd-mobile';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { money } from '../../../lib/format';

/** The "about to pay" toast stays this long before the browser leaves for the gateway. */
export const PAY_REDIRECT_DELAY_MS = 800;

export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface MethodOption {
  method: PayMethod;
  icon: ReactNode;
}

const icon = (d: string) => (
  <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
    <path
      d={d}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);

export const METHODS: MethodOption[] = [
  { method: 'card', icon: icon('M3 6.5h18v11H3zM3 10h18M6.5 14.5h4') },
  { method: 'abapay', icon: icon('M7 3h10v18H7zM10.5 18h3M9 6.5h6') },
  {
    method: 'khqr',
    icon: icon(
      'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2.5v2.5H14zM17.5 17.5H20V20h-2.5zM14 20h2M20 14v1.5',
    ),
  },
  {
    method: 'wechat',
    icon: icon(
      'M9.5 4.5c-3.9 0-7 2.6-7 5.8 0 1.8 1 3.4 2.6 4.5l-.6 2 2.4-1.2c.8.2 1.7.4 2.6.4M21.5 14.5c0-2.8-2.7-5-6-5s-6 2.2-6 5 2.7 5 6 5c.7 0 1.4-.1 2-.3l2 1-.5-1.7c1.5-1 2.5-2.4 2.5-4z',
    ),
  },
];

/** Inside WeChat its own payment comes first; elsewhere it is not offered at all. */
export function methodsFor(inWeChat: boolean): MethodOption[] {
  return inWeChat
    ? [...METHODS.filter((m) => m.method === 'wechat'), ...METHODS.filter((m) => m.method !== 'wechat')]
    : METHODS.filter((m) => m.method !== 'wechat');
}

/**
 * The payment methods of pay-select, one radio group (the same for an order and an add-on
 * order); WeChat Pay says it charges in CNY.
 */
export function PayMethodsCard({
  methods,
  method,
  onChange,
  wechatNote,
}: {
  methods: readonly MethodOption[];
  method: PayMethod;
  onChange: (method: PayMethod) => void;
  wechatNote: string;
}) {
  const { t } = useTranslation();
  return (
    <section className="card" data-testid="pay-methods">
      <h2 className="card-title">{t('pay.method_title')}</h2>
      <div className="pay-methods" role="radiogroup" aria-label={t('pay.method_title')}>
        {methods.map((m) => (
          <label
            key={m.method}
            className={`pay-method${method === m.method ? ' pay-method-active' : ''}`}
            data-testid={`pay-method-${m.method}`}
          >
            <input
              type="radio"
              name="pay-method"
              className="visually-hidden"
              value={m.method}
              checked={method === m.method}
              onChange={() => onChange(m.method)}
            />
            <span className={`pay-method-icon pay-method-icon-${m.method}`}>{m.icon}</span>
            <span className="pay-method-text">
              <span className="pay-method-name">{t(`pay.method_${m.method}`)}</span>
              <span className="muted small">{t(`pay.method_${m.method}_desc`)}</span>
            </span>
            <span className="pay-method-check" aria-hidden="true" />
          </label>
        ))}
      </div>
      {method === 'wechat' ? (
        <p className="booking-alert pay-note" data-testid="pay-wechat-cny">
          {wechatNote}
        </p>
      ) : null}
    </section>
  );
}

/**
 * The pay terms the traveller ticks before paying (spec §5), with the text to read and, after a
 * try without them, the message; an order's pay-select and an add-on order's alike. `ref`: the
 * card, scrolled to when the terms are missing.
 */
export function PayTermsCard({
  ref,
  accepted,
  onChange,
  missing,
}: {
  ref?: Ref<HTMLElement>;
  accepted: boolean;
  onChange: (accepted: boolean) => void;
  /** A payment was tried without them: say so. */
  missing: boolean;
}) {
  const { t } = useTranslation();
  return (
    <section className="card" data-testid="pay-terms-card" ref={ref}>
      <label className="agree-row">
        <input
          type="checkbox"
          checked={accepted}
          data-testid="pay-terms"
          onChange={(e) => onChange(e.target.checked)}
        />
        <span>{t('pay.terms')}</span>
      </label>
      <details className="leg-conditions">
        <summary>{t('booking.terms_read')}</summary>
        <p className="agreement-text">{t('pay.terms_text')}</p>
      </details>
      {missing ? (
        <p className="field-error" role="alert" data-testid="pay-terms-error">
          {t('pay.terms_required')}
        </p>
      ) : null}
    </section>
  );
}

/** The pay button of every payable (an order, an add-on order, a change of date): its amount, busy while leaving for the gateway. */
export function PaySubmitButton({
  amount,
  leaving,
  onPay,
}: {
  amount: Money;
  leaving: boolean;
  onPay: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Button
      block
      color="primary"
      size="large"
      className="booking-continue"
      loading={leaving}
      data-testid="pay-submit"
      onClick={onPay}
    >
      {t('pay.submit', { amount: money(amount) })}
    </Button>
  );
}
