import type { ChangeOrderView, LanguageTag } from '@wings/contracts';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isLanguageTag } from '../../../app/i18n';
import { useAppNavigate } from '../../../app/navigation';
import { orderHref, paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { useSessionStore } from '../../../features/account/session-store';
import { useAirportMap } from '../../../features/booking/use-airport-map';
import { useChangeOrderDetail } from '../../../features/changes/api/records';
import { RescheduledGate } from '../../../features/changes/components/rescheduled-gate';
import { RescheduledLegs } from '../../../features/changes/components/rescheduled-legs';
import { mayPayChange, RescheduledStatus } from '../../../features/changes/components/rescheduled-status';
import { useOrderSession } from '../../../features/orders/order-session';
import { formatInstant, money } from '../../../lib/format';
import '../../../features/account/components/account.css';
import '../../../features/booking/booking-flow.css';
import '../../../features/orders/orders.css';
import '../../../features/changes/records.css';

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

function Detail({ c, lang }: { c: ChangeOrderView; lang: LanguageTag }) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const airports = useAirportMap();
  const flightOf = (segmentSeq: number) => c.to.find((l) => l.segmentSeq === segmentSeq)?.flightNo ?? '';
  const payable = mayPayChange(c);
  return (
    <div className="page-body">
      <section className="card order-head" data-testid="change-head">
        <div className="order-head-top">
          <RescheduledStatus status={c.status} testId="change-status" />
          <span className="muted small">
            {t('rescheduled.applied_on', { date: formatInstant(c.createdAt, lang) })}
          </span>
        </div>
        <p className="small" data-testid="change-status-desc">
          {t(`rescheduled.status_desc.${c.status}`, {
            time: c.payDeadline ? formatInstant(c.payDeadline, lang) : '-',
            expires: c.expiresAt ? formatInstant(c.expiresAt, lang) : '-',
            done: c.succeededAt ? formatInstant(c.succeededAt, lang) : '-',
          })}
        </p>
        <div className="order-ids">
          <div>
            <span className="muted small">{t('rescheduled.change_no')}</span>
            <strong data-testid="change-no">{c.changeNo}</strong>
          </div>
          <div>
            <span className="muted small">{t('rescheduled.order_no')}</span>
            <strong data-testid="change-order-no">{c.orderNo}</strong>
          </div>
        </div>
        {c.kind === 'disruption' ? (
          <p className="muted small" data-testid="change-kind">
            {t('rescheduled.kind_desc.disruption')}
          </p>
        ) : null}
        {payable ? (
          <Button
            block
            color="primary"
            className="rs-pay"
            data-testid="change-pay"
            onClick={() => nav.push(orderHref(paths.paySelect, c.orderNo, { changeNo: c.changeNo }))}
          >
            {t('rescheduled.pay_amount', { amount: money(c.amount) })}
          </Button>
        ) : null}
      </section>

      <section className="card" data-testid="change-legs">
        <h2 className="card-title">{t('rescheduled.flights')}</h2>
        <RescheduledLegs from={c.from} to={c.to} airports={airports} lang={lang} testId="change-leg" />
      </section>

      <section className="card" data-testid="change-passengers">
        <h2 className="card-title">{t('rescheduled.passengers')}</h2>
        {c.passengers.map((p) => (
          <div key={p.seq} className="rs-line" data-testid={`change-pax-${p.seq}`}>
            <strong>{p.name}</strong>
            <Row
              label={t('rescheduled.old_ticket')}
              value={p.oldTicketNo ?? '-'}
              testId={`change-pax-old-${p.seq}`}
            />
            <Row
              label={t('rescheduled.new_ticket')}
              value={p.newTicketNo ?? t('rescheduled.new_ticket_pending')}
              testId={`change-pax-new-${p.seq}`}
            />
          </div>
        ))}
      </section>

      <section className="card" data-testid="change-costs">
        <h2 className="card-title">{t('rescheduled.costs')}</h2>
        {c.lines.map((l) => (
          <div
            key={`${l.passengerSeq}-${l.segmentSeq}`}
            className="rs-line"
            data-testid={`change-line-${l.passengerSeq}-${l.segmentSeq}`}
          >
            <div className="rs-line-head">
              <strong>{l.passengerName}</strong>
              <span className="muted small">{flightOf(l.segmentSeq)}</span>
            </div>
            <Row label={t('rescheduled.fee')} value={money(l.fee)} />
            <Row label={t('rescheduled.fare_difference')} value={money(l.fareDifference)} />
            <Row label={t('rescheduled.tax_difference')} value={money(l.taxDifference)} />
            <Row label={t('rescheduled.line_total')} value={money(l.total)} />
          </div>
        ))}
        <div className="rs-line" data-testid="change-totals">
          <Row label={t('rescheduled.fee_total')} value={money(c.fee)} testId="change-fee" />
          <Row
            label={t('rescheduled.original_cost')}
            value={money(c.originalCost)}
            testId="change-original"
          />
          <Row label={t('rescheduled.difference')} value={money(c.difference)} testId="change-difference" />
          <div className="info-row rs-amount">
            <span className="info-row-label">{t('rescheduled.amount')}</span>
            <strong className="info-row-value price" data-testid="change-amount">
              {money(c.amount)}
            </strong>
          </div>
        </div>
        <p className="muted small">{t('rescheduled.lower_fare_note')}</p>
      </section>

      {c.services.length > 0 ? (
        <section className="card" data-testid="change-services">
          <h2 className="card-title">{t('rescheduled.services')}</h2>
          <ul className="rs-notes">
            {c.services.map((s, i) => (
              // A change's add-on notes are fixed once it is quoted: the position is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={i} data-testid={`change-service-${i}`}>
                <strong>{s.passengerName}</strong>: {s.note}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="card" data-testid="change-reason">
        <Row label={t('rescheduled.reason')} value={c.reasonText} testId="change-reason-text" />
        {c.remark ? <Row label={t('rescheduled.remark')} value={c.remark} /> : null}
      </section>

      <div className="rs-actions">
        <Button
          block
          color="primary"
          fill="outline"
          data-testid="change-view-tickets"
          onClick={() => nav.push(orderHref(paths.ticketDetail, c.orderNo))}
        >
          {t('rescheduled.view_tickets')}
        </Button>
      </div>
    </div>
  );
}

/**
 * rescheduled-detail (after-sales §2-§4; booking §4: a change order's detail is the original
 * order's): one change order (`?changeNo=`, with `&orderNo=` for a guest's grant): its state and
 * what it means, the legs from their old flights to the new ones, passengers with their old and
 * new tickets, what it cost (fee, differences, totals), what happened to the add-ons, the reason,
 * the way to the tickets; one waiting for its payment can be paid.
 */
export default function RescheduledDetailPage() {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const [params] = useSearchParams();
  const changeNo = (params.get('changeNo') ?? '').trim().toUpperCase();
  const orderNo = (params.get('orderNo') ?? '').trim().toUpperCase();
  const loggedIn = useSessionStore((s) => s.loggedIn);
  const grant = useOrderSession((s) => (orderNo ? s.grants[orderNo] : undefined));
  const hasGrant = grant !== undefined && Date.parse(grant.expiresAt) > Date.now();
  const canAsk = changeNo !== '' && (loggedIn || hasGrant);
  const detail = useChangeOrderDetail(canAsk ? changeNo : '', orderNo, i18n.language);
  const back = loggedIn
    ? orderNo
      ? orderHref(paths.rescheduledRecord, orderNo)
      : paths.rescheduledRecord
    : orderHref(paths.ticketDetail, orderNo);
  return (
    <div className="order-page" data-testid="rescheduled-detail">
      <NavBar title={t('rescheduled.detail_title')} back={back} />
      <RescheduledGate canAsk={canAsk} orderNo={orderNo} read={detail}>
        {(c) => <Detail c={c} lang={lang} />}
      </RescheduledGate>
    </div>
  );
}
