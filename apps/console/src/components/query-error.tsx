import { Alert, Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { isForbidden } from '../api/admin-client';

/** A page's read that failed: "your role does not allow this" for a 403, the message otherwise. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('shell');
  if (isForbidden(error)) return <Forbidden />;
  const message = error instanceof Error ? error.message : t('errors.failed');
  return (
    <Alert
      type="error"
      showIcon
      title={message}
      action={
        onRetry ? (
          <Button size="small" onClick={onRetry}>
            {t('errors.retry')}
          </Button>
        ) : undefined
      }
    />
  );
}

/** The page of something the member's roles do not allow. */
export function Forbidden() {
  const { t } = useTranslation('shell');
  return <Result status="403" title={t('errors.forbiddenTitle')} subTitle={t('errors.forbidden')} />;
}
