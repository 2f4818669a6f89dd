import type { LanguageTag, MemberRegistrationFields, User } from '@wings/contracts';
import {
  checkAddress,
  checkEmail,
  checkEmailCode,
  checkMemberAge,
  checkMemberDocument,
  checkMemberPassword,
  checkMemberPasswordPair,
  checkMiddleName,
  checkName,
  checkPhone,
  checkTitleGender,
  HUB_TIME_ZONE,
  localDate,
  type RuleIssue,
} from '@wings/rules';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguageTag } from '../../../lib/language';
import { CountryPicker } from '../../account/components/country-picker';
import {
  Choice,
  DateInput,
  FieldError,
  FormCard,
  FormField,
  SelectButton,
  SubmitButton,
  TextInput,
} from '../../account/components/form-field';
import { PhoneField } from '../../account/components/phone-field';
import { SendCodeButton } from '../../account/components/send-code-button';
import { type RuleForm, useRuleForm } from '../../account/components/use-rule-form';
import { countryName } from '../../account/countries';
import { memberGetToken } from '../api/member-session';
import type { MemberRegisterDraft } from '../member-store';
import { PhotoField } from '../photos/photo-field';
import '../../account/components/account.css';
import './members.css';

/** Today in Phnom Penh: the rules' "today" for the member's age and the document's validity. */
export const hubToday = () => localDate(new Date(), HUB_TIME_ZONE);

/** Every field of the registration form, flat (the server's field paths end in these names). */
export interface RegisterValues extends Record<string, unknown> {
  surname: string;
  givenName: string;
  middleName: string;
  title: 0 | 1 | 2 | null;
  gender: 0 | 1 | null;
  birthday: string;
  nationality: string;
  documentType: 0 | 1;
  documentNo: string;
  validFrom: string;
  validTo: string;
  frontPhotoId: string | null;
  backPhotoId: string | null;
  countryCode: string;
  phone: string;
  email: string;
  code: string;
  country: string;
  province: string;
  city: string;
  postcode: string;
  detail: string;
  contactLanguage: 0 | 1 | 2;
  password: string;
  confirmPassword: string;
  agree: boolean;
}

export const EMPTY_REGISTER_VALUES: RegisterValues = {
  surname: '',
  givenName: '',
  middleName: '',
  title: null,
  gender: null,
  birthday: '',
  nationality: '',
  documentType: 0,
  documentNo: '',
  validFrom: '',
  validTo: '',
  frontPhotoId: null,
  backPhotoId: null,
  countryCode: '+855',
  phone: '',
  email: '',
  code: '',
  country: '',
  province: '',
  city: '',
  postcode: '',
  detail: '',
  contactLanguage: 1,
  password: '',
  confirmPassword: '',
  agree: false,
};

/** What is never kept in the draft on the device: the password and the code. */
const SECRET_FIELDS = ['password', 'confirmPassword', 'code'] as const;

/** The draft kept in the member store (vip_register_params): everything but the secrets. */
export function draftOf(values: RegisterValues): MemberRegisterDraft {
  const draft: Record<string, unknown> = { ...values };
  for (const field of SECRET_FIELDS) delete draft[field];
  return draft;
}

/** A kept draft back into the form: only known fields of the right kind; secrets start empty. */
export function valuesFromDraft(draft: MemberRegisterDraft | null, base: RegisterValues): RegisterValues {
  if (!draft) return base;
  const values: Record<string, unknown> = { ...base };
  for (const [field, value] of Object.entries(draft)) {
    if (!(field in base) || (SECRET_FIELDS as readonly string[]).includes(field)) continue;
    const expected = base[field];
    const fits =
      value === null ||
      typeof value === typeof expected ||
      (expected === null && (typeof value === 'number' || typeof value === 'string'));
    if (fits) values[field] = value;
  }
  return values as RegisterValues;
}

/** The app account's profile as a start for the registration (joining from a signed-in account). */
export function valuesFromUser(user: User | null, base: RegisterValues): RegisterValues {
  if (!user) return base;
  return {
    ...base,
    surname: user.surname ?? base.surname,
    givenName: user.givenName ?? base.givenName,
    title: user.title ?? base.title,
    gender: user.gender ?? base.gender,
    birthday: user.birthday ?? base.birthday,
    nationality: user.nationality ?? base.nationality,
    email: user.email ?? base.email,
    countryCode: user.countryCode ?? base.countryCode,
    phone: user.phone ?? base.phone,
    contactLanguage: user.language,
  };
}

/** A submitted registration (queryRegisterInfo) as the form's values, to fix and resubmit. */
export function valuesFromRegistration(info: MemberRegistrationFields): RegisterValues {
  return {
    ...EMPTY_REGISTER_VALUES,
    surname: info.surname,
    givenName: info.givenName,
    middleName: info.middleName ?? '',
    title: info.title,
    gender: info.gender,
    birthday: info.birthday,
    nationality: info.nationality,
    documentType: info.document.documentType,
    documentNo: info.document.documentNo,
    validFrom: info.document.validFrom,
    validTo: info.document.validTo,
    frontPhotoId: info.document.frontPhotoId,
    backPhotoId: info.document.backPhotoId,
    countryCode: info.countryCode,
    phone: info.phone,
    email: info.email,
    country: info.address.country,
    province: info.address.province,
    city: info.address.city,
    postcode: info.address.postcode,
    detail: info.address.detail,
    contactLanguage: info.contactLanguage,
  };
}

/** The registration's fields as the API takes them (register and updateRegisterInfo). */
export function registrationFields(v: RegisterValues): MemberRegistrationFields {
  const middle = v.middleName.trim();
  return {
    surname: v.surname.trim().toUpperCase(),
    givenName: v.givenName.trim().toUpperCase(),
    middleName: middle ? middle.toUpperCase() : null,
    title: v.title ?? 0,
    gender: v.gender ?? 0,
    birthday: v.birthday,
    nationality: v.nationality,
    document: {
      documentType: v.documentType,
      documentNo: v.documentNo.trim().toUpperCase(),
      validFrom: v.validFrom,
      validTo: v.validTo,
      frontPhotoId: v.frontPhotoId,
      // A passport has its photo page only.
      backPhotoId: v.documentType === 0 ? v.backPhotoId : null,
    },
    countryCode: v.countryCode,
    phone: v.phone.trim(),
    email: v.email.trim().toLowerCase(),
    address: {
      country: v.country,
      province: v.province.trim(),
      city: v.city.trim(),
      postcode: v.postcode.trim(),
      detail: v.detail.trim(),
    },
    contactLanguage: v.contactLanguage,
  };
}

/**
 * Every rule of the registration (packages/rules members.ts and person.ts), as the API checks
 * them: `full` adds the new member's password, the e-mail code and the programme's terms.
 */
export function registerRules(v: RegisterValues, today: string, full: boolean): RuleIssue[] {
  return [
    ...checkName(v.surname, v.givenName),
    ...checkMiddleName(v.middleName),
    ...(v.title === null ? [{ field: 'title', key: 'person.title_required' }] : []),
    ...(v.gender === null ? [{ field: 'gender', key: 'members.gender_required' }] : []),
    ...checkTitleGender(v.title, v.gender),
    ...checkMemberAge(v.birthday, today),
    ...(v.nationality ? [] : [{ field: 'nationality', key: 'person.nationality_required' }]),
    ...checkMemberDocument(
      {
        documentType: v.documentType,
        documentNo: v.documentNo,
        validFrom: v.validFrom,
        validTo: v.validTo,
        frontPhotoId: v.frontPhotoId,
        backPhotoId: v.backPhotoId,
      },
      today,
    ),
    ...checkPhone(v.countryCode, v.phone, { required: true }),
    ...checkEmail(v.email),
    ...(full ? checkEmailCode(v.code) : []),
    ...checkAddress({
      country: v.country,
      province: v.province,
      city: v.city,
      postcode: v.postcode,
      detail: v.detail,
    }),
    ...(full
      ? [
          ...checkMemberPassword(v.password),
          ...checkMemberPasswordPair(v.password, v.confirmPassword),
          ...(v.agree ? [] : [{ field: 'agree', key: 'members.agree_required' }]),
        ]
      : []),
  ];
}

type TextField =
  | 'surname'
  | 'givenName'
  | 'middleName'
  | 'documentNo'
  | 'email'
  | 'code'
  | 'province'
  | 'city'
  | 'postcode'
  | 'detail'
  | 'password'
  | 'confirmPassword';

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <section className="mb-section" data-testid={testId}>
      <h2 className="mb-section-title">{title}</h2>
      {children}
    </section>
  );
}

export interface RegisterFormProps {
  /** `register`: a new member (password, code, terms); `update`: a rejected registration fixed. */
  mode: 'register' | 'update';
  initial: RegisterValues;
  /** Called with every change (the page keeps the draft); never given the password or code. */
  onDraft?: (values: RegisterValues) => void;
  /** Sends the form; throws the ApiError of a refusal (its field issues land on the fields). */
  onSubmit: (values: RegisterValues) => Promise<void>;
  submitting: boolean;
  submitLabel: string;
  /** Shown above the first section (e.g. the join-from-account note). */
  intro?: ReactNode;
}

/**
 * The member registration form (issue 17; booking-and-account §4): names, title, gender, birthday,
 * nationality, the document with its photos, mobile, the main e-mail (with its code when
 * registering), the address, contact language and, when registering, the member password twice
 * and the programme's terms. Every rule is checked before sending, with the message by its field
 * and the first field in error focused. Used by registration and by the fix of a rejected one.
 */
export function RegisterForm(props: RegisterFormProps) {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const full = props.mode === 'register';
  const [sheet, setSheet] = useState<'nationality' | 'country' | null>(null);
  const [termsOpen, setTermsOpen] = useState(false);
  const form: RuleForm<RegisterValues> = useRuleForm<RegisterValues>(props.initial, (v) =>
    registerRules(v, hubToday(), full),
  );
  const { values } = form;
  const { onDraft } = props;
  useEffect(() => {
    onDraft?.(values);
  }, [values, onDraft]);

  const text = (field: TextField, testId: string, extra: Record<string, unknown> = {}) => (
    <TextInput
      field={field}
      testId={testId}
      value={values[field]}
      onChange={(v) => form.set(field, v)}
      onBlur={() => form.blur(field)}
      invalid={Boolean(form.error(field))}
      {...extra}
    />
  );
  const row = (field: TextField, label: string, testId: string, extra: Record<string, unknown> = {}) => (
    <FormField label={label} field={field} error={form.error(field)}>
      {text(field, testId, extra)}
    </FormField>
  );

  async function sendCode(): Promise<number | false> {
    if (checkEmail(values.email).length > 0) {
      form.blur('email');
      form.focusFirstError();
      return false;
    }
    try {
      const sent = await memberGetToken({
        channel: 'email',
        purpose: 'register',
        email: values.email.trim().toLowerCase(),
      });
      return sent.resendAfterSeconds;
    } catch {
      // The client has shown why (807 too soon, 809 already a member's e-mail).
      return false;
    }
  }

  async function submit() {
    if (!form.validate()) return;
    try {
      await props.onSubmit(values);
    } catch (error) {
      form.applyServerError(error);
    }
  }

  const name = 'mb-register';
  return (
    <FormCard onSubmit={submit}>
      {props.intro}
      <Section title={t('members.section_name')} testId={`${name}-section-name`}>
        <p className="form-hint">{t('person.name_hint')}</p>
        {row('surname', t('person.surname'), `${name}-surname`, {
          autoCapitalize: 'characters',
          autoComplete: 'off',
        })}
        {row('givenName', t('person.given_name'), `${name}-givenName`, {
          autoCapitalize: 'characters',
          autoComplete: 'off',
        })}
        {row('middleName', t('person.middle_name'), `${name}-middleName`, {
          autoCapitalize: 'characters',
          autoComplete: 'off',
          placeholder: t('common.optional'),
        })}
        <FormField label={t('person.title')} field="title" error={form.error('title')}>
          <Choice
            field="title"
            value={values.title}
            options={([0, 1, 2] as const).map((v) => ({ value: v, label: t(`title.${v}`) }))}
            onChange={(v) => {
              form.set('title', v);
              form.blur('title');
            }}
            testIdPrefix={`${name}-title`}
          />
        </FormField>
        <FormField label={t('person.gender')} field="gender" error={form.error('gender')}>
          <Choice
            field="gender"
            value={values.gender}
            options={([0, 1] as const).map((v) => ({ value: v, label: t(`gender.${v}`) }))}
            onChange={(v) => {
              form.set('gender', v);
              form.blur('gender');
            }}
            testIdPrefix={`${name}-gender`}
          />
        </FormField>
        <FormField
          label={t('person.birthday')}
          field="birthday"
          error={form.error('birthday')}
          hint={t('members.adult_hint')}
        >
          <DateInput
            field="birthday"
            testId={`${name}-birthday`}
            value={values.birthday}
            min="1900-01-01"
            max={hubToday()}
            onChange={(v) => {
              form.set('birthday', v);
              form.blur('birthday');
            }}
            invalid={Boolean(form.error('birthday'))}
          />
        </FormField>
        <FormField label={t('person.nationality')} field="nationality" error={form.error('nationality')}>
          <SelectButton
            field="nationality"
            testId={`${name}-nationality`}
            text={countryName(values.nationality, lang)}
            placeholder={t('person.choose_nationality')}
            onOpen={() => setSheet('nationality')}
          />
        </FormField>
      </Section>

      <Section title={t('members.section_document')} testId={`${name}-section-document`}>
        <FormField label={t('person.doc_type')} field="documentType" error={form.error('documentType')}>
          <Choice
            field="documentType"
            value={values.documentType}
            options={([0, 1] as const).map((v) => ({ value: v, label: t(`members.document_type_${v}`) }))}
            onChange={(v) => {
              form.set('documentType', v);
              form.blur('documentType');
            }}
            testIdPrefix={`${name}-documentType`}
          />
        </FormField>
        {row('documentNo', t('person.doc_number'), `${name}-documentNo`, {
          autoCapitalize: 'characters',
          autoComplete: 'off',
        })}
        <div className="mb-date-pair">
          <FormField label={t('members.valid_from')} field="validFrom" error={form.error('validFrom')}>
            <DateInput
              field="validFrom"
              testId={`${name}-validFrom`}
              value={values.validFrom}
              min="1950-01-01"
              max={hubToday()}
              onChange={(v) => {
                form.set('validFrom', v);
                form.blur('validFrom');
              }}
              invalid={Boolean(form.error('validFrom'))}
            />
          </FormField>
          <FormField label={t('members.valid_to')} field="validTo" error={form.error('validTo')}>
            <DateInput
              field="validTo"
              testId={`${name}-validTo`}
              value={values.validTo}
              min={hubToday()}
              max="2099-12-31"
              onChange={(v) => {
                form.set('validTo', v);
                form.blur('validTo');
              }}
              invalid={Boolean(form.error('validTo'))}
            />
          </FormField>
        </div>
        <div className="mb-photos">
          <PhotoField
            label={t(values.documentType === 0 ? 'members.photo_front' : 'members.photo_passport')}
            value={values.frontPhotoId}
            onChange={(id) => {
              form.set('frontPhotoId', id);
              form.blur('frontPhotoId');
            }}
            error={form.error('frontPhotoId') ?? undefined}
            testId={`${name}-frontPhoto`}
          />
          {values.documentType === 0 ? (
            <PhotoField
              label={t('members.photo_back')}
              value={values.backPhotoId}
              onChange={(id) => {
                form.set('backPhotoId', id);
                form.blur('backPhotoId');
              }}
              error={form.error('backPhotoId') ?? undefined}
              testId={`${name}-backPhoto`}
            />
          ) : null}
        </div>
      </Section>

      <Section title={t('members.section_contact')} testId={`${name}-section-contact`}>
        <PhoneField
          label={t('members.mobile')}
          phoneField="phone"
          countryField="countryCode"
          countryCode={values.countryCode}
          phone={values.phone}
          error={form.error('phone') ?? form.error('countryCode')}
          onCountryCode={(dial) => form.set('countryCode', dial)}
          onPhone={(v) => form.set('phone', v)}
          onBlur={(which) => form.blur(which)}
          testIds={{ countryCode: `${name}-countryCode`, phone: `${name}-phone` }}
        />
        {row('email', t('members.main_email'), `${name}-email`, {
          type: 'email',
          inputMode: 'email',
          autoComplete: 'email',
        })}
        {full ? (
          <FormField
            label={t('account.code')}
            field="code"
            error={form.error('code')}
            addon={<SendCodeButton testId={`${name}-send-code`} onSend={sendCode} />}
          >
            {text('code', `${name}-code`, {
              inputMode: 'numeric',
              maxLength: 6,
              autoComplete: 'one-time-code',
            })}
          </FormField>
        ) : null}
      </Section>

      <Section title={t('members.section_address')} testId={`${name}-section-address`}>
        <FormField label={t('members.address_country')} field="country" error={form.error('country')}>
          <SelectButton
            field="country"
            testId={`${name}-country`}
            text={countryName(values.country, lang)}
            placeholder={t('person.choose_nationality')}
            onOpen={() => setSheet('country')}
          />
        </FormField>
        {row('province', t('members.address_province'), `${name}-province`, {
          autoComplete: 'address-level1',
          placeholder: t('common.optional'),
        })}
        {row('city', t('members.address_city'), `${name}-city`, { autoComplete: 'address-level2' })}
        {row('postcode', t('members.address_postcode'), `${name}-postcode`, {
          autoComplete: 'postal-code',
          placeholder: t('common.optional'),
        })}
        {row('detail', t('members.address_detail'), `${name}-detail`, { autoComplete: 'street-address' })}
      </Section>

      <Section title={t('members.section_preferences')} testId={`${name}-section-preferences`}>
        <FormField
          label={t('members.contact_language')}
          field="contactLanguage"
          error={form.error('contactLanguage')}
        >
          <Choice
            field="contactLanguage"
            value={values.contactLanguage}
            options={([0, 1, 2] as const).map((v) => ({ value: v, label: t(`members.language_${v}`) }))}
            onChange={(v) => form.set('contactLanguage', v)}
            testIdPrefix={`${name}-contactLanguage`}
          />
        </FormField>
      </Section>

      {full ? (
        <Section title={t('members.section_password')} testId={`${name}-section-password`}>
          <FormField
            label={t('members.password')}
            field="password"
            error={form.error('password')}
            hint={<span data-testid={`${name}-password-rules`}>{t('members.password_rules')}</span>}
          >
            {text('password', `${name}-password`, {
              type: 'password',
              inputMode: 'numeric',
              maxLength: 6,
              autoComplete: 'new-password',
            })}
          </FormField>
          {row('confirmPassword', t('members.confirm_password'), `${name}-confirm`, {
            type: 'password',
            inputMode: 'numeric',
            maxLength: 6,
            autoComplete: 'new-password',
          })}
          <div className="agree-row">
            <input
              id={`${name}-agree`}
              type="checkbox"
              checked={values.agree}
              aria-invalid={Boolean(form.error('agree')) || undefined}
              data-testid={`${name}-agree`}
              onChange={(e) => {
                form.set('agree', e.target.checked);
                form.blur('agree');
              }}
            />
            <span>
              <label htmlFor={`${name}-agree`}>{t('members.agree')}</label>{' '}
              <button
                type="button"
                className="text-link"
                aria-expanded={termsOpen}
                data-testid={`${name}-terms-link`}
                onClick={() => setTermsOpen((open) => !open)}
              >
                {t('members.terms')}
              </button>
            </span>
          </div>
          {termsOpen ? (
            <div className="agreement-text" data-testid={`${name}-terms`}>
              {t('members.terms_text')}
            </div>
          ) : null}
          <FieldError field="agree" message={form.error('agree')} />
        </Section>
      ) : null}

      <SubmitButton loading={props.submitting} testId={`${name}-submit`}>
        {props.submitLabel}
      </SubmitButton>

      <CountryPicker
        visible={sheet !== null}
        mode="nationality"
        title={t(sheet === 'country' ? 'members.address_country' : 'person.nationality')}
        selected={sheet === 'country' ? values.country : values.nationality}
        testIdPrefix={sheet === 'country' ? 'address-country' : 'nationality'}
        onSelect={(code) => {
          const field = sheet === 'country' ? 'country' : 'nationality';
          form.set(field, code);
          form.blur(field);
          setSheet(null);
        }}
        onClose={() => setSheet(null)}
      />
    </FormCard>
  );
}
