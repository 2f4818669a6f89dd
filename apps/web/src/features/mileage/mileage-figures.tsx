import type { MileageSummary } from '@wings/contracts';
import { TIERS } from '@wings/rules';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../lib/navigation';
import { paths } from '../../lib/paths';
import { formatMiles, lastMilesDay, useLang } from './mileage-ui';

/**
 * How far the member is toward the next tier, 0–100: the better of the two figures (either one
 * reaches it), measured from the current tier's threshold.
 */
export function tierPercent(m: MileageSummary): number {
  if (!m.next) return 100;
  const next = TIERS.find((t) => t.level === m.next?.level);
  const current = TIERS.find((t) => t.level === m.level);
  if (!next || !current) return 0;
  const part = (done: number, from: number, to: number) =>
    to > from ? Math.min(1, Math.max(0, (done - from) / (to - from))) : 1;
  const best = Math.max(
    part(m.eliteMileage, current.eliteMiles, next.eliteMiles),
    part(m.eliteSegments, current.eliteSegments, next.eliteSegments),
  );
  return Math.round(best * 100);
}

/**
 * The member home's mileage (issue 18; spec §1): the next miles to expire and when, the elite
 * miles and segments of the rolling 12 months, the tier and the progress bar to the next, and a
 * banner when the miles are frozen.
 */
export function MileageFigures({ mileage }: { mileage: MileageSummary }) {
  const { t } = useTranslation();
  const lang = useLang();
  const nav = useAppNavigate();
  const percent = tierPercent(mileage);
  return (
    <section className="card" data-testid="vip-mileage">
      {mileage.frozen ? (
        <button
          type="button"
          className="mi-frozen"
          data-testid="vip-mileage-frozen"
          onClick={() => nav.push(paths.vipFreeze)}
        >
          <span>{t('miles.frozen_banner')}</span>
          <span aria-hidden="true">›</span>
        </button>
      ) : null}
      <p className="mi-text" data-testid="vip-mileage-expiring">
        {mileage.expiring > 0 && mileage.expiringAt
          ? t('miles.expiring', {
              miles: formatMiles(mileage.expiring),
              date: lastMilesDay(mileage.expiringAt, lang),
            })
          : t('miles.expiring_none')}
      </p>
      <dl className="mi-figures">
        <div>
          <dt>{t('miles.elite_miles')}</dt>
          <dd data-testid="vip-mileage-elite-miles">{formatMiles(mileage.eliteMileage)}</dd>
        </div>
        <div>
          <dt>{t('miles.elite_segments')}</dt>
          <dd data-testid="vip-mileage-elite-segments">{formatMiles(mileage.eliteSegments)}</dd>
        </div>
      </dl>
      <p className="mi-text mi-muted">{t('miles.rolling_note')}</p>
      <div
        className="mi-progress"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={t('miles.progress_label')}
        data-testid="vip-mileage-progress"
      >
        <div className="mi-progress-bar" style={{ width: `${percent}%` }} />
      </div>
      <p className="mi-text" data-testid="vip-mileage-next">
        {mileage.next
          ? t('miles.to_next', {
              miles: formatMiles(mileage.next.eliteMiles),
              segments: mileage.next.eliteSegments,
              tier: t(`member.level_${mileage.next.level}`),
            })
          : t('miles.top_tier', { tier: t(`member.level_${mileage.level}`) })}
      </p>
    </section>
  );
}
