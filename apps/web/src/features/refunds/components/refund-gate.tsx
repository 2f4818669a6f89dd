import { isApiError } from '@wings/api-client';
import { Button, SpinLoading } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StateView } from '../../../components/state-view';
import { useAppNavigate } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';

/** What a refund page's read came to, as the gate shows it. */
export interface RefundRead<T> {
  data: T | undefined;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * The states every refund page shares: a guest holding no grant for the order is offered the
 * order look-up (order number + document number proves it), a read in flight spins, a failed
 * one says so with its message (already toasted by the client) and a retry.
 */
export function RefundGate<T>({
  canAsk,
  orderNo,
  read,
  children,
}: {
  canAsk: boolean;
  orderNo: string;
  read: RefundRead<T>;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  if (!canAsk) {
    return (
      <StateView
        tone="info"
        testId="refund-no-access"
        title={t('order.find_title')}
        description={t('order.find_desc', { orderNo: orderNo || '-' })}
        action={
          <Button color="primary" data-testid="refund-find" onClick={() => nav.push(paths.searchTicket)}>
            {t('order.find_button')}
          </Button>
        }
      />
    );
  }
  if (read.data !== undefined) return <>{children(read.data)}</>;
  if (read.isError) {
    return (
      <StateView
        tone="error"
        testId="refund-load-failed"
        title={t('refunds.load_failed')}
        description={isApiError(read.error) ? read.error.message : undefined}
        action={
          <Button color="primary" fill="outline" onClick={() => void read.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  return (
    <div className="order-loading" role="status" data-testid="refund-loading">
      <SpinLoading color="primary" />
    </div>
  );
}
