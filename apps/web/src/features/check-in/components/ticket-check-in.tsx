import { type LanguageTag, type OrderDetail, OrderPayStatus } from '@wings/contracts';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../lib/navigation';
import { orderHref, paths } from '../../../lib/paths';
import { StatusBadge } from '../../orders/components/status-badge';
import { useCheckInState } from '../api/query-check-in';
import { checkInStateKey, checkInStateTone, whenLocal } from '../labels';
import '../check-in.css';

/**
 * Ticket detail's online check-in card (issue 15): per leg, "Check in" while the window is open
 * for someone not checked in yet, else when it opens or that it closed; "View boarding passes"
 * once anyone is checked in. Read only for a paid order with tickets.
 */
export function TicketCheckIn({ order, lang }: { order: OrderDetail; lang: LanguageTag }) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const ticketed = order.status === OrderPayStatus.paid && order.passengers.some((p) => p.ticket !== null);
  const state = useCheckInState(order.orderNo, ticketed);
  if (!ticketed || !state.data) return null;
  const passengers = state.data.passengers;
  const anyCheckedIn = passengers.some((p) => p.legs.some((l) => l.state === 'checked_in'));
  return (
    <section className="card" data-testid="check-in-card">
      <h2 className="card-title">{t('checkin.card_title')}</h2>
      {order.legs.map((leg) => {
        const legs = passengers.flatMap((p) => p.legs.filter((l) => l.legSeq === leg.seq));
        const first = legs[0];
        if (!first) return null;
        const canCheckIn = legs.some((l) => l.canCheckIn);
        const anyOpen = legs.some((l) => l.bar === null && l.state === 'not_checked_in');
        return (
          <div className="ci-entry" key={leg.seq} data-testid={`check-in-leg-${leg.seq}`}>
            <div className="ci-pax-main">
              <span className="ci-leg-route">
                {first.flightNo} {first.depCode} → {first.arrCode}
              </span>
              <span className="ci-window">
                {canCheckIn
                  ? t('checkin.closes_at', { time: whenLocal(first.closesAtLocal, lang) })
                  : first.phase === 'not_open' && anyOpen
                    ? t('checkin.opens_at', { time: whenLocal(first.opensAtLocal, lang) })
                    : first.phase === 'closed' && anyOpen
                      ? t('checkin.closed_note')
                      : null}
              </span>
              <span className="ci-coupon-states">
                {legs.map((l, i) => (
                  <StatusBadge
                    // One badge per passenger, in passenger order.
                    // biome-ignore lint/suspicious/noArrayIndexKey: see above
                    key={i}
                    tone={checkInStateTone(l.state)}
                    testId={`check-in-state-${leg.seq}-${i}`}
                  >
                    {t(checkInStateKey(l.state))}
                  </StatusBadge>
                ))}
              </span>
            </div>
            {canCheckIn ? (
              <Button
                size="small"
                color="primary"
                data-testid={`check-in-open-${leg.seq}`}
                onClick={() => nav.push(orderHref(paths.checkIn, order.orderNo, { leg: String(leg.seq) }))}
              >
                {t('checkin.check_in')}
              </Button>
            ) : null}
          </div>
        );
      })}
      {anyCheckedIn ? (
        <Button
          block
          color="primary"
          fill="outline"
          data-testid="boarding-passes-open"
          onClick={() => nav.push(orderHref(paths.boardingPass, order.orderNo))}
        >
          {t('checkin.view_boarding_passes')}
        </Button>
      ) : null}
    </section>
  );
}
