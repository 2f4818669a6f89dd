import { isApiError } from '@wings/api-client';
import { Button, SpinLoading } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StateView } from '../../../components/state-view';
import { useAppNavigate } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';

/** What an after-sales page's read of an order came to, as the gate shows it. */
export interface OrderRead<T> {
  data: T | undefined;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * The states every after-sales page of an order shares (refunds, changes of date, their
 * records): a guest holding no grant for the order is offered the order look-up (order number
 * and document number prove it), a read in flight spins, a failed one says so with its message
 * (already toasted by the client) and a retry. `prefix` names the test ids (`<prefix>-no-access`,
 * `-find`, `-load-failed`, `-loading`); `failedTitle` is the area's own words for a failed read.
 */
export function OrderReadGate<T>({
  canAsk,
  orderNo,
  read,
  prefix,
  failedTitle,
  children,
}: {
  canAsk: boolean;
  orderNo: string;
  read: OrderRead<T>;
  prefix: string;
  failedTitle: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  if (!canAsk) {
    return (
      <StateView
        tone="info"
        testId={`${prefix}-no-access`}
        title={t('order.find_title')}
        description={t('order.find_desc', { orderNo: orderNo || '-' })}
        action={
          <Button color="primary" data-testid={`${prefix}-find`} onClick={() => nav.push(paths.searchTicket)}>
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
        testId={`${prefix}-load-failed`}
        title={failedTitle}
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
    <div className="order-loading" role="status" data-testid={`${prefix}-loading`}>
      <SpinLoading color="primary" />
    </div>
  );
}
