import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { StateView } from '../../../components/state-view';
import { useAppNavigate } from '../../../lib/navigation';
import { orderHref, paths } from '../../../lib/paths';

/** A step opened without the steps before it (a new tab, an old link): the request starts again. */
export function RefundRestart({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  return (
    <StateView
      tone="info"
      testId="refund-restart"
      title={t('refunds.restart_title')}
      description={t('refunds.restart_desc')}
      action={
        <Button
          color="primary"
          data-testid="refund-restart-go"
          onClick={() => nav.replace(orderHref(paths.requestNoTips, orderNo))}
        >
          {t('refunds.restart')}
        </Button>
      }
    />
  );
}
