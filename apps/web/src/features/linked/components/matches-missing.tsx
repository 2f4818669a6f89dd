import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { StateView } from '../../../components/state-view';
import { useAppNavigate } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';

/** relevance-list or relevance-detail opened without a search (a reload, a link): offers one. */
export function MatchesMissing() {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  return (
    <StateView
      tone="empty"
      testId="relevance-empty"
      title={t('linked.matches_missing')}
      action={
        <Button color="primary" onClick={() => nav.replace(paths.relevanceQuery)}>
          {t('linked.find_ticket')}
        </Button>
      }
    />
  );
}
