import type { LanguageTag } from '@wings/contracts';
import { Button } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountryPicker } from '../../account/components/country-picker';
import { Choice, FormField, SelectButton, TextInput } from '../../account/components/form-field';
import { PhoneField } from '../../account/components/phone-field';
import { type RuleForm, useRuleForm } from '../../account/components/use-rule-form';
import { countryName } from '../../account/countries';
import {
  BENEFICIARY_RELATIONSHIPS,
  EMPTY_INFO,
  type InsuredInfoDraft,
  infoIssues,
} from '../../insurance/insurance-entry';
import '../../insurance/insurance.css';

type InfoValues = InsuredInfoDraft & Record<string, unknown>;
type TextField = 'region' | 'city' | 'address' | 'postalCode' | 'name' | 'credentialsId' | 'mailbox';

const CREDENTIAL_TYPES = [0, 1, 2] as const;

/**
 * The insured's details for an insurance bought after ticketing: the same fields, labels and
 * rules (checkInsuranceEntry, via insurance-entry's `infoIssues`) as the booking's insurance
 * form, without the booking's drafts (the passenger here is a ticketed one, not a booking slot).
 * Submitting checks every field and hands the details over; the server's field errors land on
 * their fields through `form.applyServerError`.
 */
export function InsuredForm({
  nationality,
  submitLabel,
  busy,
  onSubmit,
}: {
  /** A first guess for the insured's nationality (the passenger's document). */
  nationality: string;
  submitLabel: string;
  busy: boolean;
  onSubmit: (info: InsuredInfoDraft, form: RuleForm<InfoValues>) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as LanguageTag;
  const rules = useCallback((v: InfoValues) => infoIssues(v), []);
  const form = useRuleForm<InfoValues>({ ...EMPTY_INFO, nationality } as InfoValues, rules);
  const { values } = form;
  const [sheet, setSheet] = useState(false);

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

  return (
    <form
      noValidate
      data-testid="secondary-insured-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!form.validate()) return;
        onSubmit({ ...EMPTY_INFO, ...values }, form);
      }}
    >
      <h3 className="card-title">{t('insurance.info.insured_section')}</h3>
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

      <h3 className="card-title">{t('insurance.info.beneficiary_section')}</h3>
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
        loading={busy}
        data-testid="secondary-buy-insurance"
      >
        {submitLabel}
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
