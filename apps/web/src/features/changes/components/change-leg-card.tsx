import type { ChangeLeg } from '@wings/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { isLanguageTag } from '../../../lib/language';
import { useAirportMap } from '../../booking/use-airport-map';
import { clockAt } from '../../secondary-services/labels';
import { legKey } from '../labels';

/** A flight as one line: number, date, times on each airport's clock, route. */
export function ChangeFlightLine({ leg, testId }: { leg: ChangeLeg; testId?: string }) {
  const { i18n } = useTranslation();
  const lang = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const airports = useAirportMap();
  const zone = (code: string) => airports.get(code)?.timeZone ?? 'Asia/Phnom_Penh';
  return (
    <div className="change-flight-line" data-testid={testId}>
      <strong>{leg.flightNo}</strong>
      <span>{formatDate(leg.depDate, lang)}</span>
      <span className="change-times">
        {clockAt(leg.depUtc, zone(leg.depCode))} {leg.depCode} → {clockAt(leg.arrUtc, zone(leg.arrCode))}{' '}
        {leg.arrCode}
      </span>
    </div>
  );
}

/** A leg before and after the change: the old flight struck through, the new one below it. */
export function ChangeLegCard({ from, to }: { from: ChangeLeg; to: ChangeLeg | undefined }) {
  const { t } = useTranslation();
  return (
    <div className="change-leg-card" data-testid={`change-leg-${from.segmentSeq}`}>
      <div className="change-leg-name">
        {t(legKey(from.segmentSeq))} · {from.depCode} → {from.arrCode}
      </div>
      <div className="change-leg-old">
        <span className="muted small">{t('changes.old_flight')}</span>
        <ChangeFlightLine leg={from} testId={`change-leg-from-${from.segmentSeq}`} />
      </div>
      {to ? (
        <div className="change-leg-new">
          <span className="muted small">{t('changes.new_flight')}</span>
          <ChangeFlightLine leg={to} testId={`change-leg-to-${from.segmentSeq}`} />
        </div>
      ) : null}
    </div>
  );
}
