import { isApiError } from '@wings/api-client';
import { ErrorCodes, type LanguageTag } from '@wings/contracts';
import { Button, Dialog, SpinLoading, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isLanguageTag } from '../../../app/i18n';
import { useAppNavigate } from '../../../app/navigation';
import { orderHref, paths } from '../../../app/paths';
import { TOAST_DURATION_MS } from '../../../app/setup-api-client';
import { NavBar } from '../../../components/nav-bar';
import { StateView } from '../../../components/state-view';
import { useAirportMap } from '../../../features/booking/use-airport-map';
import { useLinkedItem } from '../../../features/linked/api/get-linked-item';
import { useUnlinkOrder } from '../../../features/linked/api/unlink-order';
import { OrderLegs } from '../../../features/orders/components/order-legs';
import { StatusBadge } from '../../../features/orders/components/status-badge';
import { orderStatusKey, orderStatusTone } from '../../../features/orders/labels';
import { formatInstant } from '../../../lib/format';
import '../../../features/booking/booking-flow.css';
import '../../../features/orders/orders.css';
import '../../../features/linked/components/linked.css';

/**
 * associate-order detail (`?orderNo=`): one linked order, opening the order itself (ticket
 * detail: refund and change from there), and unlinking it, which takes it off the traveller's
 * list and changes nothing else.
 */
export default function AssociateOrderDetailPage() {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const nav = useAppNavigate();
  const airports = useAirportMap();
  const [params] = useSearchParams();
  const orderNo = (params.get('orderNo') ?? '').trim().toUpperCase();
  const item = useLinkedItem(orderNo);
  const unlink = useUnlinkOrder();
  const order = item.data?.kind === 'order' ? item.data : null;

  async function confirmUnlink() {
    const yes = await Dialog.confirm({
      title: t('linked.unlink_order_title'),
      content: t('linked.unlink_order_confirm', { orderNo }),
      confirmText: t('linked.unlink'),
      cancelText: t('common.cancel'),
    });
    if (!yes) return;
    await unlink.mutateAsync(orderNo);
    Toast.show({ content: t('linked.unlinked'), duration: TOAST_DURATION_MS });
    nav.replace(paths.associateOrderList);
  }

  let body: React.ReactNode;
  if (
    orderNo === '' ||
    (item.isError && isApiError(item.error) && item.error.code === ErrorCodes.linkNotFound.code)
  ) {
    body = (
      <StateView
        tone="empty"
        testId="linked-not-found"
        title={t('linked.not_linked_title')}
        action={
          <Button color="primary" onClick={() => nav.replace(paths.associateOrderList)}>
            {t('linked.orders_title')}
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
  } else if (!order) {
    body = (
      <div className="order-loading" role="status">
        <SpinLoading color="primary" />
      </div>
    );
  } else {
    body = (
      <section className="card" data-testid="linked-order">
        <div className="linked-head">
          <StatusBadge tone={orderStatusTone(order.status)} testId="linked-order-status">
            {t(orderStatusKey(order.status))}
          </StatusBadge>
          <span className="muted small">
            {t('linked.linked_at', {
              time: formatInstant(order.linkedAt, lang, airports.get(order.legs[0]?.depCode ?? '')?.timeZone),
            })}
          </span>
        </div>
        <div className="order-ids">
          <div>
            <span className="muted small">{t('booking.order_no')}</span>
            <strong data-testid="linked-order-no">{order.orderNo}</strong>
          </div>
          <div>
            <span className="muted small">{t('order.pnr')}</span>
            <strong className="order-pnr-small">{order.pnr}</strong>
          </div>
        </div>
        <OrderLegs legs={order.legs} airports={airports} lang={lang} />
        <div className="info-row">
          <span className="info-row-label">{t('linked.linked_by_passenger')}</span>
          <span data-testid="linked-order-passenger">{order.passengerName}</span>
        </div>
        <div className="info-row">
          <span className="info-row-label">{t('book.passengers')}</span>
          <span>{order.passengerCount}</span>
        </div>
        <p className="muted small linked-note">{t('linked.order_rights')}</p>
        <div className="linked-actions">
          <Button
            block
            color="primary"
            data-testid="linked-open-order"
            onClick={() => nav.push(orderHref(paths.ticketDetail, order.orderNo))}
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
      </section>
    );
  }

  return (
    <div className="order-page" data-testid="associate-order-detail">
      <NavBar title={t('linked.order_detail_title')} back={paths.associateOrderList} />
      <div className="page-body">{body}</div>
    </div>
  );
}
