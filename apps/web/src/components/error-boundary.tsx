import { Button } from 'antd-mobile';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StateView } from './state-view';

function PageLoadFailed() {
  const { t } = useTranslation();
  return (
    <StateView
      tone="error"
      title={t('common.page_load_failed')}
      action={
        <Button
          color="primary"
          fill="outline"
          onClick={() => window.location.reload()}
          data-testid="page-reload"
        >
          {t('common.retry')}
        </Button>
      }
    />
  );
}

/** Catches a page that failed to load (chunk timeout, network) and offers a reload. */
export class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failed ? <PageLoadFailed /> : this.props.children;
  }
}
