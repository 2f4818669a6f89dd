import type { LanguageTag } from '@wings/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isLanguageTag } from '../../../app/i18n';
import { orderHref, paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { useAirportMap } from '../../../features/booking/use-airport-map';
import { useRefundDetail } from '../../../features/refunds/api/get-refund-detail';
import { useRefundQuote } from '../../../features/refunds/api/get-refund-quote';
import { RefundAmounts } from '../../../features/refunds/components/refund-amounts';
import { RefundGate } from '../../../features/refunds/components/refund-gate';
import { RefundRestart } from '../../../features/refunds/components/refund-restart';
import { perPassenger, quoteRequestOf, type RefundAmountsOf } from '../../../features/refunds/quote';
import { useRefundChoice } from '../../../features/refunds/refund-session';
import { useRefundOrder } from '../../../features/refunds/use-refund-order';
import { formatInstant, money } from '../../../lib/format';
import '../../../features/account/components/account.css';
import '../../../features/orders/orders.css';
import '../../../features/refunds/refunds.css';

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="info-row">
      <span className="info-row-label">{label}</span>
      <span className="info-row-value" data-testid={testId}>
        {value}
      </span>
    </div>
  );
}

/** Per passenger, each segment's fare, taxes and fees, and their add-ons; then the totals. */
function AmountLines({ shown, lang }: { shown: RefundAmountsOf; lang: LanguageTag }) {
  const { t } = useTranslation();
  const airports = useAirportMap();
  return (
    <div className="page-body">
      {perPassenger(shown).map((p) => (
        <section key={p.seq} className="card" data-testid={`refund-detail-pax-${p.seq}`}>
          <h2 className="card-title">{p.name}</h2>
          {shown.lines
            .filter((l) => l.passengerSeq === p.seq)
            .map((l) => (
              <div
                key={l.segmentSeq}
                className="refund-line"
                data-testid={`refund-line-${p.seq}-${l.segmentSeq}`}
              >
                <div className="refund-line-head">
                  <strong>
                    {l.flightNo} {l.depCode}–{l.arrCode}
                  </strong>
                  {/* A flight time: in its departure airport's zone. */}
                  <span className="muted small">
                    {formatInstant(l.depUtc, lang, airports.get(l.depCode)?.timeZone)}
                  </span>
                </div>
                <Row label={t('refunds.line.fare')} value={money(l.fare)} testId="line-fare" />
                <Row label={t('refunds.line.taxes')} value={money(l.taxes)} testId="line-taxes" />
                <Row
                  label={t('refunds.line.fee')}
                  value={l.fee.amount > 0 ? `-${money(l.fee)}` : money(l.fee)}
                  testId="line-fee"
                />
                {l.noShow ? (
                  <Row
                    label={t('refunds.line.no_show_fee')}
                    value={l.noShowFee.amount > 0 ? `-${money(l.noShowFee)}` : money(l.noShowFee)}
                    testId="line-no-show"
                  />
                ) : null}
                <Row label={t('refunds.line.refund')} value={money(l.refund)} testId="line-refund" />
              </div>
            ))}
          {shown.addons
            .filter((a) => a.passengerSeq === p.seq)
            .map((a) => (
              <div
                key={`${a.code}-${a.segmentSeq ?? 'all'}`}
                className="refund-line"
                data-testid={`refund-addon-${p.seq}-${a.code}-${a.segmentSeq ?? 'all'}`}
              >
                <div className="refund-line-head">
                  <strong>{t(`refunds.addon.${a.code}`, { defaultValue: a.code })}</strong>
                </div>
                <Row label={t('refunds.line.paid')} value={money(a.paid)} />
                <Row label={t('refunds.line.refund')} value={money(a.refund)} />
              </div>
            ))}
          <div className="refund-pax-total">
            <span>{t('refunds.line.passenger_total')}</span>
            <strong data-testid={`refund-pax-sum-${p.seq}`}>{money(p.refund)}</strong>
          </div>
        </section>
      ))}
      <section className="card">
        <RefundAmounts
          shouldRefund={shown.shouldRefund}
          handlingFee={shown.handlingFee}
          actual={shown.actual}
        />
      </section>
    </div>
  );
}

function QuoteDetail({ orderNo, canAsk, lang }: { orderNo: string; canAsk: boolean; lang: LanguageTag }) {
  const { i18n } = useTranslation();
  const request = quoteRequestOf(useRefundChoice(orderNo));
  const quote = useRefundQuote(canAsk ? request : null, i18n.language);
  if (canAsk && !request) return <RefundRestart orderNo={orderNo} />;
  return (
    <RefundGate canAsk={canAsk} orderNo={orderNo} read={quote}>
      {(answer) => <AmountLines shown={answer} lang={lang} />}
    </RefundGate>
  );
}

function OrderDetailLines({
  refundNo,
  orderNo,
  lang,
}: {
  refundNo: string;
  orderNo: string;
  lang: LanguageTag;
}) {
  const detail = useRefundDetail(refundNo, orderNo);
  return (
    <RefundGate canAsk orderNo={orderNo} read={detail}>
      {(answer) => <AmountLines shown={answer} lang={lang} />}
    </RefundGate>
  );
}

/**
 * refund-amount-detail (after-sales §2, §9): per passenger and segment what was paid (fare,
 * taxes), the fee kept and what comes back, and the add-ons refunded with them. Of the request
 * being made (the quote), or of a refund order (`refundNo`).
 */
export default function RefundAmountDetailPage() {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const [params] = useSearchParams();
  const refundNo = (params.get('refundNo') ?? '').trim().toUpperCase();
  const { orderNo, canAsk } = useRefundOrder();
  const back = refundNo
    ? orderHref(paths.refundOrderDetail, orderNo, { refundNo })
    : orderHref(paths.requestRefundConfirm, orderNo);
  return (
    <div className="order-page" data-testid="refund-amount-detail">
      <NavBar title={t('refunds.amount_detail')} back={back} />
      {refundNo ? (
        <OrderDetailLines refundNo={refundNo} orderNo={orderNo} lang={lang} />
      ) : (
        <QuoteDetail orderNo={orderNo} canAsk={canAsk} lang={lang} />
      )}
    </div>
  );
}
