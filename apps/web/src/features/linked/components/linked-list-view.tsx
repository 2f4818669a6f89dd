import type { UseQueryResult } from '@tanstack/react-query';
import type { LanguageTag } from '@wings/contracts';
import { Button, SpinLoading } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavBar } from '../../../components/nav-bar';
import { StateView } from '../../../components/state-view';
import { isLanguageTag } from '../../../lib/language';
import { useAppNavigate } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import '../../booking/booking-flow.css';
import '../../orders/orders.css';
import './linked.css';

/** A button of a linked list's head: what it says, where it goes and how it looks. */
export interface LinkedListAction {
  testId: string;
  label: string;
  to: string;
  look: 'primary' | 'outline' | 'plain';
}

const LOOKS = {
  primary: { color: 'primary', fill: 'solid' },
  outline: { color: 'primary', fill: 'outline' },
  plain: { color: 'default', fill: 'none' },
} as const;

/**
 * A list of the traveller's links (associate-order list, associate-ticket list; after-sales §2):
 * the intro and the ways on, then the links as cards (loading, a failure to retry, none yet),
 * with how many of the most allowed are used. `listTestId` names the list, and with `-error`
 * and `-empty` its failure and its empty state.
 */
export function LinkedListView<T>({
  testId,
  title,
  intro,
  actions,
  list,
  items,
  listTestId,
  emptyTitle,
  renderItem,
}: {
  testId: string;
  title: string;
  intro: string;
  actions: LinkedListAction[];
  list: UseQueryResult<{ max: number }>;
  items: readonly T[];
  listTestId: string;
  emptyTitle: string;
  renderItem: (item: T, index: number, lang: LanguageTag) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const nav = useAppNavigate();

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <div className="order-loading" role="status">
        <SpinLoading color="primary" />
      </div>
    );
  } else if (list.isError) {
    body = (
      <StateView
        tone="error"
        testId={`${listTestId}-error`}
        title={t('linked.load_failed')}
        action={
          <Button size="small" onClick={() => void list.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  } else if (items.length === 0) {
    body = <StateView tone="empty" testId={`${listTestId}-empty`} title={emptyTitle} />;
  } else {
    body = (
      <>
        <ul className="order-list" data-testid={listTestId}>
          {items.map((item, i) => renderItem(item, i, lang))}
        </ul>
        <p className="muted small orders-end">
          {t('linked.count', { n: items.length, max: list.data?.max })}
        </p>
      </>
    );
  }

  return (
    <div className="order-page" data-testid={testId}>
      <NavBar title={title} back={paths.tickets} />
      <div className="page-body">
        <section className="card">
          <p className="muted small">{intro}</p>
          <div className="linked-actions">
            {actions.map((a) => (
              <Button
                key={a.testId}
                block
                color={LOOKS[a.look].color}
                fill={LOOKS[a.look].fill}
                data-testid={a.testId}
                onClick={() => nav.push(a.to)}
              >
                {a.label}
              </Button>
            ))}
          </div>
        </section>
        {body}
      </div>
    </div>
  );
}
