import {
  type AdminDisruptedFlight,
  type ChangeLeg,
  type ChangeOrderStatus,
  DISRUPTION_CHOICES,
  type DisruptionChoice,
} from '@wings/contracts';
import { toLocalIso } from '@wings/rules';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { HUB_ZONE } from '../../lib/format';
import { TAG_COLORS } from '../orders/order-format';

/** An instant as the hub's wall clock, `2026-12-22 08:30` (the list pages name the zone once). */
export function hubClock(iso: string | null): string {
  if (!iso) return '—';
  return toLocalIso(new Date(iso), HUB_ZONE).slice(0, 16).replace('T', ' ');
}

/** A leg as one line: `WC1001 KTI-SIN 2026-12-22 08:30` (departure in the hub's zone). */
export function legText(leg: Pick<ChangeLeg, 'flightNo' | 'depCode' | 'arrCode' | 'depUtc'>): string {
  return `${leg.flightNo} ${leg.depCode}-${leg.arrCode} ${hubClock(leg.depUtc)}`;
}

/** The legs a change moves, each old one beside the new one it became (matched by the order's leg). */
export function LegMoves({ from, to }: { from: ChangeLeg[]; to: ChangeLeg[] }) {
  return (
    <Space orientation="vertical" size={0}>
      {from.map((old) => {
        const next = to.find((l) => l.segmentSeq === old.segmentSeq);
        return (
          <span key={old.segmentSeq} data-testid={`leg-move-${old.segmentSeq}`}>
            {legText(old)} → {next ? legText(next) : '—'}
          </span>
        );
      })}
    </Space>
  );
}

const STATUS_COLORS: Record<ChangeOrderStatus, string | undefined> = {
  quoted: TAG_COLORS.info,
  unpaid: TAG_COLORS.warn,
  succeeded: TAG_COLORS.good,
  expired: undefined,
  canceled: undefined,
};

/** A change order's status as a coloured tag. */
export function ChangeStatusTag({ status }: { status: ChangeOrderStatus }) {
  const { t } = useTranslation('changes');
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="change-status">
      {t(`status.${status}`)}
    </Tag>
  );
}

const CHOICE_COLORS: Record<DisruptionChoice, string | undefined> = {
  pending: TAG_COLORS.warn,
  accepted: TAG_COLORS.good,
  moved: TAG_COLORS.info,
  refunded: TAG_COLORS.bad,
};

/** What a passenger chose about a disrupted flight, and with `count` how many chose it. */
export function ChoiceTag({ choice, count }: { choice: DisruptionChoice; count?: number }) {
  const { t } = useTranslation('changes');
  const muted = count === 0;
  return (
    <Tag
      color={muted ? undefined : CHOICE_COLORS[choice]}
      data-testid={count === undefined ? 'choice' : `choice-${choice}`}
    >
      {t(`choice.${choice}`)}
      {count === undefined ? '' : ` ${count}`}
    </Tag>
  );
}

/** Retimed (before → after, in the hub's zone) or canceled, as one cell. */
export function DisruptionChange({ flight }: { flight: AdminDisruptedFlight }) {
  const { t } = useTranslation('changes');
  if (flight.kind === 'canceled') {
    return (
      <Space size={4} wrap>
        <Tag color={TAG_COLORS.bad}>{t('disruptions.canceled')}</Tag>
        <span style={{ textDecoration: 'line-through' }}>{hubClock(flight.before.depUtc)}</span>
      </Space>
    );
  }
  return (
    <Space size={4} wrap>
      <Tag color={TAG_COLORS.warn}>{t('disruptions.retimed')}</Tag>
      <span data-testid={`retime-${flight.flightId}`}>
        {hubClock(flight.before.depUtc)} → {hubClock(flight.after?.depUtc ?? null)}
      </span>
    </Space>
  );
}

/** How many passengers chose each way, as tags (pending, accepted, moved, refunded). */
export function ChoiceCounts({ choices }: { choices: AdminDisruptedFlight['choices'] }) {
  return (
    <Space size={4} wrap>
      {DISRUPTION_CHOICES.map((choice) => (
        <ChoiceTag key={choice} choice={choice} count={choices[choice]} />
      ))}
    </Space>
  );
}
