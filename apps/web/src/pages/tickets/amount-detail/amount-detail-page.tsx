import { type OrderDetail, taxLineLabel } from '@wings/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isLanguageTag } from '../../../app/i18n';
import { orderHref, paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { useSessionStore } from '../../../features/account/session-store';
import { OrderAddonLines } from '../../../features/orders/components/order-addons';
import { OrderGate } from '../../../features/orders/components/order-gate';
import { useOrderView } from '../../../features/orders/use-order-view';
import { money } from '../../../lib/format';
import '../../../features/booking/booking-flow.css';
import '../../../features/orders/orders.css';

const KIND: Record<number, string> = { 1: 'adult', 2: 'child', 3: 'infant' };

function Amounts({ order }: { order: OrderDetail }) {
  const { t, i18n } = useTranslation();
  const { price } = order;
  const lang = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const hasLines = (price.addonLines?.length ?? 0) > 0;
  const addonLabel = (code: string) =>
    i18n.exists(`addon.${code}`) ? t(`addon.${code}`) : t('order.addon_code', { code });
  return (
    <div className="page-body">
      <section className="card" data-testid="amount-detail">
        <h2 className="card-title">{t('order.fares')}</h2>
        {price.fares.map((f) => (
          <div className="price-line" key={f.passengerType} data-testid={`amount-fare-${f.passengerType}`}>
            <span>
              {KIND[f.passengerType]
                ? t('summary.line', { type: t(`pax.${KIND[f.passengerType]}_one`), count: f.count })
                : t('booking.fare_total')}
            </span>
            <span>{money(f.amount)}</span>
          </div>
        ))}
        <div className="price-line price-line-sub" data-testid="amount-fare-total">
          <span>{t('booking.fare_total')}</span>
          <span>{money(price.fareTotal)}</span>
        </div>

        {price.taxes.map((tax) => (
          <div className="price-line" key={tax.code} data-testid={`amount-tax-${tax.code}`}>
            <span>{taxLineLabel(tax.code, lang)}</span>
            <span>{money(tax.amount)}</span>
          </div>
        ))}
        <div className="price-line price-line-sub" data-testid="amount-tax-total">
          <span>{t('booking.tax_total')}</span>
          <span>{money(price.taxTotal)}</span>
        </div>

        {price.addons.length > 0 || hasLines ? (
          <>
            {hasLines ? (
              // Each add-on with its passenger and leg (issue 14), rather than one sum per kind.
              <OrderAddonLines order={order} />
            ) : null}
            {(hasLines ? [] : price.addons).map((a) => (
              <div className="price-line" key={a.code} data-testid={`amount-addon-${a.code}`}>
                <span>{addonLabel(a.code)}</span>
                <span>{money(a.amount)}</span>
              </div>
            ))}
            <div className="price-line price-line-sub" data-testid="amount-addon-total">
              <span>{t('order.addon_total')}</span>
              <span>{money(price.addonTotal)}</span>
            </div>
          </>
        ) : null}

        {price.discount.amount > 0 ? (
          <div className="price-line price-line-discount" data-testid="amount-discount">
            <span>
              {price.promoCode ? t('booking.discount', { code: price.promoCode }) : t('order.discount')}
            </span>
            <span>−{money(price.discount)}</span>
          </div>
        ) : null}
        {price.promoCode ? (
          <div className="price-line muted" data-testid="amount-promo">
            <span>{t('booking.promo_title')}</span>
            <span>{price.promoCode}</span>
          </div>
        ) : null}

        <div className="price-line price-line-total" data-testid="amount-total">
          <span>{t('order.total')}</span>
          <span className="price">{money(price.total)}</span>
        </div>
      </section>
      <p className="muted small order-note">{t('order.amount_note', { currency: price.currency })}</p>
    </div>
  );
}

/**
 * amount-detail (after-sales §2, §3): fares by passenger type, each tax as "label (code)" (the
 * shared table of @wings/contracts tax-labels), add-ons, discount and promo code, total.
 */
export default function AmountDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const orderNo = (params.get('orderNo') ?? '').trim().toUpperCase();
  const loggedIn = useSessionStore((s) => s.loggedIn);
  const view = useOrderView(orderNo, loggedIn);
  return (
    <div className="order-page" data-testid="amount-detail-page">
      <NavBar title={t('order.amount_title')} back={orderHref(paths.ticketDetail, orderNo)} />
      <OrderGate view={view} orderNo={orderNo}>
        {(order) => <Amounts order={order} />}
      </OrderGate>
    </div>
  );
}
