import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@wings/api-client';
import { ErrorCodes, type LanguageTag, type OrderDetail, type SeatMapSeat } from '@wings/contracts';
import { Button, SpinLoading } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isLanguageTag } from '../../../app/i18n';
import { orderHref, paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { StateView } from '../../../components/state-view';
import { useSessionStore } from '../../../features/account/session-store';
import { OrderGate } from '../../../features/orders/components/order-gate';
import { useOrderView } from '../../../features/orders/use-order-view';
import { SeatMap } from '../../../features/seating/seat-map';
import { useAddonInfo, useAddonSeatMap } from '../../../features/secondary-services/api/secondary-services';
import { usePurchase } from '../../../features/secondary-services/use-purchase';
import { formatDate, localDateOf, localTimeOf, money } from '../../../lib/format';
import '../../../features/account/components/account.css';
import '../../../features/booking/booking-flow.css';
import '../../../features/orders/orders.css';
import '../../../features/secondary-services/secondary-services.css';

function SeatBody({
  order,
  seq,
  leg,
  lang,
}: {
  order: OrderDetail;
  seq: number;
  leg: number;
  lang: LanguageTag;
}) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const info = useAddonInfo(order.orderNo, i18n.language);
  const passenger = info.data?.passengers.find((p) => p.seq === seq);
  const infoLeg = passenger?.legs.find((l) => l.leg === leg);
  const request = infoLeg && !infoLeg.bar ? { orderNo: order.orderNo, seq, leg } : null;
  const map = useAddonSeatMap(request, i18n.language);
  const purchase = usePurchase();
  const [picked, setPicked] = useState<SeatMapSeat | null>(null);
  const ref = String(seq);

  // The passenger's bars on this flight, said before any tap: e.g. exit rows for an adult with an infant.
  const bars = useMemo(() => {
    const found = new Map<string, string[]>();
    for (const s of map.data?.seats ?? []) {
      const bar = s.barred.find((b) => b.ref === ref);
      if (bar) found.set(bar.message, [...(found.get(bar.message) ?? []), s.seat]);
    }
    return [...found.entries()].map(([message, seats]) => ({
      message,
      rows: [...new Set(seats.map((x) => x.replace(/\D+$/, '')))],
    }));
  }, [map.data, ref]);

  if (info.isPending) {
    return (
      <div className="order-loading" role="status">
        <SpinLoading color="primary" />
      </div>
    );
  }
  if (info.isError || !passenger || !infoLeg) {
    return <StateView tone="error" testId="sec-seat-unknown" title={t('secondary.no_passenger')} />;
  }
  if (infoLeg.bar || passenger.bar) {
    const bar = passenger.bar ?? infoLeg.bar;
    return (
      <div className="page-body">
        <div className="booking-alert" role="status" data-testid="sec-seat-bar">
          <p>{bar?.message}</p>
        </div>
      </div>
    );
  }
  const serviceBar = passenger.serviceBars.find((b) => b.serviceCode === 12)?.bar ?? null;

  async function buy() {
    if (!picked) return;
    const refused = await purchase.buy({
      orderNo: order.orderNo,
      seq,
      serviceCode: 12,
      legs: [leg],
      seat: picked.seat,
    });
    if (refused && isApiError(refused.error) && refused.error.code === ErrorCodes.seatTaken.code) {
      // Someone else took it meanwhile: the map is read again and the pick dropped.
      setPicked(null);
      void client.invalidateQueries({ queryKey: ['secondary', 'seatDetails'] });
    }
  }

  return (
    <>
      <div className="page-body sec-seat-body">
        <section className="card" data-testid="sec-seat-head">
          <h2 className="card-title">
            {infoLeg.flightNo} {infoLeg.depCode} → {infoLeg.arrCode}
          </h2>
          <p className="muted small">
            {passenger.name} · {formatDate(localDateOf(infoLeg.depTime), lang)} {localTimeOf(infoLeg.depTime)}
          </p>
          <p className="sec-have" data-testid="sec-seat-current">
            {infoLeg.seat ? t('secondary.have_seat', { seat: infoLeg.seat }) : t('secondary.no_seat')}
          </p>
          {serviceBar ? (
            <div className="booking-alert" role="status" data-testid="sec-seat-service-bar">
              <p>{serviceBar.message}</p>
            </div>
          ) : null}
          {bars.length > 0 ? (
            <div className="booking-alert sec-bar" data-testid="sec-seat-bars">
              <p>{t('secondary.seat_bars_intro', { name: passenger.name })}</p>
              <ul>
                {bars.map((b) => (
                  <li key={b.message}>
                    {t('secondary.seat_bar_rows', { rows: b.rows.join(', ') })}: {b.message}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </section>
        <section className="card sec-map-card">
          {map.isPending ? (
            <SpinLoading color="primary" />
          ) : map.isError ? (
            <StateView
              tone="error"
              testId="sec-map-failed"
              title={
                map.error instanceof Error && map.error.message
                  ? map.error.message
                  : t('secondary.load_failed')
              }
              action={
                <Button color="primary" fill="outline" onClick={() => void map.refetch()}>
                  {t('common.retry')}
                </Button>
              }
            />
          ) : (
            <SeatMap
              map={map.data}
              cabin={infoLeg.cabin}
              passenger={{ ref, label: passenger.name }}
              occupants={picked ? [{ seat: picked.seat, ref, label: passenger.name, short: '✓' }] : []}
              onPick={(seat) => setPicked((p) => (p?.seat === seat.seat ? null : seat))}
            />
          )}
        </section>
      </div>
      <footer className="booking-footer">
        {purchase.problem ? (
          <div className="booking-alert booking-alert-error" role="alert" data-testid="sec-seat-problem">
            <p>{purchase.problem.message}</p>
          </div>
        ) : null}
        <p className="sec-picked" aria-live="polite" data-testid="sec-seat-picked">
          {picked
            ? t('secondary.seat_picked', {
                seat: picked.seat,
                amount: !picked.price
                  ? '-'
                  : picked.price.amount === 0
                    ? t('seat.map.price_free')
                    : money(picked.price),
              })
            : t('secondary.seat_pick_hint')}
        </p>
        <Button
          block
          color="primary"
          size="large"
          className="booking-continue"
          disabled={!picked || serviceBar !== null}
          loading={purchase.busy}
          data-testid="sec-buy-seat"
          onClick={() => void buy()}
        >
          {t('secondary.buy_seat')}
        </Button>
      </footer>
    </>
  );
}

/**
 * secondary-seat (`?orderNo=&seq=&leg=`; issue 14): the leg's seat map read for one ticketed
 * passenger (seatDetailsInfo), the seats their rules bar (first and exit rows for an adult with
 * an infant, by age) greyed with the reason, which the page also says before any tap. Picking a
 * seat and Buy makes the seat's add-on order (service 12), paid on pay-select.
 */
export default function SecondarySeatPage() {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const [params] = useSearchParams();
  const orderNo = (params.get('orderNo') ?? '').trim().toUpperCase();
  const seq = Number(params.get('seq') ?? '0');
  const leg = Number(params.get('leg') ?? '0');
  const loggedIn = useSessionStore((s) => s.loggedIn);
  const view = useOrderView(orderNo, loggedIn);
  return (
    <div className="booking-page order-page" data-testid="secondary-seat">
      <NavBar
        title={t('secondary.seat_title')}
        back={orderHref(paths.secondaryServices, orderNo, { seq: String(seq) })}
      />
      <OrderGate view={view} orderNo={orderNo}>
        {(order) => <SeatBody order={order} seq={seq} leg={leg} lang={lang} />}
      </OrderGate>
    </div>
  );
}
