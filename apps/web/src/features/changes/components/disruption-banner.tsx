import { type Disruption, type LanguageTag, type OrderDetail, OrderPayStatus } from '@wings/contracts';
import { Button } from 'antd-mobile';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, localDateOf, localTimeOf } from '../../../lib/format';
import { useAppNavigate } from '../../../lib/navigation';
import { orderHref, paths } from '../../../lib/paths';
import { useAirportMap } from '../../booking/use-airport-map';
import { useRefundSession } from '../../refunds/refund-session';
import { useAcceptDisruption, useDisruptions } from '../api/records';
import { airportLocal } from './rescheduled-legs';
import '../records.css';

/** The flight's new time: "11:30", or with its date when the retime moved it to another day. */
function newTimeText(d: Disruption, before: string, after: string, lang: LanguageTag): string {
  if (!d.after) return '';
  return localDateOf(after) === localDateOf(before)
    ? localTimeOf(after)
    : `${formatDate(localDateOf(after), lang)} ${localTimeOf(after)}`;
}

function DisruptionCard({ d, order, lang }: { d: Disruption; order: OrderDetail; lang: LanguageTag }) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const headingId = useId();
  const airports = useAirportMap();
  const setRefundReason = useRefundSession((s) => s.setReason);
  const accept = useAcceptDisruption(order.orderNo);
  // Accepted here: said at once, before queryDisruption answers again.
  const [acceptedNow, setAcceptedNow] = useState(false);
  const choice = acceptedNow && d.choice === 'pending' ? 'accepted' : d.choice;

  const before = airportLocal(airports, d.depCode, d.before.depUtc);
  const after = d.after ? airportLocal(airports, d.depCode, d.after.depUtc) : '';
  const date = formatDate(localDateOf(before), lang);
  const to = newTimeText(d, before, after, lang);
  const testId = `disruption-${d.segmentSeq}`;

  function onRefund() {
    // The refund's reason is the airline's: preselected on request-refund-reason (a full refund without fee).
    setRefundReason(order.orderNo, d.kind === 'canceled' ? 'flight_canceled' : 'flight_retimed', '');
    nav.push(orderHref(paths.requestNoTips, order.orderNo));
  }

  return (
    <section
      className={`card dr-card dr-${d.kind}${choice === 'pending' ? ' dr-pending' : ''}`}
      aria-labelledby={headingId}
      data-testid={testId}
      data-choice={choice}
    >
      <h2 id={headingId} className="dr-title" data-testid={`${testId}-title`}>
        {d.kind === 'canceled'
          ? t('disruption.canceled_title', { flightNo: d.flightNo, date })
          : t('disruption.retimed_title', { flightNo: d.flightNo, date, from: localTimeOf(before), to })}
      </h2>
      <p className="muted small dr-route">
        {d.depCode} → {d.arrCode}
      </p>
      {d.reason ? (
        <p className="dr-reason" data-testid={`${testId}-reason`}>
          {t('disruption.reason', { reason: d.reason })}
        </p>
      ) : null}

      {choice === 'pending' ? (
        order.mayManage ? (
          <div className="dr-choices" data-testid={`${testId}-choices`}>
            <p className="small">{t('disruption.choose')}</p>
            {d.kind === 'retimed' && d.mayAccept ? (
              <Button
                block
                color="primary"
                loading={accept.isPending}
                data-testid={`${testId}-accept`}
                onClick={() =>
                  accept.mutate(d.flightId, {
                    onSuccess: () => setAcceptedNow(true),
                  })
                }
              >
                {t('disruption.accept')}
              </Button>
            ) : null}
            {d.mayMove ? (
              <>
                <Button
                  block
                  color="primary"
                  fill="outline"
                  data-testid={`${testId}-move`}
                  onClick={() =>
                    nav.push(
                      orderHref(paths.changeDateFlight, order.orderNo, {
                        kind: 'disruption',
                        segmentSeq: String(d.segmentSeq),
                      }),
                    )
                  }
                >
                  {t('disruption.move')}
                </Button>
                <p className="muted small dr-hint">
                  {t('disruption.move_window', {
                    from: formatDate(d.moveFrom, lang),
                    to: formatDate(d.moveTo, lang),
                  })}
                </p>
              </>
            ) : null}
            {d.mayRefund ? (
              <Button block fill="outline" data-testid={`${testId}-refund`} onClick={onRefund}>
                {t('disruption.refund')}
              </Button>
            ) : null}
            {!d.mayAccept && !d.mayMove && !d.mayRefund ? (
              <p className="small" data-testid={`${testId}-no-choice`}>
                {t('disruption.no_choice')}
              </p>
            ) : null}
          </div>
        ) : (
          <p className="small" data-testid={`${testId}-find`}>
            {t('disruption.find_to_choose')}
          </p>
        )
      ) : (
        <div className="dr-chosen" role="status" data-testid={`${testId}-chosen`}>
          {choice === 'accepted' ? <p>{t('disruption.accepted', { to })}</p> : null}
          {choice === 'moved' ? (
            <>
              <p>{t('disruption.moved')}</p>
              {d.changeNo ? (
                <button
                  type="button"
                  className="rs-link"
                  data-testid={`${testId}-change-link`}
                  onClick={() =>
                    nav.push(
                      orderHref(paths.rescheduledDetail, order.orderNo, { changeNo: d.changeNo ?? '' }),
                    )
                  }
                >
                  <span>{t('disruption.view_change', { changeNo: d.changeNo })}</span>
                  <span aria-hidden="true">›</span>
                </button>
              ) : null}
            </>
          ) : null}
          {choice === 'refunded' ? (
            <>
              <p>{t('disruption.refunded')}</p>
              {d.refundNo ? (
                <button
                  type="button"
                  className="rs-link"
                  data-testid={`${testId}-refund-link`}
                  onClick={() =>
                    nav.push(
                      orderHref(paths.refundOrderDetail, order.orderNo, { refundNo: d.refundNo ?? '' }),
                    )
                  }
                >
                  <span>{t('disruption.view_refund', { refundNo: d.refundNo })}</span>
                  <span aria-hidden="true">›</span>
                </button>
              ) : null}
            </>
          ) : null}
        </div>
      )}
    </section>
  );
}

/**
 * Ticket detail's banners, at the top, for each flight of a paid order the airline retimed or
 * canceled: what changed (in the departure airport's time), the staff's reason, and the
 * traveller's choices: keep a retimed flight, move free to another flight within ±3 days, or a
 * full refund without fee; once chosen, what was chosen with the way to the change or refund.
 */
export function DisruptionBanners({ order, lang }: { order: OrderDetail; lang: LanguageTag }) {
  const { i18n } = useTranslation();
  const paid = order.status === OrderPayStatus.paid;
  const read = useDisruptions(order.orderNo, i18n.language, paid);
  const list = read.data?.disruptions ?? [];
  if (!paid || list.length === 0) return null;
  return (
    <div className="dr-list" data-testid="disruptions">
      {list.map((d) => (
        <DisruptionCard key={`${d.flightId}-${d.segmentSeq}`} d={d} order={order} lang={lang} />
      ))}
    </div>
  );
}
