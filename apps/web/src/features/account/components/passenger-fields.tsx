import type { LanguageTag } from '@wings/contracts';
import { titlesFor } from '@wings/rules';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguageTag } from '../../../lib/language';
import { countryName } from '../countries';
import { CountryPicker } from './country-picker';
import { Choice, DateInput, FormField, SelectButton, TextInput } from './form-field';
import { PhoneField } from './phone-field';

/** Every person field of spec §3 a passenger form shows (the passenger type is the caller's). */
export interface PersonFieldValues {
  surname: string;
  givenName: string;
  middleName: string;
  title: 0 | 1 | 2 | null;
  gender: 0 | 1 | null;
  nationality: string;
  birthday: string;
  docType: 0 | 1 | 2;
  docNumber: string;
  docExpiry: string;
  email: string;
  countryCode: string;
  phone: string;
}

export type PersonField = keyof PersonFieldValues;

interface PassengerFieldsProps {
  values: PersonFieldValues;
  /** Changes one field (the value has that field's type). */
  onChange: <K extends PersonField>(field: K, value: PersonFieldValues[K]) => void;
  onBlur: (field: PersonField) => void;
  error: (field: string) => string | null;
  /** Test ids are `<prefix>-<field>` (e.g. `passenger-edit-surname`). */
  testIdPrefix: string;
  /** Bounds of the date pickers. */
  birthdayMax: string;
  expiryMin: string;
  /** Shown right after the birth date: the passenger type choice, or the slot's type. */
  afterBirthday?: ReactNode;
  /** A hint under the birth date and the expiry (e.g. the journey's dates). */
  birthdayHint?: ReactNode;
  expiryHint?: ReactNode;
  /** Called instead of a plain change when a birth date is chosen. */
  onBirthday?: (birthday: string) => void;
  /** The passenger type (1 adult, 2 child, 3 infant): a child or an infant is offered Mr and Miss only. */
  passengerType?: number | null;
}

/**
 * The passenger fields of spec §3 (names, title, gender, nationality with a searchable
 * sheet, birth date, document, e-mail, country code and phone), shared by the saved-passenger
 * form and the booking's passenger-detail page. The caller owns the values and the rules.
 */
export function PassengerFields(props: PassengerFieldsProps) {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const [sheet, setSheet] = useState<'nationality' | null>(null);
  const { values, onChange, onBlur, error, testIdPrefix } = props;

  const text = (
    field: 'surname' | 'givenName' | 'middleName' | 'docNumber' | 'email' | 'phone',
    extra = {},
  ) => (
    <TextInput
      field={field}
      testId={`${testIdPrefix}-${field}`}
      value={values[field]}
      onChange={(v) => onChange(field, v)}
      onBlur={() => onBlur(field)}
      invalid={Boolean(error(field))}
      {...extra}
    />
  );
  const pick = <K extends 'title' | 'gender' | 'docType'>(field: K, value: PersonFieldValues[K]) => {
    onChange(field, value);
    onBlur(field);
  };

  return (
    <>
      <FormField
        label={t('person.surname')}
        field="surname"
        error={error('surname')}
        hint={t('person.name_hint')}
      >
        {text('surname', { autoCapitalize: 'characters', autoComplete: 'off', placeholder: 'ZHANG' })}
      </FormField>
      <FormField label={t('person.given_name')} field="givenName" error={error('givenName')}>
        {text('givenName', { autoCapitalize: 'characters', autoComplete: 'off', placeholder: 'SAN' })}
      </FormField>
      <FormField label={t('person.middle_name')} field="middleName" error={error('middleName')}>
        {text('middleName', {
          autoCapitalize: 'characters',
          autoComplete: 'off',
          placeholder: t('common.optional'),
        })}
      </FormField>
      <FormField
        label={t('person.birthday')}
        field="birthday"
        error={error('birthday')}
        hint={props.birthdayHint}
      >
        <DateInput
          field="birthday"
          testId={`${testIdPrefix}-birthday`}
          value={values.birthday}
          min="1900-01-01"
          max={props.birthdayMax}
          onChange={(v) => {
            if (props.onBirthday) props.onBirthday(v);
            else onChange('birthday', v);
            onBlur('birthday');
          }}
          invalid={Boolean(error('birthday'))}
        />
      </FormField>
      {props.afterBirthday}
      <FormField label={t('person.title')} field="title" error={error('title')}>
        <Choice
          field="title"
          value={values.title}
          options={titlesFor(props.passengerType).map((v) => ({ value: v, label: t(`title.${v}`) }))}
          onChange={(v) => pick('title', v)}
          testIdPrefix={`${testIdPrefix}-title`}
        />
      </FormField>
      <FormField label={t('person.gender')} field="gender" error={error('gender')}>
        <Choice
          field="gender"
          value={values.gender}
          options={([0, 1] as const).map((v) => ({ value: v, label: t(`gender.${v}`) }))}
          onChange={(v) => pick('gender', v)}
          testIdPrefix={`${testIdPrefix}-gender`}
        />
      </FormField>
      <FormField label={t('person.nationality')} field="nationality" error={error('nationality')}>
        <SelectButton
          field="nationality"
          testId={`${testIdPrefix}-nationality`}
          text={countryName(values.nationality, lang)}
          placeholder={t('person.choose_nationality')}
          onOpen={() => setSheet('nationality')}
        />
      </FormField>
      <FormField label={t('person.doc_type')} field="docType" error={error('docType')}>
        <Choice
          field="docType"
          value={values.docType}
          options={([0, 1, 2] as const).map((v) => ({ value: v, label: t(`doc.${v}`) }))}
          onChange={(v) => pick('docType', v)}
          testIdPrefix={`${testIdPrefix}-docType`}
        />
      </FormField>
      <FormField label={t('person.doc_number')} field="docNumber" error={error('docNumber')}>
        {text('docNumber', { autoCapitalize: 'characters', autoComplete: 'off' })}
      </FormField>
      <FormField
        label={t('person.doc_expiry')}
        field="docExpiry"
        error={error('docExpiry')}
        hint={props.expiryHint}
      >
        <DateInput
          field="docExpiry"
          testId={`${testIdPrefix}-docExpiry`}
          value={values.docExpiry}
          min={props.expiryMin}
          max="2099-12-31"
          onChange={(v) => {
            onChange('docExpiry', v);
            onBlur('docExpiry');
          }}
          invalid={Boolean(error('docExpiry'))}
        />
      </FormField>
      <FormField label={t('account.email')} field="email" error={error('email')}>
        {text('email', {
          type: 'email',
          inputMode: 'email',
          autoComplete: 'off',
          placeholder: t('common.optional'),
        })}
      </FormField>
      <PhoneField
        label={t('person.phone')}
        phoneField="phone"
        countryField="countryCode"
        countryCode={values.countryCode}
        phone={values.phone}
        error={error('phone') ?? error('countryCode')}
        onCountryCode={(dial) => onChange('countryCode', dial)}
        onPhone={(v) => onChange('phone', v)}
        onBlur={onBlur}
        testIds={{ countryCode: `${testIdPrefix}-countryCode`, phone: `${testIdPrefix}-phone` }}
        placeholder={t('common.optional')}
        autoComplete="off"
      />
      <CountryPicker
        visible={sheet === 'nationality'}
        mode="nationality"
        title={t('person.nationality')}
        selected={values.nationality}
        testIdPrefix="nationality"
        onSelect={(code) => {
          onChange('nationality', code);
          onBlur('nationality');
          setSheet(null);
        }}
        onClose={() => setSheet(null)}
      />
    </>
  );
}
