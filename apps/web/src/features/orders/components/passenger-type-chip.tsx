import type { LanguageTag } from '@wings/contracts';
import { passengerTypeLabel } from '@wings/rules';
import { useTranslation } from 'react-i18next';

/**
 * The passenger type beside a name on an order (spec §3): the Chinese word in zh, ADT / CHD / INF
 * in the other languages, with the full word as the abbreviation's title.
 */
export function PassengerTypeChip({ type, lang }: { type: number; lang: LanguageTag }) {
  const { t } = useTranslation();
  return (
    <abbr className="order-pax-type" title={t(`ptype.${type}`)} data-testid="passenger-type">
      {passengerTypeLabel(type, lang) || t(`ptype.${type}`)}
    </abbr>
  );
}
