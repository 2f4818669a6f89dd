import type { ChangeOrderListItem, LanguageTag } from '@wings/contracts';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isLanguageTag } from '../../../app/i18n';
import { useAppNavigate } from '../../../app/navigation';
import { orderHref, paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { StateView } from '../../../components/state-view';
import { useAirportMap } from '../../../features/booking/use-airport-map';
import { useChangeOrderList } from '../../../features/changes/api/records';
import { RescheduledGate } from '../../../features/changes/components/rescheduled-gate';
import { RescheduledLegs } from '../../../features/changes/components/rescheduled-legs';
import { mayPayChange, RescheduledStatus } from '../../../features/changes/components/rescheduled-status';
import { formatInstant, money } from '../../../lib/format';
import '../../../features/account/components/account.css';
import '../../../features/orders/orders.css';
import '../../../features/changes/records.css';

function ChangeRow({ item, lang }: { item: ChangeOrderListItem; lang: LanguageTag }) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const airports = useAirportMap();
  const id = item.changeNo;
  return (
    <li className="card" data-testid={`change-row-${id}`}>
      <button
        type="button"
        className="rs-row"
        data-testid={`change-row-open-${id}`}
        onClick={() => nav.push(orderHref(paths.rescheduledDetail, item.orderNo, { changeNo: id }))}
      >
        <span className="rs-row-top">
          <strong>{id}</strong>
          <RescheduledStatus status={item.status} testId={`change-row-status-${id}`} />
        </span>
        {item.kind === 'disruption' ? (
          <span className="muted small" data-testid={`change-row-kind-${id}`}>
            {t('rescheduled.kind.disruption')}
          </span>
        ) : null}
        <span className="info-row">
          <span className="info-row-label">{t('rescheduled.order_no')}</span>
          <span className="info-row-value">{item.orderNo}</span>
        </span>
        <RescheduledLegs
          from={item.from}
          to={item.to}
          airports={airports}
          lang={lang}
          testId={`change-row-leg-${id}`}
        />
        <span className="info-row">
          <span className="info-row-label">{t('rescheduled.applied_at')}</span>
          <span className="info-row-value">{formatInstant(item.createdAt, lang)}</span>
        </span>
        <span className="info-row">
          <span className="info-row-label">{t('rescheduled.amount')}</span>
          <span className="info-row-value price" data-testid={`change-row-amount-${id}`}>
            {money(item.amount)}
          </span>
        </span>
      </button>
      {mayPayChange(item) ? (
        <div className="rs-pay">
          {item.payDeadline ? (
            <p className="muted small">
              {t('rescheduled.pay_by', { time: formatInstant(item.payDeadline, lang) })}
            </p>
          ) : null}
          <Button
            block
            color="primary"
            size="small"
            data-testid={`change-row-pay-${id}`}
            onClick={() => nav.push(orderHref(paths.paySelect, item.orderNo, { changeNo: id }))}
          >
            {t('rescheduled.pay')}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/**
 * rescheduled-record (after-sales §2, §3): the signed-in traveller's change orders, newest first
 * (`?orderNo=` narrows them to one order): number, state, the legs from their old flights to the
 * new ones, the amount; one waiting for its payment can be paid from here. A tap opens it.
 */
export default function RescheduledRecordPage() {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const nav = useAppNavigate();
  const [params] = useSearchParams();
  const orderNo = (params.get('orderNo') ?? '').trim().toUpperCase();
  const list = useChangeOrderList(orderNo, i18n.language);
  const items = list.data?.pages.flatMap((p) => p.list);
  const total = list.data?.pages.at(-1)?.total ?? 0;
  const back = orderNo ? orderHref(paths.ticketDetail, orderNo) : paths.more;
  return (
    <div className="order-page" data-testid="rescheduled-record">
      <NavBar title={t('rescheduled.records')} back={back} />
      <RescheduledGate
        canAsk
        orderNo={orderNo}
        read={{ data: items, isError: list.isError, error: list.error, refetch: list.refetch }}
      >
        {(rows) =>
          rows.length === 0 ? (
            <StateView
              tone="empty"
              testId="change-list-empty"
              title={t('rescheduled.list_empty')}
              description={t('rescheduled.list_empty_desc')}
              action={
                <button type="button" className="order-link-btn" onClick={() => nav.push(back)}>
                  {t(orderNo ? 'rescheduled.to_order' : 'rescheduled.to_tickets')}
                </button>
              }
            />
          ) : (
            <div className="page-body">
              <ul className="rs-list" data-testid="change-list">
                {rows.map((item) => (
                  <ChangeRow key={item.changeNo} item={item} lang={lang} />
                ))}
              </ul>
              {list.hasNextPage ? (
                <Button
                  block
                  fill="outline"
                  color="primary"
                  className="rs-more"
                  loading={list.isFetchingNextPage}
                  data-testid="change-list-more"
                  onClick={() => void list.fetchNextPage()}
                >
                  {t('rescheduled.load_more', { shown: rows.length, total })}
                </Button>
              ) : null}
            </div>
          )
        }
      </RescheduledGate>
    </div>
  );
}
