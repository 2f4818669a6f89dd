import type { UseMutationResult } from '@tanstack/react-query';
import { isApiError } from '@wings/api-client';
import { ErrorCodes, type LanguageTag, type LinkedItem, type UnlinkReply } from '@wings/contracts';
import { Button, Dialog, SpinLoading, Toast } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavBar } from '../../../components/nav-bar';
import { StateView } from '../../../components/state-view';
import { TOAST_DURATION_MS } from '../../../components/toast';
import { isLanguageTag } from '../../../lib/language';
import { useAppNavigate } from '../../../lib/navigation';
import { orderHref, paths } from '../../../lib/paths';
import { useLinkedItem } from '../api/get-linked-item';
import '../../booking/booking-flow.css';
import '../../orders/orders.css';
import './linked.css';

type LinkedOf<K extends LinkedItem['kind']> = Extract<LinkedItem, { kind: K }>;

function isKind<K extends LinkedItem['kind']>(item: LinkedItem | undefined, kind: K): item is LinkedOf<K> {
  return item?.kind === kind;
}

/**
 * One of the traveller's links (associate-order detail, associate-ticket detail): read by its
 * number, said to be not linked (694, or no number) with the way back to its list, a failure to
 * retry. The page draws the link itself; `actions` (below it) say what linking gives, open its
 * order (ticket detail: refund and change from there), and unlink it after asking, which takes it
 * off the traveller's list, changes nothing else, and goes back to the list.
 */
export function LinkedDetailView<K extends LinkedItem['kind']>({
  testId,
  title,
  kind,
  associatedNo,
  listPath,
  listTitle,
  unlink,
  confirm,
  children,
}: {
  testId: string;
  title: string;
  kind: K;
  associatedNo: string;
  /** The list of this kind of link: the way back, and where unlinking lands. */
  listPath: string;
  listTitle: string;
  unlink: UseMutationResult<UnlinkReply, Error, string>;
  /** What is asked before unlinking. */
  confirm: { title: string; content: string };
  children: (item: LinkedOf<K>, actions: ReactNode, lang: LanguageTag) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const nav = useAppNavigate();
  const item = useLinkedItem(associatedNo);
  const found = isKind(item.data, kind) ? item.data : null;

  async function confirmUnlink() {
    const yes = await Dialog.confirm({
      title: confirm.title,
      content: confirm.content,
      confirmText: t('linked.unlink'),
      cancelText: t('common.cancel'),
    });
    if (!yes) return;
    await unlink.mutateAsync(associatedNo);
    Toast.show({ content: t('linked.unlinked'), duration: TOAST_DURATION_MS });
    nav.replace(listPath);
  }

  let body: ReactNode;
  if (
    associatedNo === '' ||
    (item.isError && isApiError(item.error) && item.error.code === ErrorCodes.linkNotFound.code)
  ) {
    body = (
      <StateView
        tone="empty"
        testId="linked-not-found"
        title={t('linked.not_linked_title')}
        action={
          <Button color="primary" onClick={() => nav.replace(listPath)}>
            {listTitle}
          </Button>
        }
      />
    );
  } else if (item.isError) {
    body = (
      <StateView
        tone="error"
        title={t('linked.load_failed')}
        action={
          <Button size="small" onClick={() => void item.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  } else if (!found) {
    body = (
      <div className="order-loading" role="status">
        <SpinLoading color="primary" />
      </div>
    );
  } else {
    const actions = (
      <>
        <p className="muted small linked-note">{t('linked.order_rights')}</p>
        <div className="linked-actions">
          <Button
            block
            color="primary"
            data-testid="linked-open-order"
            onClick={() => nav.push(orderHref(paths.ticketDetail, found.orderNo))}
          >
            {t('search.open_order')}
          </Button>
          <Button
            block
            color="danger"
            fill="outline"
            loading={unlink.isPending}
            data-testid="linked-unlink"
            onClick={() => void confirmUnlink()}
          >
            {t('linked.unlink')}
          </Button>
        </div>
      </>
    );
    body = children(found, actions, lang);
  }

  return (
    <div className="order-page" data-testid={testId}>
      <NavBar title={title} back={listPath} />
      <div className="page-body">{body}</div>
    </div>
  );
}
