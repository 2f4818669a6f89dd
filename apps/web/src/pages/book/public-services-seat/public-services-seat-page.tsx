import type { SeatTypeCode } from '@wings/contracts';
import { SEAT_AGE_LIMITS } from '@wings/rules';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import '../../../features/booking/booking-flow.css';
import '../../../features/seating/seat-map.css';
import './public-services-seat.css';

/**
 * The seat types in the contracts' order (SEAT_TYPE_VALUES), written out: a value read from the
 * contracts' seating module would bring its schemas, and Zod, into the app (docs/decisions.md,
 * "Zod out of the app"); the page's test holds the two lists together.
 */
export const SEAT_TYPES: readonly SeatTypeCode[] = ['PFST', 'UPST', 'SEAT'];

/**
 * What online seat selection is (spec §2 public-services, seat; issue 14): the seat types, who
 * may sit in first and exit rows (the ages from the seat rules of @wings/rules, the same the map
 * and the server apply), infants on a lap, and seats held with the order until it is paid.
 */
export default function PublicServicesSeatPage() {
  const { t } = useTranslation();
  const { firstRow, exitRow } = SEAT_AGE_LIMITS;
  return (
    <div className="booking-page seat-info-page" data-testid="seat-info">
      <NavBar title={t('seatpage.info_title')} theme="navy" back={paths.addedServices} />
      <div className="page-body">
        <section className="card seat-info-section" aria-labelledby="seat-info-what">
          <h2 id="seat-info-what">{t('seatpage.info_what_title')}</h2>
          <p>{t('seatpage.info_what')}</p>
        </section>
        <section className="card seat-info-section seat-map" aria-labelledby="seat-info-types">
          <h2 id="seat-info-types">{t('seatpage.info_types_title')}</h2>
          <ul className="seat-info-types">
            {SEAT_TYPES.map((type) => (
              <li key={type} data-testid={`seat-info-type-${type}`}>
                <span className={`seat-swatch seat-${type} seat-free`} aria-hidden="true" />
                <span>
                  <strong>
                    {t(`seat.map.type_${type}`)} ({type})
                  </strong>
                  <br />
                  {t(`seatpage.info_type_${type}`)}
                </span>
              </li>
            ))}
          </ul>
        </section>
        <section className="card seat-info-section" aria-labelledby="seat-info-rules">
          <h2 id="seat-info-rules">{t('seatpage.info_rules_title')}</h2>
          <ul className="seat-info-rules" data-testid="seat-info-rules">
            <li>{t('seatpage.info_rule_first', { min: firstRow.min, max: firstRow.max })}</li>
            <li>
              <span className="seat-swatch seat-swatch-exit seat-info-exit" aria-hidden="true" />
              {t('seatpage.info_rule_exit', { min: exitRow.min, max: exitRow.max })}
            </li>
            <li>{t('seatpage.info_rule_infant')}</li>
            <li>{t('seatpage.info_rule_infant_seat')}</li>
            <li>{t('seatpage.info_rule_age')}</li>
          </ul>
        </section>
        <section className="card seat-info-section" aria-labelledby="seat-info-hold">
          <h2 id="seat-info-hold">{t('seatpage.info_hold_title')}</h2>
          <p>{t('seatpage.info_hold')}</p>
        </section>
      </div>
    </div>
  );
}
