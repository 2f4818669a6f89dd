import type { AddonMenuReply } from '@wings/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import {
  type LegIndex,
  type SlotServiceErrors,
  takesService,
  upgradePriceFor,
} from '../../../features/booking/addons';
import {
  type ServerFieldError,
  type SlotId,
  type SlotServices,
  useBookingStore,
} from '../../../features/booking/booking-store';
import { draftName, type Slot } from '../../../features/booking/passengers';
import { serverMessage } from '../../../features/booking/server-message';
import { money } from '../../../lib/format';

type MenuLeg = AddonMenuReply['legs'][number];

export interface CardProps {
  slots: readonly Slot[];
  services: Partial<Record<SlotId, SlotServices>>;
  errors: Partial<Record<SlotId, SlotServiceErrors>>;
}

/** "SOK DARA" with "Adult 1" beside it: who a row is about. */
export function PassengerName({ slot, id }: { slot: Slot; id?: string }) {
  const { t } = useTranslation();
  const draft = useBookingStore((s) => s.passengers[slot.id]);
  return (
    <span className="addon-who" id={id}>
      <strong className="addon-who-name">{draftName(draft) || '—'}</strong>
      <span className="muted small">
        {t('booking.slot_label', { type: t(`ptype.${slot.type}`), n: slot.number })}
      </span>
    </span>
  );
}

/** A server problem on one passenger's add-on, tied to its control by id. */
export function RowError({ id, error, testId }: { id: string; error?: ServerFieldError; testId: string }) {
  const { t, i18n } = useTranslation();
  if (!error) return null;
  return (
    <p className="field-error addon-row-error" id={id} data-testid={testId}>
      {serverMessage(t, (k) => i18n.exists(k), error)}
    </p>
  );
}

function pickerHref(leg: LegIndex, service: 'baggage' | 'priority') {
  return `${leg === 0 ? paths.departurePassenger : paths.arrivePassenger}?service=${service}`;
}

/** Seats of one leg: each passenger's seat or "Choose" (the seat map of the leg); infants sit on a lap. */
export function SeatCard({
  leg,
  menuLeg,
  slots,
  services,
  errors,
}: CardProps & { leg: LegIndex; menuLeg: MenuLeg }) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const setLegService = useBookingStore((s) => s.setLegService);
  const titleId = useId();
  const sold = menuLeg.seatTypes;
  return (
    <section className="card addon-card" aria-labelledby={titleId} data-testid={`addon-seat-${leg}`}>
      <h3 className="card-title" id={titleId}>
        {t('addon.12')}
      </h3>
      {sold.length > 0 ? (
        <p className="muted small addon-card-intro" data-testid={`addon-seat-prices-${leg}`}>
          {sold
            .map((s) =>
              t('addons.seat_type_price', {
                type: t(`addons.seat_type_${s.seatType}`),
                price: s.price.amount === 0 ? t('addons.free') : money(s.price),
              }),
            )
            .join(' · ')}
        </p>
      ) : (
        <p className="muted small addon-card-intro">{t('addons.seat_none_sold')}</p>
      )}
      <ul className="addon-rows">
        {slots.map((slot) => {
          const seat = services[slot.id]?.legs[leg]?.seat ?? null;
          const error = errors[slot.id]?.legs[leg].seat;
          const errorId = `${titleId}-${slot.id}-error`;
          return (
            <li
              className="addon-row"
              key={slot.id}
              data-testid={`seat-row-${leg}-${slot.id}`}
              data-invalid={error ? true : undefined}
            >
              <PassengerName slot={slot} id={`${titleId}-${slot.id}-who`} />
              {takesService(slot, 'seat') ? (
                <span className="addon-row-actions">
                  <button
                    type="button"
                    id={`${titleId}-${slot.id}-seat`}
                    className="addon-choose"
                    disabled={sold.length === 0}
                    aria-describedby={error ? errorId : undefined}
                    aria-labelledby={`${titleId}-${slot.id}-seat ${titleId}-${slot.id}-who`}
                    data-testid={`seat-choose-${leg}-${slot.id}`}
                    onClick={() => nav.push(`${paths.chooseSeat}?leg=${leg}&slot=${slot.id}`)}
                  >
                    {seat ? t('addons.seat_named', { seat }) : t('addons.choose')}
                    <span aria-hidden="true"> ›</span>
                  </button>
                  {seat ? (
                    <button
                      type="button"
                      className="text-link small"
                      data-testid={`seat-remove-${leg}-${slot.id}`}
                      aria-label={t('addons.seat_remove_aria', { seat })}
                      onClick={() => setLegService(slot.id, leg, { seat: null })}
                    >
                      {t('addons.remove')}
                    </button>
                  ) : null}
                </span>
              ) : (
                <span className="muted small addon-row-note" data-testid={`seat-lap-${leg}-${slot.id}`}>
                  {t('addons.infant_no_seat')}
                </span>
              )}
              <RowError id={errorId} error={error} testId={`addon-error-${leg}-${slot.id}-seat`} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Extra baggage of one leg: the free allowance, then a step per passenger (+5 kg, +10 kg, ...). */
export function BaggageCard({
  leg,
  menu,
  menuLeg,
  slots,
  services,
  errors,
}: CardProps & { leg: LegIndex; menu: AddonMenuReply; menuLeg: MenuLeg }) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const setLegService = useBookingStore((s) => s.setLegService);
  const titleId = useId();
  const options = menuLeg.baggage;
  return (
    <section className="card addon-card" aria-labelledby={titleId} data-testid={`addon-baggage-${leg}`}>
      <h3 className="card-title" id={titleId}>
        {t('addon.13')}
      </h3>
      <p className="muted small addon-card-intro" data-testid={`addon-allowance-${leg}`}>
        {t('addons.allowance', { carryOn: menu.allowance.carryOnKg, checked: menu.allowance.checkedKg })}
      </p>
      {options.length === 0 ? (
        <p className="muted small" data-testid={`addon-baggage-not-sold-${leg}`}>
          {t('addons.baggage_none_sold')}
        </p>
      ) : (
        <>
          <ul className="addon-rows">
            {slots.map((slot) => {
              const kg = services[slot.id]?.legs[leg]?.baggageKg ?? null;
              const error = errors[slot.id]?.legs[leg].baggageKg;
              const selectId = `${titleId}-${slot.id}`;
              return (
                <li className="addon-row" key={slot.id} data-invalid={error ? true : undefined}>
                  <label htmlFor={selectId} className="addon-row-label">
                    <PassengerName slot={slot} />
                  </label>
                  <select
                    id={selectId}
                    className="form-input addon-select"
                    value={kg ?? ''}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${selectId}-error` : undefined}
                    data-testid={`baggage-select-${leg}-${slot.id}`}
                    onChange={(e) =>
                      setLegService(slot.id, leg, {
                        baggageKg: e.target.value ? Number(e.target.value) : null,
                      })
                    }
                  >
                    <option value="">{t('addons.baggage_none')}</option>
                    {options.map((o) => (
                      <option key={o.weightKg} value={o.weightKg}>
                        {t('addons.baggage_option', {
                          kg: o.weightKg,
                          total: o.totalCheckedKg,
                          price: money(o.price),
                        })}
                      </option>
                    ))}
                  </select>
                  <RowError
                    id={`${selectId}-error`}
                    error={error}
                    testId={`addon-error-${leg}-${slot.id}-baggageKg`}
                  />
                </li>
              );
            })}
          </ul>
          <button
            type="button"
            className="text-link small addon-picker-link"
            data-testid={`baggage-picker-${leg}`}
            onClick={() => nav.push(pickerHref(leg, 'baggage'))}
          >
            {t('addons.same_for_several')}
          </button>
        </>
      )}
    </section>
  );
}

/** Priority boarding of one leg, per passenger; a leg that does not sell it says so. */
export function PriorityCard({
  leg,
  menuLeg,
  slots,
  services,
  errors,
}: CardProps & { leg: LegIndex; menuLeg: MenuLeg }) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const setLegService = useBookingStore((s) => s.setLegService);
  const titleId = useId();
  const price = menuLeg.priority;
  return (
    <section className="card addon-card" aria-labelledby={titleId} data-testid={`addon-priority-${leg}`}>
      <h3 className="card-title" id={titleId}>
        {t('addon.11')}
      </h3>
      {price === null ? (
        <p className="muted small" data-testid={`addon-priority-not-sold-${leg}`}>
          {t('addons.priority_none_sold')}
        </p>
      ) : (
        <>
          <p className="muted small addon-card-intro">{t('addons.priority_desc', { price: money(price) })}</p>
          <ul className="addon-rows">
            {slots.map((slot) => {
              const on = services[slot.id]?.legs[leg]?.priority ?? false;
              const error = errors[slot.id]?.legs[leg].priority;
              const errorId = `${titleId}-${slot.id}-error`;
              return (
                <li className="addon-row" key={slot.id} data-invalid={error ? true : undefined}>
                  {takesService(slot, 'priority') ? (
                    <label className="addon-check">
                      <input
                        type="checkbox"
                        checked={on}
                        aria-describedby={error ? errorId : undefined}
                        data-testid={`priority-check-${leg}-${slot.id}`}
                        onChange={(e) => setLegService(slot.id, leg, { priority: e.target.checked })}
                      />
                      <PassengerName slot={slot} />
                      <span className="addon-check-price">{money(price)}</span>
                    </label>
                  ) : (
                    <>
                      <PassengerName slot={slot} />
                      <span className="muted small addon-row-note">
                        {t('addons.infant_boards_with_adult')}
                      </span>
                    </>
                  )}
                  <RowError id={errorId} error={error} testId={`addon-error-${leg}-${slot.id}-priority`} />
                </li>
              );
            })}
          </ul>
          <button
            type="button"
            className="text-link small addon-picker-link"
            data-testid={`priority-picker-${leg}`}
            onClick={() => nav.push(pickerHref(leg, 'priority'))}
          >
            {t('addons.same_for_several')}
          </button>
        </>
      )}
    </section>
  );
}

/** The Enhanced Refundable Ticket upgrade: whole journey, per passenger, priced per passenger type. */
export function UpgradeCard({ menu, slots, services, errors }: CardProps & { menu: AddonMenuReply }) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const setRefundUpgrade = useBookingStore((s) => s.setRefundUpgrade);
  const titleId = useId();
  const sold = slots.some((slot) => upgradePriceFor(menu, slot.type) !== null);
  return (
    <section className="card addon-card" aria-labelledby={titleId} data-testid="addon-upgrade">
      <h3 className="card-title" id={titleId}>
        {t('addons.upgrade_title')}
      </h3>
      <p className="muted small addon-card-intro">{t('addons.upgrade_desc')}</p>
      {!sold ? (
        <p className="muted small" data-testid="addon-upgrade-not-sold">
          {t('addons.upgrade_none_sold')}
        </p>
      ) : (
        <ul className="addon-rows">
          {slots.map((slot) => {
            const price = upgradePriceFor(menu, slot.type);
            const on = services[slot.id]?.refundUpgrade ?? false;
            const error = errors[slot.id]?.other.refundUpgrade;
            const errorId = `${titleId}-${slot.id}-error`;
            return (
              <li className="addon-row" key={slot.id} data-invalid={error ? true : undefined}>
                {price ? (
                  <label className="addon-check">
                    <input
                      type="checkbox"
                      checked={on}
                      aria-describedby={error ? errorId : undefined}
                      data-testid={`upgrade-check-${slot.id}`}
                      onChange={(e) => setRefundUpgrade(slot.id, e.target.checked)}
                    />
                    <PassengerName slot={slot} />
                    <span className="addon-check-price">{money(price)}</span>
                  </label>
                ) : (
                  <>
                    <PassengerName slot={slot} />
                    <span className="muted small addon-row-note">{t('addons.upgrade_none_sold')}</span>
                  </>
                )}
                <RowError id={errorId} error={error} testId={`addon-error-${slot.id}-refundUpgrade`} />
              </li>
            );
          })}
        </ul>
      )}
      <button
        type="button"
        className="text-link small addon-picker-link"
        data-testid="upgrade-more"
        onClick={() => nav.push(paths.bookingReimburse)}
      >
        {t('addons.upgrade_more')}
      </button>
    </section>
  );
}

/** Travel insurance for the whole trip: how many are insured, and the way to the insurance pages. */
export function InsuranceCard({ slots, services }: Pick<CardProps, 'slots' | 'services'>) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const titleId = useId();
  const insured = slots.filter((slot) => services[slot.id]?.insurance).length;
  return (
    <section className="card addon-card" aria-labelledby={titleId} data-testid="addon-insurance">
      <h3 className="card-title" id={titleId}>
        {t('addon.10')}
      </h3>
      <p className="muted small addon-card-intro">{t('addons.insurance_desc')}</p>
      <button
        type="button"
        className="addon-choose addon-choose-wide"
        data-testid="insurance-open"
        onClick={() => nav.push(paths.insurancePassengerList)}
      >
        <span data-testid="insurance-count">
          {insured > 0
            ? t('addons.insured_count', { count: insured, total: slots.length })
            : t('addons.insurance_choose')}
        </span>
        <span aria-hidden="true"> ›</span>
      </button>
    </section>
  );
}
