import type { LanguageTag } from '@wings/contracts';
import { Button } from 'antd-mobile';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isLanguageTag } from '../../../app/i18n';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { StateView } from '../../../components/state-view';
import { CountryPicker } from '../../../features/account/components/country-picker';
import { Choice, FormField, SelectButton, TextInput } from '../../../features/account/components/form-field';
import { PhoneField } from '../../../features/account/components/phone-field';
import { useRuleForm } from '../../../features/account/components/use-rule-form';
import { countryName } from '../../../features/account/countries';
import { useBookingStore } from '../../../features/booking/booking-store';
import { NoOfferState } from '../../../features/booking/components/no-offer';
import { draftName, type Slot, slotById, slotsOf } from '../../../features/booking/passengers';
import { useInsuranceDraft } from '../../../features/insurance/insurance-draft-store';
import {
  BENEFICIARY_RELATIONSHIPS,
  EMPTY_INFO,
  fromEntry,
  type InsuredInfoDraft,
  infoIssues,
  toEntry,
} from '../../../features/insurance/insurance-entry';
import '../../../features/account/components/account.css';
import '../../../features/booking/booking-flow.css';
import '../../../features/insurance/insurance.css';

type InfoValues = InsuredInfoDraft & Record<string, unknown>;
type TextField = 'region' | 'city' | 'address' | 'postalCode' | 'name' | 'credentialsId' | 'mailbox';

const CREDENTIAL_TYPES = [0, 1, 2] as const;

function InfoForm({ slot }: { slot: Slot }) {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const nav = useAppNavigate();
  const passenger = useBookingStore((s) => s.passengers[slot.id]);
  const entry = useBookingStore((s) => s.services[slot.id]?.insurance ?? null);
  const setInsurance = useBookingStore((s) => s.setInsurance);
  const stored = useInsuranceDraft((s) => s.info[slot.id]);
  const setInfo = useInsuranceDraft((s) => s.setInfo);
  const toggleInsured = useInsuranceDraft((s) => s.toggleInsured);
  const [sheet, setSheet] = useState(false);

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

  const text = (field: TextField, extra: Record<string, unknown> = {}) => (
    <TextInput
      field={field}
      testId={`insurance-info-${field}`}
      value={values[field]}
      onChange={(v) => form.set(field, v)}
      onBlur={() => form.blur(field)}
      invalid={Boolean(form.error(field))}
      {...extra}
    />
  );

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
      <h2 className="card-title">{t('insurance.info.insured_section')}</h2>
      <FormField label={t('person.nationality')} field="nationality" error={form.error('nationality')}>
        <SelectButton
          field="nationality"
          testId="insurance-info-nationality"
          text={countryName(values.nationality, lang)}
          placeholder={t('person.choose_nationality')}
          onOpen={() => setSheet(true)}
        />
      </FormField>
      <FormField label={t('insurance.info.region')} field="region" error={form.error('region')}>
        {text('region', { autoComplete: 'address-level1', maxLength: 60 })}
      </FormField>
      <FormField label={t('insurance.info.city')} field="city" error={form.error('city')}>
        {text('city', { autoComplete: 'address-level2', maxLength: 60 })}
      </FormField>
      <FormField label={t('insurance.info.address')} field="address" error={form.error('address')}>
        {text('address', { autoComplete: 'street-address', maxLength: 200 })}
      </FormField>
      <FormField label={t('insurance.info.postal_code')} field="postalCode" error={form.error('postalCode')}>
        {text('postalCode', { autoComplete: 'postal-code', autoCapitalize: 'characters', maxLength: 12 })}
      </FormField>

      <h2 className="card-title">{t('insurance.info.beneficiary_section')}</h2>
      <p className="muted small booking-card-intro">{t('insurance.info.beneficiary_intro')}</p>
      <FormField
        label={t('insurance.info.beneficiary_name')}
        field="name"
        error={form.error('name')}
        hint={t('insurance.info.beneficiary_name_hint')}
      >
        {text('name', { autoComplete: 'off', autoCapitalize: 'characters', maxLength: 60 })}
      </FormField>
      <FormField
        label={t('insurance.info.relationship')}
        field="relationship"
        error={form.error('relationship')}
      >
        <Choice
          field="relationship"
          value={values.relationship || null}
          options={BENEFICIARY_RELATIONSHIPS.map((r) => ({ value: r, label: t(`insurance.relation.${r}`) }))}
          onChange={(r) => {
            form.set('relationship', r);
            form.blur('relationship');
          }}
          testIdPrefix="insurance-info-relationship"
        />
      </FormField>
      <FormField
        label={t('insurance.info.credentials_type')}
        field="credentialsType"
        error={form.error('credentialsType')}
      >
        <Choice
          field="credentialsType"
          value={values.credentialsType}
          options={CREDENTIAL_TYPES.map((c) => ({ value: c, label: t(`doc.${c}`) }))}
          onChange={(c) => form.set('credentialsType', c)}
          testIdPrefix="insurance-info-credentialsType"
        />
      </FormField>
      <FormField
        label={t('insurance.info.credentials_id')}
        field="credentialsId"
        error={form.error('credentialsId')}
      >
        {text('credentialsId', { autoComplete: 'off', autoCapitalize: 'characters', maxLength: 30 })}
      </FormField>
      <PhoneField
        label={t('insurance.info.phone')}
        phoneField="contactNumber"
        countryField="countryCode"
        countryCode={values.countryCode}
        phone={values.contactNumber}
        error={form.error('contactNumber') ?? form.error('countryCode')}
        onCountryCode={(dial) => form.set('countryCode', dial)}
        onPhone={(v) => form.set('contactNumber', v)}
        onBlur={(which) => form.blur(which === 'phone' ? 'contactNumber' : 'countryCode')}
        testIds={{ countryCode: 'insurance-info-countryCode', phone: 'insurance-info-contactNumber' }}
      />
      <FormField label={t('insurance.info.mailbox')} field="mailbox" error={form.error('mailbox')}>
        {text('mailbox', {
          type: 'email',
          inputMode: 'email',
          autoComplete: 'off',
          placeholder: t('common.optional'),
          maxLength: 254,
        })}
      </FormField>
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
      <CountryPicker
        visible={sheet}
        mode="nationality"
        title={t('person.nationality')}
        selected={values.nationality}
        testIdPrefix="nationality"
        onSelect={(code) => {
          form.set('nationality', code);
          form.blur('nationality');
          setSheet(false);
        }}
        onClose={() => setSheet(false)}
      />
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
