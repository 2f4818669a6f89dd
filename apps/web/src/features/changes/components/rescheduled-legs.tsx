import type { Airport, ChangeLeg, LanguageTag } from '@wings/contracts';
import { toLocalIso } from '@wings/rules';
import { useTranslation } from 'react-i18next';
import { formatDate, localDateOf, localTimeOf } from '../../../lib/format';

/** The hub's zone, for an airport the map has not loaded yet (most flights leave from it). */
const HUB_ZONE = 'Asia/Phnom_Penh';

/** A UTC instant as the local ISO time of airport `code` (CODE_STYLE.md §8). */
export function airportLocal(airports: ReadonlyMap<string, Airport>, code: string, utc: string): string {
  const at = new Date(utc);
  if (Number.isNaN(at.getTime())) return '';
  try {
    return toLocalIso(at, airports.get(code)?.timeZone ?? HUB_ZONE);
  } catch {
    return toLocalIso(at, HUB_ZONE);
  }
}

function LegLine({
  leg,
  airports,
  lang,
  testId,
  old,
}: {
  leg: ChangeLeg;
  airports: ReadonlyMap<string, Airport>;
  lang: LanguageTag;
  testId: string;
  old?: boolean;
}) {
  const { t } = useTranslation();
  const dep = airportLocal(airports, leg.depCode, leg.depUtc);
  const arr = airportLocal(airports, leg.arrCode, leg.arrUtc);
  return (
    <div className={`rs-leg-line${old ? ' rs-leg-old' : ''}`} data-testid={testId}>
      <span className="rs-leg-tag">{t(old ? 'rescheduled.before' : 'rescheduled.after')}</span>
      <span className="rs-leg-main">
        <strong>{leg.flightNo}</strong> <span>{formatDate(localDateOf(dep), lang)}</span>{' '}
        <span>
          {localTimeOf(dep)} {leg.depCode} → {localTimeOf(arr)} {leg.arrCode}
        </span>
      </span>
    </div>
  );
}

/**
 * The legs a change moved, each from its old flight to its new one, at the airports' own times;
 * `testId` prefixes `-<segmentSeq>-old` and `-<segmentSeq>-new`.
 */
export function RescheduledLegs({
  from,
  to,
  airports,
  lang,
  testId,
}: {
  from: readonly ChangeLeg[];
  to: readonly ChangeLeg[];
  airports: ReadonlyMap<string, Airport>;
  lang: LanguageTag;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="rs-legs">
      {to.map((leg) => {
        const before = from.find((f) => f.segmentSeq === leg.segmentSeq);
        return (
          <div key={leg.segmentSeq} className="rs-leg">
            <span className="muted small">
              {t(leg.segmentSeq > 0 ? 'rescheduled.return_leg' : 'rescheduled.outbound_leg')}
            </span>
            {before ? (
              <LegLine
                leg={before}
                airports={airports}
                lang={lang}
                old
                testId={`${testId}-${leg.segmentSeq}-old`}
              />
            ) : null}
            <LegLine leg={leg} airports={airports} lang={lang} testId={`${testId}-${leg.segmentSeq}-new`} />
          </div>
        );
      })}
    </div>
  );
}
