import type { FlightStatus } from '@wings/contracts';
import { toLocalIso } from '@wings/rules';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The wall clock at an airport, `YYYY-MM-DDTHH:MM`, of a UTC instant (what the retime form edits). */
export function wallClock(iso: string, zone: string): string {
  return toLocalIso(new Date(iso), zone).slice(0, 16);
}

/** `2026-12-01 08:30` at the airport, with its zone beneath in small print. */
export function AirportTime({ iso, zone }: { iso: string; zone: string }) {
  const local = wallClock(iso, zone);
  return (
    <span>
      {local.slice(0, 10)} <strong>{local.slice(11, 16)}</strong>
      <br />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {zone}
      </Typography.Text>
    </span>
  );
}

const STATUS_COLOURS: Record<FlightStatus, string> = {
  scheduled: 'blue',
  cancelled: 'red',
  departed: 'default',
  arrived: 'default',
};

/** The flight's status, and "retimed" beside it when its times changed since first published. */
export function FlightStatusTags({ status, retimed }: { status: FlightStatus; retimed: boolean }) {
  const { t } = useTranslation('network');
  return (
    <span>
      <Tag color={STATUS_COLOURS[status]}>{t(`status.${status}`)}</Tag>
      {/* Dark text on the light tag: antd's orange text is too faint to read (WCAG AA contrast). */}
      {retimed ? (
        <Tag style={{ color: '#873800', background: '#fff7e6', borderColor: '#ffd591' }}>{t('retimed')}</Tag>
      ) : null}
    </span>
  );
}

/**
 * Sold and held seats as one bar over `total` (a cabin's capacity or a class's limit): sold dark,
 * held light; its text alternative says the numbers.
 */
export function LoadBar({ sold, held, total }: { sold: number; held: number; total: number }) {
  const share = (n: number) => (total > 0 ? Math.min(100, (n / total) * 100) : 0);
  const soldShare = share(sold);
  const heldShare = Math.min(100 - soldShare, share(held));
  return (
    <div
      role="img"
      aria-label={`${sold} / ${held} / ${total}`}
      style={{ display: 'flex', alignItems: 'center', gap: 8, minWidth: 160 }}
    >
      <div
        style={{
          flex: 1,
          height: 10,
          borderRadius: 5,
          background: '#e8edf8',
          overflow: 'hidden',
          display: 'flex',
        }}
      >
        <div data-part="sold" style={{ width: `${soldShare}%`, background: '#13235b' }} />
        <div data-part="held" style={{ width: `${heldShare}%`, background: '#d99a1e' }} />
      </div>
      <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {sold} / {held} / {total}
      </span>
    </div>
  );
}
