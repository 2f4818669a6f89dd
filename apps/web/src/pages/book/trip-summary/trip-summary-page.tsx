import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@wings/api-client';
import { ErrorCodes, type LanguageTag, type Money } from '@wings/contracts';
import { Button, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguageTag } from '../../../app/i18n';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { TOAST_DURATION_MS } from '../../../app/setup-api-client';
import { NavBar } from '../../../components/nav-bar';
import { StateView } from '../../../components/state-view';
import { checkFlightSchedule } from '../../../features/booking/api/check-flight-schedule';
import { CHOOSE_AGAIN_CODES, chooseFlight } from '../../../features/booking/api/choose-flight';
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

/** The message of a code that sends the traveller back to the results (spec §8). */
const CHOOSE_AGAIN_KEYS: Record<string, string> = {
  [ErrorCodes.flightScheduleChanged.code]: 'flight_time_changed',
  [ErrorCodes.flightSelectLimit.code]: 'flight_select_limit',
  [ErrorCodes.seatsSoldOut.code]: 'seats_sold_out',
  [ErrorCodes.offerExpired.code]: 'offer_expired',
};

/**
 * "Your trip": both legs, per-type prices and totals. Continue re-checks the schedule, then
 * asks for a priced offer (chooseFlight) and opens the passenger step.
 */
export default function TripSummaryPage() {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const client = useQueryClient();
  const state = useBookingStore();
  const { search, leave, back } = state;
  const roundTrip = search.tripType === 1;
  const [busy, setBusy] = useState(false);

  /** Back to the results with the reason: a retimed return flight goes to the return results. */
  function chooseAgain(key: string, returnOnly = false) {
    Toast.show({ content: t(key), duration: TOAST_DURATION_MS });
    void client.invalidateQueries({ queryKey: ['search'] });
    nav.push(returnOnly ? paths.returnTicket : paths.flightList);
  }

  async function continueToPassengers() {
    if (busy || !leave) return;
    const legs = roundTrip && back ? [leave, back] : [leave];
    setBusy(true);
    try {
      // Both calls carry the departure time search showed, so a flight retimed since then is
      // caught, while one already listed at its new time can be bought.
      const schedule = await checkFlightSchedule({
        flightIds: legs.map((leg) => leg.flight.flightId),
        seen: legs.map((leg) => ({ flightId: leg.flight.flightId, depTime: leg.flight.depTime })),
      });
      if (schedule.changed) {
        const changed = schedule.flights.filter((f) => f.changed).map((f) => f.flightId);
        const onlyReturn =
          Boolean(back) && changed.length > 0 && changed.every((id) => id === back?.flight.flightId);
        chooseAgain('flight_time_changed', onlyReturn);
        return;
      }
      const offer = await chooseFlight({
        passengers: search.passengers,
        segments: legs.map((leg) => ({
          flightId: leg.flight.flightId,
          bookingClass: leg.fare.bookingClass,
          depTime: leg.flight.depTime,
        })),
      });
      state.setOffer(offer);
      nav.push(paths.passengersInfo);
    } catch (error) {
      // Other failures were already toasted by the client; the traveller can tap again.
      if (isApiError(error) && CHOOSE_AGAIN_CODES.includes(error.code)) {
        chooseAgain(CHOOSE_AGAIN_KEYS[error.code] ?? 'system_error');
      }
    } finally {
      setBusy(false);
    }
  }

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
          loading={busy}
          onClick={() => void continueToPassengers()}
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
