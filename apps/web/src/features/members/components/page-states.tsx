import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/spinner';
import { StateView } from '../../../components/state-view';

/** A member page while its data loads. */
export function MemberLoading({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="page-loading" role="status" data-testid={testId}>
      <Spinner />
      <span>{t('common.loading')}</span>
    </div>
  );
}

/** A member page whose data could not be read (the client has said why), with a retry. */
export function MemberLoadError({ testId, onRetry }: { testId: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <StateView
      tone="error"
      testId={testId}
      title={t('common.page_load_failed')}
      action={
        <Button size="small" color="primary" data-testid={`${testId}-retry`} onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
