import type { RefundOrderStatus } from '@wings/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { TAG_COLORS } from '../orders/order-format';

/** How long ago, in the member's words: `2 d 3 h`, `5 h 12 min`, `40 min`. */
export function useAge() {
  const { t } = useTranslation('refunds');
  return (minutes: number) => {
    const m = Math.max(0, Math.floor(minutes));
    const d = Math.floor(m / 1440);
    const h = Math.floor((m % 1440) / 60);
    if (d > 0) return t('age.days', { d, h });
    if (h > 0) return t('age.hours', { h, m: m % 60 });
    return t('age.minutes', { m });
  };
}

const COLORS: Record<RefundOrderStatus, string | undefined> = {
  draft: undefined,
  auditing: TAG_COLORS.warn,
  rejected: TAG_COLORS.bad,
  refunding: TAG_COLORS.info,
  refunded: TAG_COLORS.good,
  expired: undefined,
};

/** A refund request's status; once approved, how far the money is (refund status 10/11/12). */
export function RefundStatusTag({
  status,
  refundStatus,
}: {
  status: RefundOrderStatus;
  refundStatus: number | null;
}) {
  const { t } = useTranslation('refunds');
  const label =
    status === 'refunding' && refundStatus !== null
      ? t(`refundStatus.${refundStatus}`)
      : t(`status.${status}`);
  return (
    <Tag color={COLORS[status]} data-testid="refund-status">
      {label}
    </Tag>
  );
}

/** Past its promise: a red tag that stands out in the queue. */
export function OverdueTag() {
  const { t } = useTranslation('refunds');
  return (
    <Tag color={TAG_COLORS.bad} data-testid="refund-overdue">
      {t('queue.overdue')}
    </Tag>
  );
}
