import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { upgradePercent, upgradePriceFor } from '../../../features/booking/addons';
import { useAddonMenu } from '../../../features/booking/api/get-addon-menu';
import { useBookingStore } from '../../../features/booking/booking-store';
import { NoOfferState } from '../../../features/booking/components/no-offer';
import { draftName, slotsOf } from '../../../features/booking/passengers';
import { money } from '../../../lib/format';
import '../../../features/account/components/account.css';
import '../../../features/booking/booking-flow.css';
import '../../../features/booking/addons.css';

/** The reasons the upgrade refunds in full (reimburse.reason_1 … reason_7). */
const REASONS = [1, 2, 3, 4, 5, 6, 7] as const;

function Upgrade() {
  const { t } = useTranslation();
  const offer = useBookingStore((s) => s.offer)!;
  const drafts = useBookingStore((s) => s.passengers);
  const services = useBookingStore((s) => s.services);
  const setRefundUpgrade = useBookingStore((s) => s.setRefundUpgrade);
  const menu = useAddonMenu(offer.offerId);
  const slots = useMemo(() => slotsOf(offer.passengers), [offer.passengers]);
  const whoId = useId();
  const percent = menu.data ? upgradePercent(menu.data) : null;
  return (
    <div className="page-body booking-body">
      <section className="card" data-testid="reimburse-what" aria-labelledby={`${whoId}-what`}>
        <h2 className="card-title" id={`${whoId}-what`}>
          {t('reimburse.what_title')}
        </h2>
        <p className="booking-card-intro">{t('reimburse.what_text')}</p>
        <ul className="reimburse-reasons" data-testid="reimburse-reasons">
          {REASONS.map((n) => (
            <li key={n}>{t(`reimburse.reason_${n}`)}</li>
          ))}
        </ul>
        <p className="muted small">{t('reimburse.proof')}</p>
      </section>

      <section className="card" aria-labelledby={`${whoId}-price`}>
        <h2 className="card-title" id={`${whoId}-price`}>
          {t('reimburse.price_title')}
        </h2>
        <p className="booking-card-intro" data-testid="reimburse-share">
          {percent !== null ? t('reimburse.price_share', { percent }) : t('reimburse.price_varies')}
        </p>
        <div className="booking-alert" data-testid="reimburse-no-reschedule">
          <p>{t('reimburse.no_reschedule')}</p>
        </div>
      </section>

      <section className="card" aria-labelledby={whoId} data-testid="reimburse-passengers">
        <h2 className="card-title" id={whoId}>
          {t('reimburse.who_title')}
        </h2>
        {menu.isPending ? (
          <p className="muted small">{t('common.loading')}</p>
        ) : !menu.data ? (
          <p className="muted small">{t('addons.menu_failed')}</p>
        ) : (
          <ul className="addon-rows">
            {slots.map((slot) => {
              const price = upgradePriceFor(menu.data, slot.type);
              const label = t('booking.slot_label', { type: t(`ptype.${slot.type}`), n: slot.number });
              const on = services[slot.id]?.refundUpgrade ?? false;
              return (
                <li className="addon-row" key={slot.id}>
                  {price ? (
                    <label className="addon-check">
                      <input
                        type="checkbox"
                        role="switch"
                        checked={on}
                        aria-checked={on}
                        data-testid={`reimburse-toggle-${slot.id}`}
                        onChange={(e) => setRefundUpgrade(slot.id, e.target.checked)}
                      />
                      <span className="addon-who">
                        <strong className="addon-who-name">{draftName(drafts[slot.id]) || label}</strong>
                        <span className="muted small">{label}</span>
                      </span>
                      <span className="addon-check-price" data-testid={`reimburse-price-${slot.id}`}>
                        {money(price)}
                      </span>
                    </label>
                  ) : (
                    <>
                      <span className="addon-who">
                        <strong className="addon-who-name">{draftName(drafts[slot.id]) || label}</strong>
                        <span className="muted small">{label}</span>
                      </span>
                      <span
                        className="muted small addon-row-note"
                        data-testid={`reimburse-not-sold-${slot.id}`}
                      >
                        {t('addons.upgrade_none_sold')}
                      </span>
                    </>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}

/**
 * booking-reimburse (spec §1, §2): what the Enhanced Refundable Ticket upgrade refunds, what it
 * costs (a share of each passenger's fare, per leg), that such a ticket is not rescheduled
 * online (after-sales §7), and a switch per passenger.
 */
export default function BookingReimbursePage() {
  const { t } = useTranslation();
  const offer = useBookingStore((s) => s.offer);
  return (
    <div className="booking-page addon-page" data-testid="booking-reimburse">
      <NavBar title={t('addons.upgrade_title')} theme="navy" back={paths.addedServices} />
      {offer ? <Upgrade /> : <NoOfferState />}
    </div>
  );
}
