import type { FareOffer, Flight } from '@wings/contracts';
import { seatsLeftLabel } from '@wings/rules';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { arrivalDayOffset, durationParts, localTimeOf, money } from '../../../lib/format';
import { FareConditionsList } from './fare-conditions';

interface FlightCardProps {
  flight: Flight;
  /** Seats the party needs (adults + children). */
  seated: number;
  depCity: string;
  arrCity: string;
  onChoose: (fare: FareOffer) => void;
}

export function lowestFare(flight: Flight): FareOffer | undefined {
  return [...flight.fares]
    .filter((f) => f.seatsLeft > 0)
    .sort((a, b) => a.adultPrice.amount - b.adultPrice.amount)[0];
}

/** One flight: local times, duration, aircraft and the lowest fare of each family; a family opens its conditions. */
export function FlightCard({ flight, seated, depCity, arrCity, onChoose }: FlightCardProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<string | null>(null);
  const offset = arrivalDayOffset(flight.depTime, flight.arrTime);
  const { h, m } = durationParts(flight.durationMinutes);
  const cheapest = lowestFare(flight);
  const fares = [...flight.fares].sort((a, b) => a.adultPrice.amount - b.adultPrice.amount);
  const openFare = fares.find((f) => f.family === open);

  return (
    <article className="flight-card" data-testid={`flight-card-${flight.flightNo}`}>
      <div className="flight-times">
        <div className="flight-end">
          <span className="flight-time">{localTimeOf(flight.depTime)}</span>
          <span className="flight-place">
            {flight.depCode} {depCity}
          </span>
        </div>
        <div className="flight-mid">
          <span className="flight-duration">{t('results.duration', { h, m })}</span>
          <span className="flight-line" aria-hidden="true" />
          <span className="flight-direct">{t('results.direct')}</span>
        </div>
        <div className="flight-end flight-end-arr">
          <span className="flight-time">
            {localTimeOf(flight.arrTime)}
            {offset > 0 ? <sup className="flight-offset">+{offset}</sup> : null}
          </span>
          <span className="flight-place">
            {flight.arrCode} {arrCity}
          </span>
        </div>
      </div>
      <div className="flight-meta">
        <span>
          {flight.flightNo} · {flight.aircraft}
        </span>
        {cheapest ? (
          <span>
            <span className="muted small">{t('results.from')} </span>
            <span className="price">{money(cheapest.adultPrice)}</span>
          </span>
        ) : (
          <span className="muted">{t('results.sold_out')}</span>
        )}
      </div>
      <div className="fare-row" role="tablist">
        {fares.map((fare) => {
          const soldOut = fare.seatsLeft < Math.max(1, seated);
          const active = open === fare.family;
          return (
            <button
              key={fare.family}
              type="button"
              role="tab"
              aria-selected={active}
              aria-expanded={active}
              className={`fare-chip${active ? ' fare-chip-active' : ''}${fare.cabin === 'C' ? ' fare-chip-business' : ''}`}
              disabled={soldOut}
              data-testid={`family-${flight.flightNo}-${fare.family}`}
              onClick={() => setOpen(active ? null : fare.family)}
            >
              <span className="fare-chip-name">{fare.family}</span>
              <span className="fare-chip-cabin">{t(`cabin.${fare.cabin}`)}</span>
              <span className="fare-chip-price">
                {soldOut ? t('results.sold_out') : money(fare.adultPrice)}
              </span>
              {!soldOut ? (
                <span className="fare-chip-seats" data-testid={`seats-${flight.flightNo}-${fare.family}`}>
                  {t('results.seats_left', { n: seatsLeftLabel(fare.seatsLeft) })}
                </span>
              ) : null}
            </button>
          );
        })}
      </div>
      {openFare ? (
        <div className="fare-detail" data-testid={`fare-detail-${flight.flightNo}-${openFare.family}`}>
          <div className="fare-detail-head">
            <span>
              <strong>{openFare.family}</strong> · {t(`cabin.${openFare.cabin}`)} · {openFare.bookingClass}
            </span>
            <span>
              <span className="price">{money(openFare.adultPrice)}</span>{' '}
              <span className="muted small">{t('fare.per_adult')}</span>
            </span>
          </div>
          <FareConditionsList conditions={openFare.conditions} />
          <Button
            block
            color="primary"
            className="choose-btn"
            data-testid={`choose-${flight.flightNo}-${openFare.family}`}
            onClick={() => onChoose(openFare)}
          >
            {t('fare.choose', { family: openFare.family })}
          </Button>
        </div>
      ) : null}
    </article>
  );
}
