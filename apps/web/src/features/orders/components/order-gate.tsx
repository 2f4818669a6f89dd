import type { OrderDetail } from '@wings/contracts';
import { Button, SpinLoading } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StateView } from '../../../components/state-view';
import { useAppNavigate } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import type { OrderView } from '../use-order-view';

/**
 * The states every order page shares: loading, a guest who cannot read this order (offered
 * the look-up rather than an error), a failed load with a retry, then the page itself.
 */
export function OrderGate({
  view,
  orderNo,
  children,
}: {
  view: OrderView;
  orderNo: string;
  children: (order: OrderDetail) => ReactNode;
}) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  switch (view.state) {
    case 'loading':
      return (
        <div className="order-loading" role="status" data-testid="order-loading">
          <SpinLoading color="primary" />
        </div>
      );
    case 'no-access':
      return (
        <StateView
          tone="info"
          testId="order-no-access"
          title={view.notFound ? t('order_not_found') : t('order.find_title')}
          description={
            view.notFound ? t('order.not_found_desc') : t('order.find_desc', { orderNo: orderNo || '-' })
          }
          action={
            <Button color="primary" data-testid="order-find" onClick={() => nav.push(paths.searchTicket)}>
              {t('order.find_button')}
            </Button>
          }
        />
      );
    case 'error':
      return (
        <StateView
          tone="error"
          testId="order-load-failed"
          title={t('order.load_failed')}
          action={
            <Button color="primary" fill="outline" onClick={view.retry}>
              {t('common.retry')}
            </Button>
          }
        />
      );
    default:
      return <>{children(view.order)}</>;
  }
}
