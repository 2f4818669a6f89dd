import { Button } from 'antd-mobile';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { NavBar } from '../../../components/nav-bar';
import { StateView } from '../../../components/state-view';
import { money } from '../../../lib/format';
import { useAppNavigate } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { isPickerService, type LegIndex, type PickerService, takesService } from '../addons';
import { useAddonMenu } from '../api/get-addon-menu';
import { useBookingStore } from '../booking-store';
import { draftName, type Slot, slotsOf } from '../passengers';
import { NoOfferState } from './no-offer';
import '../../account/components/account.css';
import '../booking-flow.css';
import '../addons.css';

function PickerForm({ leg, service, slots }: { leg: LegIndex; service: PickerService; slots: Slot[] }) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const offer = useBookingStore((s) => s.offer)!;
  const drafts = useBookingStore((s) => s.passengers);
  const services = useBookingStore((s) => s.services);
  const setLegService = useBookingStore((s) => s.setLegService);
  const menu = useAddonMenu(offer.offerId);
  const stepId = useId();
  const eligible = slots.filter((slot) => takesService(slot, service));
  const chosen = (slot: Slot) => {
    const choice = services[slot.id]?.legs[leg];
    return service === 'baggage' ? Boolean(choice?.baggageKg) : Boolean(choice?.priority);
  };
  const [ticked, setTicked] = useState<Set<string>>(() => new Set(eligible.filter(chosen).map((s) => s.id)));
  const menuLeg = menu.data?.legs.find((l) => l.segment === leg) ?? menu.data?.legs[leg];
  const firstKg = eligible.map((s) => services[s.id]?.legs[leg]?.baggageKg).find((kg) => Boolean(kg));
  const [kg, setKg] = useState<number | null>(firstKg ?? null);
  const segment = offer.segments[leg];

  if (menu.isPending) return <p className="muted small page-body">{t('common.loading')}</p>;
  if (!menuLeg || !segment) return <StateView title={t('addons.leg_nothing_sold')} testId="picker-no-leg" />;
  const options = menuLeg.baggage;
  const price = menuLeg.priority;
  const sold = service === 'baggage' ? options.length > 0 : price !== null;
  if (!sold) {
    return (
      <StateView
        title={t(service === 'baggage' ? 'addons.baggage_none_sold' : 'addons.priority_none_sold')}
        testId="picker-not-sold"
      />
    );
  }
  const step = kg ?? options[0]?.weightKg ?? null;
  const stepPrice = options.find((o) => o.weightKg === step)?.price;

  function toggle(id: string, on: boolean) {
    setTicked((prev) => {
      const nextSet = new Set(prev);
      if (on) nextSet.add(id);
      else nextSet.delete(id);
      return nextSet;
    });
  }

  function save() {
    for (const slot of eligible) {
      const on = ticked.has(slot.id);
      if (service === 'baggage') setLegService(slot.id, leg, { baggageKg: on ? step : null });
      else setLegService(slot.id, leg, { priority: on });
    }
    nav.back(paths.addedServices);
  }

  return (
    <>
      <div className="page-body booking-body">
        <p className="booking-intro" data-testid="picker-leg">
          {t(leg === 0 ? 'summary.outbound' : 'summary.return')} · {segment.depCode}–{segment.arrCode} ·{' '}
          {segment.flightNo}
        </p>
        {service === 'baggage' ? (
          <section className="card">
            <label className="form-label" htmlFor={stepId}>
              {t('addons.picker_step')}
            </label>
            <select
              id={stepId}
              className="form-input addon-select"
              value={step ?? ''}
              data-testid="picker-step"
              onChange={(e) => setKg(Number(e.target.value))}
            >
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
          </section>
        ) : null}
        <fieldset className="card addon-fieldset">
          <legend className="card-title">{t('addons.picker_who')}</legend>
          <ul className="addon-rows">
            {slots.map((slot) => {
              const label = t('booking.slot_label', { type: t(`ptype.${slot.type}`), n: slot.number });
              return (
                <li className="addon-row" key={slot.id}>
                  {takesService(slot, service) ? (
                    <label className="addon-check">
                      <input
                        type="checkbox"
                        checked={ticked.has(slot.id)}
                        data-testid={`picker-check-${slot.id}`}
                        onChange={(e) => toggle(slot.id, e.target.checked)}
                      />
                      <span className="addon-who">
                        <strong className="addon-who-name">{draftName(drafts[slot.id]) || label}</strong>
                        <span className="muted small">{label}</span>
                      </span>
                      <span className="addon-check-price">
                        {money(service === 'baggage' ? stepPrice : price)}
                      </span>
                    </label>
                  ) : (
                    <>
                      <span className="addon-who">
                        <strong className="addon-who-name">{draftName(drafts[slot.id]) || label}</strong>
                        <span className="muted small">{label}</span>
                      </span>
                      <span className="muted small addon-row-note" data-testid={`picker-excluded-${slot.id}`}>
                        {t('addons.infant_boards_with_adult')}
                      </span>
                    </>
                  )}
                </li>
              );
            })}
          </ul>
        </fieldset>
      </div>
      <footer className="booking-footer">
        <Button
          block
          color="primary"
          size="large"
          className="booking-continue"
          data-testid="picker-save"
          onClick={save}
        >
          {t('addons.picker_save', { count: ticked.size })}
        </Button>
      </footer>
    </>
  );
}

/**
 * departure-passenger / arrive-passenger (spec §2 pickers, §3 SelectBoardL/R and
 * selectLuggageL/R): which passengers take extra baggage (one step for all ticked) or priority
 * boarding on the outbound or the return. Saving writes each passenger's choice on that leg and
 * goes back to the add-ons.
 */
export function PassengerServicePicker({ leg }: { leg: LegIndex }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = params.get('service');
  const offer = useBookingStore((s) => s.offer);
  const slots = useMemo(() => (offer ? slotsOf(offer.passengers) : []), [offer]);
  const service = isPickerService(raw) ? raw : null;
  const title = service ? t(service === 'baggage' ? 'addon.13' : 'addon.11') : t('addons.title');

  let body: React.ReactNode;
  if (!offer) body = <NoOfferState />;
  else if (!service) body = <StateView title={t('addons.picker_unknown')} testId="picker-unknown" />;
  else if (!offer.segments[leg])
    body = <StateView title={t('addons.picker_no_return')} testId="picker-no-leg" />;
  else body = <PickerForm leg={leg} service={service} slots={slots} />;

  return (
    <div
      className="booking-page addon-page"
      data-testid={leg === 0 ? 'departure-passenger' : 'arrive-passenger'}
    >
      <NavBar title={title} theme="navy" back={paths.addedServices} />
      {body}
    </div>
  );
}
