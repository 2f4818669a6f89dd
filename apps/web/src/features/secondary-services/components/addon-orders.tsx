import type { AddonOrderView } from '@wings/contracts';
import { useTranslation } from 'react-i18next';
import { money } from '../../../lib/format';
import { useAppNavigate } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { StatusBadge } from '../../orders/components/status-badge';
import { addonStatusKey, lineText, SERVICE_KEYS } from '../labels';

/** pay-select for an add-on order of a ticketed order. */
export function addonPayHref(
  orderNo: string,
  secOrderNo: string,
  extra: Record<string, string> = {},
): string {
  return `${paths.paySelect}?${new URLSearchParams({ secOrderNo, orderNo, ...extra }).toString()}`;
}

const TONE: Record<AddonOrderView['status'], 'ok' | 'wait' | 'off' | 'bad'> = {
  paid: 'ok',
  unpaid: 'wait',
  refunded: 'off',
  canceled: 'off',
  expired: 'off',
};

/**
 * A passenger's add-on orders: each line (which flight, what) with its EMD number once paid
 * (13 digits), the amount and the status; an order waiting for payment has "Continue paying".
 */
export function AddonOrderList({
  orders,
  orderNo,
  testId,
  compact = false,
}: {
  orders: readonly AddonOrderView[];
  orderNo: string;
  testId: string;
  /** Ticket detail: the lines and EMD numbers only. */
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  if (orders.length === 0) return null;
  return (
    <ul className="sec-orders" data-testid={testId} aria-label={t('secondary.my_addons')}>
      {orders.map((o) => (
        <li key={o.secOrderNo} className="sec-order" data-testid={`${testId}-${o.secOrderNo}`}>
          {compact ? null : (
            <div className="sec-order-head">
              <strong>{t(SERVICE_KEYS[o.serviceCode])}</strong>
              <StatusBadge tone={TONE[o.status]} testId={`${testId}-${o.secOrderNo}-status`}>
                {t(addonStatusKey(o.status))}
              </StatusBadge>
            </div>
          )}
          <ul className="sec-order-lines">
            {o.lines.map((line, i) => (
              // Lines of an order never change order: the index is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={i} className="sec-order-line">
                <span>
                  {line.flightNo ? <span className="muted">{line.flightNo} </span> : null}
                  {lineText(o.serviceCode, line, t)}
                </span>
                {line.emdNo ? (
                  <span className="sec-emd">
                    <span className="muted small">{t('secondary.emd_no')}</span>{' '}
                    <strong data-testid={`emd-${line.emdNo}`}>{line.emdNo}</strong>
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
          {compact ? null : (
            <div className="sec-order-foot">
              <span className="muted small">{o.secOrderNo}</span>
              <strong className="price">{money(o.totalAmt)}</strong>
            </div>
          )}
          {!compact && o.status === 'unpaid' ? (
            <button
              type="button"
              className="order-link-btn sec-continue"
              data-testid={`${testId}-${o.secOrderNo}-pay`}
              onClick={() => nav.push(addonPayHref(orderNo, o.secOrderNo))}
            >
              {t('secondary.continue_paying')} ›
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
