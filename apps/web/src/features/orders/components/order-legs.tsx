import type { Airport, LanguageTag, OrderLeg } from '@wings/contracts';
import { useTranslation } from 'react-i18next';
import { arrivalDayOffset, cityName, formatDate, localDateOf, localTimeOf } from '../../../lib/format';

/** The legs of an order at the airports' own local times (CODE_STYLE.md §8), outbound then return. */
export function OrderLegs({
  legs,
  airports,
  lang,
}: {
  legs: OrderLeg[];
  airports: ReadonlyMap<string, Airport>;
  lang: LanguageTag;
}) {
  const { t } = useTranslation();
  return (
    <div className="order-legs">
      {legs.map((leg, i) => {
        const offset = arrivalDayOffset(leg.depTime, leg.arrTime);
        return (
          <div className="order-leg" key={leg.seq} data-testid={`order-leg-${i}`}>
            <div className="order-leg-head">
              <span className={`leg-badge${i > 0 ? ' leg-badge-return' : ''}`}>
                {t(legs.length > 1 && i > 0 ? 'summary.return' : 'summary.outbound')}
              </span>
              <span className="muted small">{formatDate(localDateOf(leg.depTime), lang)}</span>
              <span className="order-leg-no">{leg.flightNo}</span>
            </div>
            <div className="order-leg-times">
              <div className="order-leg-end">
                <strong data-testid={`order-leg-${i}-dep`}>{localTimeOf(leg.depTime)}</strong>
                <span className="order-leg-city">
                  {cityName(airports.get(leg.depCode), lang) || leg.depCode}
                </span>
                <span className="muted small">{leg.depCode}</span>
              </div>
              <div className="order-leg-line" aria-hidden="true">
                <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                  <path
                    d="M2.5 13.5l19-5c1-.3 1-1.6 0-1.9L17 5.5 11.5 3l-1.6.5 2.6 3.6-5 1.4-2.3-1.5-1.3.4 1.4 2.8-2.8.9z"
                    fill="currentColor"
                  />
                </svg>
              </div>
              <div className="order-leg-end order-leg-end-arr">
                <strong data-testid={`order-leg-${i}-arr`}>
                  {localTimeOf(leg.arrTime)}
                  {offset > 0 ? <sup className="order-leg-offset">+{offset}</sup> : null}
                </strong>
                <span className="order-leg-city">
                  {cityName(airports.get(leg.arrCode), lang) || leg.arrCode}
                </span>
                <span className="muted small">{leg.arrCode}</span>
              </div>
            </div>
            <div className="muted small order-leg-fare">
              {t('summary.fare', { family: leg.family, cls: leg.bookingClass })} · {t(`cabin.${leg.cabin}`)} ·{' '}
              {leg.aircraft}
            </div>
          </div>
        );
      })}
    </div>
  );
}
