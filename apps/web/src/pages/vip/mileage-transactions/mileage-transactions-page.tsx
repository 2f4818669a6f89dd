import { Button } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { StateView } from '../../../components/state-view';
import { MemberLoadError, MemberLoading } from '../../../features/members/components/page-states';
import { useTransactions } from '../../../features/mileage/api';
import { MileagePage, TransactionItem } from '../../../features/mileage/mileage-ui';

type Filter = 'all' | 0 | 1 | 2;
const FILTERS: readonly Filter[] = ['all', 0, 1, 2];

/**
 * The member's mileage transactions (issue 18; spec §1): the ledger newest first, by trading type
 * (all, earned, used, expired), 20 at a time with "load more".
 */
export default function MileageTransactionsPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>('all');
  const query = useTransactions(filter === 'all' ? undefined : filter);
  const list = query.data?.pages.flatMap((p) => p.list) ?? [];

  let body: ReactNode;
  if (query.isPending) body = <MemberLoading testId="mi-tx-loading" />;
  else if (query.isError)
    body = <MemberLoadError testId="mi-tx-error" onRetry={() => void query.refetch()} />;
  else if (list.length === 0) body = <StateView testId="mi-tx-empty" title={t('miles.tx_empty')} />;
  else
    body = (
      <section className="card">
        <ul className="mi-list" data-testid="mi-tx-list">
          {list.map((tx, i) => (
            <TransactionItem key={tx.id} tx={tx} testId={`mi-tx-${i}`} />
          ))}
        </ul>
        {query.hasNextPage ? (
          <Button
            block
            fill="none"
            color="primary"
            loading={query.isFetchingNextPage}
            data-testid="mi-tx-more"
            onClick={() => void query.fetchNextPage()}
          >
            {t('miles.load_more')}
          </Button>
        ) : null}
      </section>
    );

  return (
    <MileagePage title={t('miles.tx_title')} back={paths.vipHome}>
      <div className="choice mi-tabs" role="tablist">
        {FILTERS.map((f) => (
          <button
            key={String(f)}
            type="button"
            role="tab"
            aria-selected={filter === f}
            className={`choice-item${filter === f ? ' choice-item-active' : ''}`}
            data-testid={`mi-tx-filter-${f}`}
            onClick={() => setFilter(f)}
          >
            {f === 'all' ? t('miles.filter_all') : t(`miles.type_${f}`)}
          </button>
        ))}
      </div>
      {body}
    </MileagePage>
  );
}
