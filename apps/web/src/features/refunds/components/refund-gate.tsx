import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type OrderRead, OrderReadGate } from '../../orders/components/order-read-gate';

/** The gate of the refund pages: the after-sales pages' one (OrderReadGate), in their words. */
export function RefundGate<T>(props: {
  canAsk: boolean;
  orderNo: string;
  read: OrderRead<T>;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  return <OrderReadGate {...props} prefix="refund" failedTitle={t('refunds.load_failed')} />;
}
