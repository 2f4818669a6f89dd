import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StateView } from '../../../components/state-view';
import { useAppNavigate } from '../../../lib/navigation';
import { orderHref, paths } from '../../../lib/paths';
import { type OrderRead, OrderReadGate } from '../../orders/components/order-read-gate';

/** The gate of the change pages: the after-sales pages' one (OrderReadGate), in their words. */
export function ChangeGate<T>(props: {
  canAsk: boolean;
  orderNo: string;
  read: OrderRead<T>;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  return <OrderReadGate {...props} prefix="change" failedTitle={t('changes.load_failed')} />;
}

/** A step opened without the steps before it (a new tab, an old link): the change starts again. */
export function ChangeRestart({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  return (
    <StateView
      tone="info"
      testId="change-restart"
      title={t('changes.restart_title')}
      description={t('changes.restart_desc')}
      action={
        <Button
          color="primary"
          data-testid="change-restart-go"
          onClick={() => nav.replace(orderHref(paths.changeDateForm, orderNo))}
        >
          {t('changes.restart')}
        </Button>
      }
    />
  );
}

/**
 * A quote not confirmed in time (728, or its countdown over): its seats went back, the flights
 * are chosen again (the same picks then get a new quote).
 */
export function ChangeExpired({ message, onAgain }: { message?: string; onAgain: () => void }) {
  const { t } = useTranslation();
  return (
    <StateView
      tone="info"
      testId="change-expired"
      title={t('changes.expired_title')}
      description={message ?? t('change.quote_expired')}
      action={
        <Button color="primary" data-testid="change-choose-again" onClick={onAgain}>
          {t('changes.choose_again')}
        </Button>
      }
    />
  );
}
