import type { LanguageTag, RefundListItem } from '@wings/contracts';
import { useTranslation } from 'react-i18next';
import { isLanguageTag } from '../../../app/i18n';
import { useAppNavigate } from '../../../app/navigation';
import { orderHref, paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { StateView } from '../../../components/state-view';
import { StatusBadge } from '../../../features/orders/components/status-badge';
import { useRefundList } from '../../../features/refunds/api/get-refund-list';
import { RefundGate } from '../../../features/refunds/components/refund-gate';
import { NextStep } from '../../../features/refunds/components/refund-timeline';
import { refundStateKey, refundStateTone } from '../../../features/refunds/labels';
import { formatInstant, money } from '../../../lib/format';
import '../../../features/account/components/account.css';
import '../../../features/orders/orders.css';
import '../../../features/refunds/refunds.css';

function RefundRow({ item, lang }: { item: RefundListItem; lang: LanguageTag }) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  return (
    <li className="card">
      <button
        type="button"
        className="refund-row"
        data-testid={`refund-row-${item.refundNo}`}
        onClick={() =>
          nav.push(orderHref(paths.refundOrderDetail, item.orderNo, { refundNo: item.refundNo }))
        }
      >
        <span className="refund-row-top">
          <strong>{item.refundNo}</strong>
          <StatusBadge tone={refundStateTone(item.status)} testId={`refund-row-status-${item.refundNo}`}>
            {t(refundStateKey(item.status, item.refundStatus))}
          </StatusBadge>
        </span>
        <span className="info-row">
          <span className="info-row-label">{t('refunds.order_no')}</span>
          <span className="info-row-value">{item.orderNo}</span>
        </span>
        <span className="info-row">
          <span className="info-row-label">{t('refunds.passengers')}</span>
          <span className="info-row-value">{item.passengers.map((p) => p.name).join(', ')}</span>
        </span>
        <span className="info-row">
          <span className="info-row-label">{t('refunds.applied_at')}</span>
          <span className="info-row-value">{formatInstant(item.createdAt, lang)}</span>
        </span>
        <span className="info-row">
          <span className="info-row-label">{t('refunds.actual')}</span>
          <span className="info-row-value price" data-testid={`refund-row-actual-${item.refundNo}`}>
            {money(item.actual)}
          </span>
        </span>
        <NextStep next={item.next} lang={lang} testId={`refund-row-next-${item.refundNo}`} />
      </button>
    </li>
  );
}

/**
 * refund-order-list (after-sales §2): the signed-in traveller's refund orders, newest first, each
 * with its state, amount and next step; a tap opens its timeline.
 */
export default function RefundOrderListPage() {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const nav = useAppNavigate();
  const list = useRefundList('', i18n.language);
  return (
    <div className="order-page" data-testid="refund-order-list">
      <NavBar title={t('refunds.records')} back={paths.more} />
      <RefundGate canAsk orderNo="" read={list}>
        {(answer) =>
          answer.list.length === 0 ? (
            <StateView
              tone="empty"
              testId="refund-list-empty"
              title={t('refunds.list_empty')}
              description={t('refunds.list_empty_desc')}
              action={
                <button type="button" className="order-link-btn" onClick={() => nav.push(paths.tickets)}>
                  {t('refunds.to_tickets')}
                </button>
              }
            />
          ) : (
            <ul
              className="page-body refund-list"
              data-testid="refund-list"
              style={{ listStyle: 'none', margin: 0 }}
            >
              {answer.list.map((item) => (
                <RefundRow key={item.refundNo} item={item} lang={lang} />
              ))}
            </ul>
          )
        }
      </RefundGate>
    </div>
  );
}
