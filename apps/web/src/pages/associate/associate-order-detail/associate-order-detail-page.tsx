import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { paths } from '../../../app/paths';
import { useAirportMap } from '../../../features/booking/use-airport-map';
import { useUnlinkOrder } from '../../../features/linked/api/unlink-order';
import { LinkedDetailView } from '../../../features/linked/components/linked-detail-view';
import { OrderLegs } from '../../../features/orders/components/order-legs';
import { StatusBadge } from '../../../features/orders/components/status-badge';
import { orderStatusKey, orderStatusTone } from '../../../features/orders/labels';
import { formatInstant } from '../../../lib/format';

/**
 * associate-order detail (`?orderNo=`): one linked order, opening the order itself (ticket
 * detail: refund and change from there), and unlinking it, which takes it off the traveller's
 * list and changes nothing else.
 */
export default function AssociateOrderDetailPage() {
  const { t } = useTranslation();
  const airports = useAirportMap();
  const [params] = useSearchParams();
  const orderNo = (params.get('orderNo') ?? '').trim().toUpperCase();
  const unlink = useUnlinkOrder();

  return (
    <LinkedDetailView
      testId="associate-order-detail"
      title={t('linked.order_detail_title')}
      kind="order"
      associatedNo={orderNo}
      listPath={paths.associateOrderList}
      listTitle={t('linked.orders_title')}
      unlink={unlink}
      confirm={{
        title: t('linked.unlink_order_title'),
        content: t('linked.unlink_order_confirm', { orderNo }),
      }}
    >
      {(order, actions, lang) => (
        <section className="card" data-testid="linked-order">
          <div className="linked-head">
            <StatusBadge tone={orderStatusTone(order.status)} testId="linked-order-status">
              {t(orderStatusKey(order.status))}
            </StatusBadge>
            <span className="muted small">
              {t('linked.linked_at', {
                time: formatInstant(
                  order.linkedAt,
                  lang,
                  airports.get(order.legs[0]?.depCode ?? '')?.timeZone,
                ),
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
          {actions}
        </section>
      )}
    </LinkedDetailView>
  );
}
