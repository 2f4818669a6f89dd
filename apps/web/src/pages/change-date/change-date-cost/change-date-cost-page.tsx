import type { ChangeOrderView } from '@wings/contracts';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../app/navigation';
import { orderHref, paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { useChangeSession } from '../../../features/changes/change-session';
import { ChangeExpired } from '../../../features/changes/components/change-gate';
import { ChangeQuoteGate } from '../../../features/changes/components/change-quote-page';
import { QuoteCountdown } from '../../../features/changes/components/quote-countdown';
import { hasLowerFare, legKey } from '../../../features/changes/labels';
import { useChangeOrder } from '../../../features/changes/use-change-order';
import { useCountdown } from '../../../features/orders/countdown';
import { money } from '../../../lib/format';
import '../../../features/account/components/account.css';
import '../../../features/orders/orders.css';
import '../../../features/refunds/refunds.css';
import '../../../features/changes/changes.css';

function Row({
  label,
  value,
  testId,
  strong,
}: {
  label: string;
  value: string;
  testId?: string;
  strong?: boolean;
}) {
  return (
    <div className="info-row">
      <span className="info-row-label">{label}</span>
      {strong ? (
        <strong className="info-row-value price" data-testid={testId}>
          {value}
        </strong>
      ) : (
        <span className="info-row-value" data-testid={testId}>
          {value}
        </span>
      )}
    </div>
  );
}

function Cost({ view, orderNo }: { view: ChangeOrderView; orderNo: string }) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const renewKey = useChangeSession((s) => s.renewKey);
  const countdown = useCountdown(view.expiresAt ?? new Date(0).toISOString());
  const lapsed = view.status === 'quoted' && view.expiresAt !== null && countdown.over;
  if (lapsed) {
    return (
      <ChangeExpired
        onAgain={() => {
          renewKey();
          nav.replace(orderHref(paths.changeDateFlight, orderNo));
        }}
      />
    );
  }
  const names = [...new Map(view.lines.map((l) => [l.passengerSeq, l.passengerName])).entries()];
  return (
    <div className="page-body" data-testid="change-cost">
      {view.expiresAt ? (
        <section className="card">
          <QuoteCountdown expiresAt={view.expiresAt} />
        </section>
      ) : null}
      {names.map(([seq, name]) => (
        <section key={seq} className="card" data-testid={`change-cost-pax-${seq}`}>
          <h2 className="card-title">{name}</h2>
          {view.lines
            .filter((l) => l.passengerSeq === seq)
            .map((l) => (
              <div
                key={l.segmentSeq}
                className="change-cost-line"
                data-testid={`change-line-${seq}-${l.segmentSeq}`}
              >
                <h3 className="change-cost-leg">{t(legKey(l.segmentSeq))}</h3>
                <Row label={t('changes.cost.fee')} value={money(l.fee)} />
                <Row
                  label={t('changes.cost.fare')}
                  value={`${money(l.oldFare)} → ${money(l.newFare)}`}
                  testId={`change-fares-${seq}-${l.segmentSeq}`}
                />
                <Row label={t('changes.cost.fare_difference')} value={money(l.fareDifference)} />
                <Row label={t('changes.cost.tax_difference')} value={money(l.taxDifference)} />
                <Row
                  label={t('changes.cost.line_total')}
                  value={money(l.total)}
                  testId={`change-line-total-${seq}-${l.segmentSeq}`}
                  strong
                />
              </div>
            ))}
        </section>
      ))}
      <section className="card" data-testid="change-totals">
        <h2 className="card-title">{t('changes.cost.totals')}</h2>
        <Row label={t('changes.cost.total_fee')} value={money(view.fee)} testId="change-total-fee" />
        <Row label={t('changes.cost.original')} value={money(view.originalCost)} testId="change-original" />
        <Row label={t('changes.cost.difference')} value={money(view.difference)} testId="change-difference" />
        <Row label={t('changes.cost.amount')} value={money(view.amount)} testId="change-amount" strong />
        {hasLowerFare(view) ? (
          <p className="refund-note booking-alert" data-testid="change-lower-fare">
            {t('changes.lower_fare_note')}
          </p>
        ) : null}
      </section>
      <div className="refund-actions">
        <Button
          block
          color="primary"
          size="large"
          data-testid="change-cost-next"
          onClick={() => nav.push(orderHref(paths.changeDateConfirm, orderNo, { changeNo: view.changeNo }))}
        >
          {t('changes.next')}
        </Button>
      </div>
    </div>
  );
}

/**
 * change-date-cost (after-sales §3, §9): the quote per passenger and leg: the change fee, the old
 * and the new fare, the fare and tax differences and the line's total; then the fees, the
 * original cost, the difference and the amount to pay. A lower new fare is not refunded (said
 * when it happens). The quote holds for a while: its countdown, and once over, choose again.
 */
export default function ChangeDateCostPage() {
  const { t, i18n } = useTranslation();
  const { orderNo, changeNo, canAsk } = useChangeOrder();
  return (
    <div className="order-page" data-testid="change-date-cost">
      <NavBar
        title={t('changes.cost_title')}
        back={orderHref(paths.changeDateAddedServices, orderNo, { changeNo })}
      />
      <ChangeQuoteGate canAsk={canAsk} orderNo={orderNo} changeNo={changeNo} language={i18n.language}>
        {(view) => <Cost view={view} orderNo={orderNo} />}
      </ChangeQuoteGate>
    </div>
  );
}
