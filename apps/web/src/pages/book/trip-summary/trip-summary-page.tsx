import type { LanguageTag, Money } from '@wings/contracts';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { isLanguageTag } from '../../../app/i18n';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { StateView } from '../../../components/state-view';
import { useRouteInfo } from '../../../features/booking/api/get-route-info';
import { type ChosenLeg, type PerTypePrices, useBookingStore } from '../../../features/booking/booking-store';
import { FareConditionsList } from '../../../features/booking/components/fare-conditions';
import { useAirportMap } from '../../../features/booking/use-airport-map';
import {
  arrivalDayOffset,
  cityName,
  durationParts,
  formatDate,
  localDateOf,
  localTimeOf,
  money,
} from '../../../lib/format';
import './trip-summary.css';

const TYPES = ['adult', 'child', 'infant'] as const;

function LegCard({
  leg,
  kind,
  onChange,
}: {
  leg: ChosenLeg;
  kind: 'outbound' | 'return';
  onChange: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const airports = useAirportMap();
  const { flight, fare } = leg;
  const route = useRouteInfo(flight.depCode, flight.arrCode);
  const { h, m } = durationParts(flight.durationMinutes);
  const offset = arrivalDayOffset(flight.depTime, flight.arrTime);
  return (
    <section className="card leg-card" data-testid={`summary-leg-${kind}`}>
      <div className="leg-card-top">
        <span className={`leg-badge leg-badge-${kind}`}>{t(`summary.${kind}`)}</span>
        <span className="muted small">{formatDate(localDateOf(flight.depTime), lang)}</span>
        <button type="button" className="link-btn" onClick={onChange} data-testid={`summary-change-${kind}`}>
          {t('summary.change')}
        </button>
      </div>
      <div className="leg-times">
        <div>
          <div className="leg-time">{localTimeOf(flight.depTime)}</div>
          <div className="leg-city">{cityName(airports.get(flight.depCode), lang) || flight.depCode}</div>
          <div className="muted small">{flight.depCode}</div>
        </div>
        <div className="leg-mid muted small">
          <span>{t('results.duration', { h, m })}</span>
          <span className="flight-line" aria-hidden="true" />
          <span>{route.data ? `${route.data.distanceKm.toLocaleString()} km` : t('results.direct')}</span>
        </div>
        <div className="leg-right">
          <div className="leg-time">
            {localTimeOf(flight.arrTime)}
            {offset > 0 ? <sup className="flight-offset">+{offset}</sup> : null}
          </div>
          <div className="leg-city">{cityName(airports.get(flight.arrCode), lang) || flight.arrCode}</div>
          <div className="muted small">{flight.arrCode}</div>
        </div>
      </div>
      <div className="leg-fare">
        <span>
          {flight.flightNo} · {flight.aircraft}
        </span>
        <span>
          {t('summary.fare', { family: fare.family, cls: fare.bookingClass })} · {t(`cabin.${fare.cabin}`)}
        </span>
      </div>
      <details className="leg-conditions">
        <summary>{t('summary.conditions')}</summary>
        <FareConditionsList conditions={fare.conditions} />
      </details>
    </section>
  );
}

function PriceLines({
  title,
  prices,
  counts,
  total,
  testId,
}: {
  title: string;
  prices: PerTypePrices;
  counts: readonly number[];
  total: Money | null;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="price-block" data-testid={testId}>
      {TYPES.map((type, i) => {
        const count = counts[i] ?? 0;
        if (count === 0) return null;
        const unit = prices[type];
        return (
          <div className="price-line" key={type}>
            <span>
              {t('summary.line', { type: t(`pax.${type}_one`), count })}
              <span className="muted small"> · {money(unit)}</span>
            </span>
            <span>{money({ currency: unit.currency, amount: unit.amount * count })}</span>
          </div>
        );
      })}
      <div className="price-line price-line-total">
        <span>{title}</span>
        <span>{money(total)}</span>
      </div>
    </div>
  );
}

/** "Your trip": both legs, per-type prices and totals. The passenger step comes in a later release. */
export default function TripSummaryPage() {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const state = useBookingStore();
  const { search, leave, back } = state;
  const roundTrip = search.tripType === 1;

  if (!leave || !state.leavePrices || (roundTrip && (!back || !state.returnPrices))) {
    return (
      <div>
        <NavBar title={t('summary.title')} theme="navy" back={paths.book} />
        <StateView
          title={t('summary.empty')}
          testId="summary-empty"
          action={
            <Button color="primary" onClick={() => nav.replace(paths.book)}>
              {t('results.new_search')}
            </Button>
          }
        />
      </div>
    );
  }

  return (
    <div className="summary-page" data-testid="trip-summary">
      <NavBar
        title={t('summary.title')}
        theme="navy"
        back={roundTrip ? paths.returnTicket : paths.flightList}
      />
      <div className="summary-hero" />
      <div className="page-body summary-body">
        <LegCard leg={leave} kind="outbound" onChange={() => nav.push(paths.flightList)} />
        {roundTrip && back ? (
          <LegCard leg={back} kind="return" onChange={() => nav.push(paths.returnTicket)} />
        ) : null}

        <section className="card">
          <h2 className="card-title">{t('summary.breakdown')}</h2>
          <PriceLines
            title={t('summary.leg_total_out')}
            prices={state.leavePrices}
            counts={search.passengers}
            total={state.NewPriceLeave ?? state.priceLeave}
            testId="summary-price-outbound"
          />
          {roundTrip && state.returnPrices ? (
            <PriceLines
              title={t('summary.leg_total_ret')}
              prices={state.returnPrices}
              counts={search.passengers}
              total={state.NewPriceReturn ?? state.priceReturn}
              testId="summary-price-return"
            />
          ) : null}
        </section>
      </div>

      <footer className="summary-footer">
        <div className="summary-total">
          <span className="muted small">{t('summary.total')}</span>
          <span className="price summary-total-amount" data-testid="summary-total">
            {money(state.priceAll)}
          </span>
        </div>
        <Button
          color="primary"
          size="large"
          disabled
          className="summary-continue"
          data-testid="continue-passengers"
          aria-describedby="next-step-note"
        >
          {t('summary.continue')}
        </Button>
        <p className="summary-note" id="next-step-note" data-testid="next-step-note">
          {t('summary.next_note')}
        </p>
      </footer>
    </div>
  );
}
