import type { LanguageTag, SavedPassenger, SavedPassengerInput } from '@wings/contracts';
import {
  checkSavedPassenger,
  localDate,
  PASSENGER_TYPE_CODE,
  passengerTypeOn,
  type RuleIssue,
} from '@wings/rules';
import { Button, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isLanguageTag } from '../../../app/i18n';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { TOAST_DURATION_MS } from '../../../app/setup-api-client';
import { NavBar } from '../../../components/nav-bar';
import { StateView } from '../../../components/state-view';
import { useAddSavedPassenger } from '../../../features/account/api/add-saved-passenger';
import { useSavedPassengers } from '../../../features/account/api/get-saved-passengers';
import { useUpdateSavedPassenger } from '../../../features/account/api/update-saved-passenger';
import { CountryPicker } from '../../../features/account/components/country-picker';
import {
  Choice,
  DateInput,
  FormField,
  SelectButton,
  TextInput,
} from '../../../features/account/components/form-field';
import { useRuleForm } from '../../../features/account/components/use-rule-form';
import { countryName } from '../../../features/account/countries';
import '../../../features/account/components/account.css';

export interface PassengerValues extends Record<string, unknown> {
  surname: string;
  givenName: string;
  middleName: string;
  passengerType: 1 | 2 | 3 | null;
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

/** Today in Phnom Penh: the rules' "today" for ages and document expiry. */
const today = () => localDate(new Date(), 'Asia/Phnom_Penh');

const EMPTY: PassengerValues = {
  surname: '',
  givenName: '',
  middleName: '',
  passengerType: 1,
  title: null,
  gender: null,
  nationality: '',
  birthday: '',
  docType: 1,
  docNumber: '',
  docExpiry: '',
  email: '',
  countryCode: '+855',
  phone: '',
};

function fromSaved(p: SavedPassenger): PassengerValues {
  return {
    surname: p.surname,
    givenName: p.givenName,
    middleName: p.middleName ?? '',
    passengerType: p.passengerType,
    title: p.title,
    gender: p.gender,
    nationality: p.nationality,
    birthday: p.birthday,
    docType: p.docType,
    docNumber: p.docNumber,
    docExpiry: p.docExpiry,
    email: p.email ?? '',
    countryCode: p.countryCode ?? '+855',
    phone: p.phone ?? '',
  };
}

/** The request body: upper-case names and document number, empty optional fields as null. */
export function toInput(v: PassengerValues): SavedPassengerInput {
  const blank = (s: string) => s.trim() || null;
  return {
    surname: v.surname.trim().toUpperCase(),
    givenName: v.givenName.trim().toUpperCase(),
    middleName: blank(v.middleName.toUpperCase()),
    passengerType: v.passengerType ?? 1,
    title: v.title ?? 0,
    gender: v.gender ?? 0,
    nationality: v.nationality,
    birthday: v.birthday,
    docType: v.docType,
    docNumber: v.docNumber.trim().toUpperCase(),
    docExpiry: v.docExpiry,
    email: blank(v.email),
    countryCode: v.phone.trim() ? v.countryCode : null,
    phone: blank(v.phone),
  };
}

/** Every passenger rule of spec §5 the saved-passenger API applies too. */
export function passengerRules(v: PassengerValues): RuleIssue[] {
  return checkSavedPassenger(
    {
      ...v,
      docNumber: v.docNumber.toUpperCase(),
      middleName: v.middleName || null,
      email: v.email || null,
      countryCode: v.phone.trim() ? v.countryCode : null,
      phone: v.phone || null,
    },
    today(),
  );
}

function PassengerForm({ initial, id }: { initial: PassengerValues; id?: string }) {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const nav = useAppNavigate();
  const add = useAddSavedPassenger();
  const update = useUpdateSavedPassenger();
  const [sheet, setSheet] = useState<'nationality' | 'dial' | null>(null);
  const form = useRuleForm<PassengerValues>(initial, passengerRules);
  const { values } = form;

  async function submit() {
    if (!form.validate()) return;
    const body = toInput(values);
    try {
      if (id) await update.mutateAsync({ ...body, id });
      else await add.mutateAsync(body);
      Toast.show({ content: t('passengers.saved'), duration: TOAST_DURATION_MS });
      nav.back(paths.passengerList);
    } catch (error) {
      form.applyServerError(error);
    }
  }

  function chooseBirthday(birthday: string) {
    form.set('birthday', birthday);
    form.blur('birthday');
    if (!birthday) return;
    // The type follows the age today; the traveller can still change it.
    const band = passengerTypeOn(birthday, today());
    if (band === 'adult' || band === 'child' || band === 'infant')
      form.set('passengerType', PASSENGER_TYPE_CODE[band]);
  }

  const text = (
    field: 'surname' | 'givenName' | 'middleName' | 'docNumber' | 'email' | 'phone',
    extra = {},
  ) => (
    <TextInput
      field={field}
      testId={`passenger-edit-${field}`}
      value={values[field]}
      onChange={(v) => form.set(field, v)}
      onBlur={() => form.blur(field)}
      invalid={Boolean(form.error(field))}
      {...extra}
    />
  );
  const pick = <K extends 'title' | 'gender' | 'passengerType' | 'docType'>(
    field: K,
    value: PassengerValues[K],
  ) => {
    form.set(field, value);
    form.blur(field);
  };

  return (
    <form
      className="card"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <FormField
        label={t('person.surname')}
        field="surname"
        error={form.error('surname')}
        hint={t('person.name_hint')}
      >
        {text('surname', { autoCapitalize: 'characters', autoComplete: 'off', placeholder: 'ZHANG' })}
      </FormField>
      <FormField label={t('person.given_name')} field="givenName" error={form.error('givenName')}>
        {text('givenName', { autoCapitalize: 'characters', autoComplete: 'off', placeholder: 'SAN' })}
      </FormField>
      <FormField label={t('person.middle_name')} field="middleName" error={form.error('middleName')}>
        {text('middleName', {
          autoCapitalize: 'characters',
          autoComplete: 'off',
          placeholder: t('common.optional'),
        })}
      </FormField>
      <FormField label={t('person.birthday')} field="birthday" error={form.error('birthday')}>
        <DateInput
          field="birthday"
          testId="passenger-edit-birthday"
          value={values.birthday}
          min="1900-01-01"
          max={today()}
          onChange={chooseBirthday}
          invalid={Boolean(form.error('birthday'))}
        />
      </FormField>
      <FormField label={t('person.passenger_type')} field="passengerType" error={form.error('passengerType')}>
        <Choice
          field="passengerType"
          value={values.passengerType}
          options={([1, 2, 3] as const).map((v) => ({ value: v, label: t(`ptype.${v}`) }))}
          onChange={(v) => pick('passengerType', v)}
          testIdPrefix="passenger-edit-passengerType"
        />
      </FormField>
      <FormField label={t('person.title')} field="title" error={form.error('title')}>
        <Choice
          field="title"
          value={values.title}
          options={([0, 1, 2] as const).map((v) => ({ value: v, label: t(`title.${v}`) }))}
          onChange={(v) => pick('title', v)}
          testIdPrefix="passenger-edit-title"
        />
      </FormField>
      <FormField label={t('person.gender')} field="gender" error={form.error('gender')}>
        <Choice
          field="gender"
          value={values.gender}
          options={([0, 1] as const).map((v) => ({ value: v, label: t(`gender.${v}`) }))}
          onChange={(v) => pick('gender', v)}
          testIdPrefix="passenger-edit-gender"
        />
      </FormField>
      <FormField label={t('person.nationality')} field="nationality" error={form.error('nationality')}>
        <SelectButton
          field="nationality"
          testId="passenger-edit-nationality"
          text={countryName(values.nationality, lang)}
          placeholder={t('person.choose_nationality')}
          onOpen={() => setSheet('nationality')}
        />
      </FormField>
      <FormField label={t('person.doc_type')} field="docType" error={form.error('docType')}>
        <Choice
          field="docType"
          value={values.docType}
          options={([0, 1, 2] as const).map((v) => ({ value: v, label: t(`doc.${v}`) }))}
          onChange={(v) => pick('docType', v)}
          testIdPrefix="passenger-edit-docType"
        />
      </FormField>
      <FormField label={t('person.doc_number')} field="docNumber" error={form.error('docNumber')}>
        {text('docNumber', { autoCapitalize: 'characters', autoComplete: 'off' })}
      </FormField>
      <FormField label={t('person.doc_expiry')} field="docExpiry" error={form.error('docExpiry')}>
        <DateInput
          field="docExpiry"
          testId="passenger-edit-docExpiry"
          value={values.docExpiry}
          min={today()}
          max="2099-12-31"
          onChange={(v) => {
            form.set('docExpiry', v);
            form.blur('docExpiry');
          }}
          invalid={Boolean(form.error('docExpiry'))}
        />
      </FormField>
      <FormField label={t('account.email')} field="email" error={form.error('email')}>
        {text('email', {
          type: 'email',
          inputMode: 'email',
          autoComplete: 'off',
          placeholder: t('common.optional'),
        })}
      </FormField>
      <FormField
        label={t('person.phone')}
        field="phone"
        error={form.error('phone') ?? form.error('countryCode')}
      >
        <div className="phone-row">
          <SelectButton
            field="countryCode"
            testId="passenger-edit-countryCode"
            text={values.countryCode}
            placeholder="+"
            onOpen={() => setSheet('dial')}
          />
          {text('phone', { inputMode: 'tel', autoComplete: 'off', placeholder: t('common.optional') })}
        </div>
      </FormField>
      <Button
        block
        type="submit"
        color="primary"
        size="large"
        className="form-submit"
        loading={add.isPending || update.isPending}
        data-testid="passenger-save"
      >
        {t('common.save')}
      </Button>
      <CountryPicker
        visible={sheet === 'nationality'}
        mode="nationality"
        title={t('person.nationality')}
        selected={values.nationality}
        testIdPrefix="nationality"
        onSelect={(code) => {
          form.set('nationality', code);
          form.blur('nationality');
          setSheet(null);
        }}
        onClose={() => setSheet(null)}
      />
      <CountryPicker
        visible={sheet === 'dial'}
        mode="dial"
        title={t('person.country_code')}
        selected={values.countryCode}
        testIdPrefix="dial"
        onSelect={(dial) => {
          form.set('countryCode', dial);
          form.blur('countryCode');
          setSheet(null);
        }}
        onClose={() => setSheet(null)}
      />
    </form>
  );
}

/** Add (no id) or edit (`?id=`) a saved passenger with every field of spec §3. */
export default function EditPassengerPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const passengers = useSavedPassengers();
  const existing = id ? passengers.data?.find((p) => p.id === id) : undefined;

  let body: React.ReactNode;
  if (!id) body = <PassengerForm initial={EMPTY} />;
  else if (existing)
    body = <PassengerForm key={existing.id} initial={fromSaved(existing)} id={existing.id} />;
  else if (passengers.isPending) body = <StateView title={t('common.loading')} />;
  else body = <StateView tone="error" title={t('passengers.not_found')} testId="passenger-not-found" />;

  return (
    <div className="account-page">
      <NavBar title={id ? t('passengers.edit') : t('passengers.add')} back={paths.passengerList} />
      <div className="page-body">{body}</div>
    </div>
  );
}
