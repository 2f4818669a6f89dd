import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from './spinner';

/** Lazy pages show a loading view only after 200 ms (spec §2, §9), so fast loads never flash. */
export const PAGE_LOADING_DELAY_MS = 200;

export function DelayedLoading({ delay = PAGE_LOADING_DELAY_MS }: { delay?: number }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), delay);
    return () => clearTimeout(timer);
  }, [delay]);
  if (!visible) return null;
  return (
    <div className="page-loading" role="status" data-testid="page-loading">
      <Spinner />
      <span>{t('common.loading')}</span>
    </div>
  );
}
