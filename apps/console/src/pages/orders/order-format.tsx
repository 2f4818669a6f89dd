import type { Money } from '@wings/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage, LOCALE_OF } from '../../app/i18n';

/** Money in minor units as the member's locale writes it: `US$123.45`, `¥880.00`. */
export function formatMoney(money: Money): string {
  return new Intl.NumberFormat(LOCALE_OF[currentLanguage()], {
    style: 'currency',
    currency: money.currency,
  }).format(money.amount / 100);
}

/**
 * A local time as the API sends it (ISO with the airport's offset, `2026-12-22T08:30:00+07:00`)
 * written as that airport's wall clock, `2026-12-22 08:30 (UTC+07:00)`, whatever the zone of the
 * computer showing it.
 */
export function localWallClock(iso: string | null): string {
  if (!iso) return '—';
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.exec(iso);
  if (!m) return iso;
  return `${m[1]} ${m[2]} (UTC${m[3] === 'Z' ? '+00:00' : m[3]})`;
}

/**
 * Tag colours dark enough for white text to read (WCAG AA, 4.5:1): antd's light presets (green on
 * pale green) fall short of it.
 */
export const TAG_COLORS = { good: '#135200', info: '#0b4fb3', warn: '#7c4a00', bad: '#a8071a' } as const;

/** The order's status as a coloured tag (paid and ticketed shown apart). */
export function OrderStatusTag({ status, ticketed }: { status: number; ticketed?: boolean }) {
  const { t } = useTranslation('orders');
  if (status === 1 && ticketed) return <Tag color={TAG_COLORS.good}>{t('status.ticketed')}</Tag>;
  if (status === 2) return <Tag>{t('status.2')}</Tag>;
  return <Tag color={status === 0 ? TAG_COLORS.warn : TAG_COLORS.info}>{t(`status.${status}`)}</Tag>;
}

/**
 * The orders pages' reading colours (WCAG AA, 4.5:1 on white and on a table's hover grey): links
 * in a darker blue, and the labels, descriptions and empty-table texts antd writes in light grey
 * a shade darker.
 */
export const PAGE_THEME = {
  token: {
    colorLink: '#0b4fb3',
    colorLinkHover: '#083b87',
    colorTextTertiary: '#595959',
    colorTextDescription: '#595959',
    colorTextDisabled: '#666666',
  },
} as const;
