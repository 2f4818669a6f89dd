import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The navy band under the navigation bar: date, party and step of the booking. */
export function ResultsHeader({
  date,
  step,
  passengers,
}: {
  date: string;
  step: ReactNode;
  passengers: number[];
}) {
  const { t } = useTranslation();
  const [adults = 0, children = 0, infants = 0] = passengers;
  const party = [
    `${t('pax.adult')} ${adults}`,
    children ? `${t('pax.child')} ${children}` : null,
    infants ? `${t('pax.infant')} ${infants}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <div className="results-head">
      <div className="results-sub">
        <span className="results-step">{step}</span>
        <span>{date}</span>
        <span>{party}</span>
      </div>
    </div>
  );
}
