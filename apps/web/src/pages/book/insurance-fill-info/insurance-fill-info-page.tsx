import { Button } from 'antd-mobile';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { StateView } from '../../../components/state-view';
import { useRuleForm } from '../../../features/account/components/use-rule-form';
import { useBookingStore } from '../../../features/booking/booking-store';
import { NoOfferState } from '../../../features/booking/components/no-offer';
import { draftName, type Slot, slotById, slotsOf } from '../../../features/booking/passengers';
import {
  type InsuredInfoValues as InfoValues,
  InsuredFields,
} from '../../../features/insurance/components/insured-fields';
import { useInsuranceDraft } from '../../../features/insurance/insurance-draft-store';
import {
  EMPTY_INFO,
  fromEntry,
  type InsuredInfoDraft,
  infoIssues,
  toEntry,
} from '../../../features/insurance/insurance-entry';
import '../../../features/account/components/account.css';
import '../../../features/booking/booking-flow.css';
import '../../../features/insurance/insurance.css';

function InfoForm({ slot }: { slot: Slot }) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const passenger = useBookingStore((s) => s.passengers[slot.id]);
  const entry = useBookingStore((s) => s.services[slot.id]?.insurance ?? null);
  const setInsurance = useBookingStore((s) => s.setInsurance);
  const stored = useInsuranceDraft((s) => s.info[slot.id]);
  const setInfo = useInsuranceDraft((s) => s.setInfo);
  const toggleInsured = useInsuranceDraft((s) => s.toggleInsured);

  // What was typed before, else the booking's entry, else a fresh form living where the passenger's document says.
  const initial = useRef<InfoValues>(
    (stored ??
      (entry
        ? fromEntry(entry)
        : { ...EMPTY_INFO, nationality: passenger?.nationality ?? '' })) as InfoValues,
  );
  const rules = useCallback((v: InfoValues) => infoIssues(v), []);
  const form = useRuleForm<InfoValues>(initial.current, rules);
  const { values, validate } = form;

  const hadDraft = useRef(Boolean(stored));
  useEffect(() => {
    // Coming back to details typed before: show at once what still needs correcting.
    if (hadDraft.current) validate({ focus: false });
  }, [validate]);

  useEffect(() => {
    // Every keystroke is kept: going back, to the agreement or a reload never loses it.
    if (values === initial.current) return;
    const { nationality, region, city, address, postalCode, name, relationship, credentialsType } = values;
    const { credentialsId, countryCode, contactNumber, mailbox } = values;
    setInfo(slot.id, {
      nationality,
      region,
      city,
      address,
      postalCode,
      name,
      relationship,
      credentialsType,
      credentialsId,
      countryCode,
      contactNumber,
      mailbox,
    });
  }, [values, setInfo, slot.id]);

  function save() {
    if (!validate()) return;
    const info: InsuredInfoDraft = { ...EMPTY_INFO, ...values };
    setInfo(slot.id, info);
    // Details given for a passenger: they are to be insured (the list can still untick them).
    toggleInsured(slot.id, true);
    // Already insured in the booking: the booking's entry follows the corrected details.
    if (entry) setInsurance(slot.id, toEntry(info, entry));
    nav.back(paths.insurancePassengerList);
  }

  return (
    <form
      className="card"
      noValidate
      data-testid="insurance-info-form"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <InsuredFields form={form} heading="h2" />
      <Button
        block
        type="submit"
        color="primary"
        size="large"
        className="form-submit"
        data-testid="insurance-info-save"
      >
        {t('common.save')}
      </Button>
    </form>
  );
}

/**
 * insurance fill-passenger-info (`?slot=adult-0`; spec §3 regionParams, §5): where the insured
 * passenger lives and who the beneficiary is, checked with the server's own rules
 * (checkInsuranceEntry) field by field. What is typed is kept as a draft.
 */
export default function InsuranceFillInfoPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const offer = useBookingStore((s) => s.offer);
  const slots = useMemo(() => (offer ? slotsOf(offer.passengers) : []), [offer]);
  const slot = slotById(slots, params.get('slot'));
  const passenger = useBookingStore((s) => (slot ? s.passengers[slot.id] : undefined));
  const label = slot ? t('booking.slot_label', { type: t(`ptype.${slot.type}`), n: slot.number }) : '';

  let body: React.ReactNode;
  if (!offer) body = <NoOfferState />;
  else if (!slot) body = <StateView tone="error" title={t('booking.slot_unknown')} testId="slot-unknown" />;
  else body = <InfoForm key={slot.id} slot={slot} />;

  return (
    <div className="booking-page account-page" data-testid="insurance-fill-info">
      <NavBar
        title={t('insurance.info.title', { name: draftName(passenger) || label || t('booking.passenger') })}
        theme="navy"
        back={paths.insurancePassengerList}
      />
      <div className="page-body">{body}</div>
    </div>
  );
}
