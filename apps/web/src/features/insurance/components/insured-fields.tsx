import type { LanguageTag } from '@wings/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguageTag } from '../../../lib/language';
import { CountryPicker } from '../../account/components/country-picker';
import { Choice, FormField, SelectButton, TextInput } from '../../account/components/form-field';
import { PhoneField } from '../../account/components/phone-field';
import type { RuleForm } from '../../account/components/use-rule-form';
import { countryName } from '../../account/countries';
import { BENEFICIARY_RELATIONSHIPS, type InsuredInfoDraft } from '../insurance-entry';

/** The values of an insured's form (the draft's fields, as useRuleForm holds them). */
export type InsuredInfoValues = InsuredInfoDraft & Record<string, unknown>;

type TextField = 'region' | 'city' | 'address' | 'postalCode' | 'name' | 'credentialsId' | 'mailbox';

const CREDENTIAL_TYPES = [0, 1, 2] as const;

/**
 * Every field of an insured passenger's insurance entry (spec §3 regionParams), in one place for
 * the booking's fill-passenger-info page and the insurance bought after ticketing: where the
 * insured lives (nationality, region, city, address, postal code) and the beneficiary (full name
 * in English, relationship, certificate type and number, phone with its country code, e-mail),
 * each with its label, its hint and the rules' message under it (`form`: checkInsuranceEntry
 * through insurance-entry's `infoIssues`). The caller owns the form, its submit and its button.
 */
export function InsuredFields({
  form,
  heading: Heading,
}: {
  form: RuleForm<InsuredInfoValues>;
  /** The sections' heading level where the form sits (a page's h2, a card's h3). */
  heading: 'h2' | 'h3';
}) {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
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
    <>
      <Heading className="card-title">{t('insurance.info.insured_section')}</Heading>
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

      <Heading className="card-title">{t('insurance.info.beneficiary_section')}</Heading>
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
    </>
  );
}
