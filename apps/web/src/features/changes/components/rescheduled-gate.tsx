import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type OrderRead, OrderReadGate } from '../../orders/components/order-read-gate';

/** The gate of the record pages: the after-sales pages' one (OrderReadGate), in their words. */
export function RescheduledGate<T>(props: {
  canAsk: boolean;
  orderNo: string;
  read: OrderRead<T>;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  return <OrderReadGate {...props} prefix="rescheduled" failedTitle={t('rescheduled.load_failed')} />;
}
