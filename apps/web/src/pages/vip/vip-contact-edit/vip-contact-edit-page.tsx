import { isApiError } from '@wings/api-client';
import { ErrorCodes, type MemberContact } from '@wings/contracts';
import { checkEmail, checkEmailCode, checkPhone, type RuleIssue } from '@wings/rules';
import { Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { TOAST_DURATION_MS } from '../../../app/setup-api-client';
import {
  Choice,
  FormCard,
  FormField,
  SubmitButton,
  TextInput,
} from '../../../features/account/components/form-field';
import { PhoneField } from '../../../features/account/components/phone-field';
import { SendCodeButton } from '../../../features/account/components/send-code-button';
import { useRuleForm } from '../../../features/account/components/use-rule-form';
import {
  type ContactInput,
  useContacts,
  useSaveContact,
  useSendContactCode,
  useUpdateContact,
} from '../../../features/members/records/contacts';
import { RecordLoading, RecordNotFound, RecordPage } from '../../../features/members/records/record-page';
import { FormAlert } from '../../../features/members/records/record-ui';

type PhoneType = 'mobile' | 'home' | 'work';

export interface ContactValues extends Record<string, unknown> {
  kind: 'email' | 'phone';
  email: string;
  countryCode: string;
  phone: string;
  phoneType: PhoneType;
  code: string;
}

const EMPTY: ContactValues = {
  kind: 'email',
  email: '',
  countryCode: '+855',
  phone: '',
  phoneType: 'mobile',
  code: '',
};

function fromContact(c: MemberContact): ContactValues {
  return {
    kind: c.kind,
    email: c.email ?? '',
    countryCode: c.countryCode ?? '+855',
    phone: c.phone ?? '',
    phoneType: c.phoneType ?? 'mobile',
    code: '',
  };
}

/** Whether the e-mail or phone differs from the saved one (a main one then needs a code). */
function valueChanged(v: ContactValues, original: MemberContact | undefined): boolean {
  if (!original) return true;
  if (v.kind === 'email') return v.email.trim().toLowerCase() !== (original.email ?? '');
  return v.phone.trim() !== (original.phone ?? '') || v.countryCode !== (original.countryCode ?? '');
}

function toInput(v: ContactValues): ContactInput {
  return v.kind === 'email'
    ? { kind: 'email', email: v.email.trim().toLowerCase() }
    : { kind: 'phone', countryCode: v.countryCode, phone: v.phone.trim(), phoneType: v.phoneType };
}

/** A field-level place for the member-layer refusals that belong to one field. */
const FIELD_OF_CODE: Record<string, keyof ContactValues & string> = {
  [ErrorCodes.memberEmailExist.code]: 'email',
  [ErrorCodes.memberPhoneExist.code]: 'phone',
  [ErrorCodes.memberCodeInvalid.code]: 'code',
  [ErrorCodes.memberCodeTooSoon.code]: 'code',
};

function ContactForm({ original }: { original?: MemberContact }) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const save = useSaveContact();
  const update = useUpdateContact();
  const sendCode = useSendContactCode();
  const [alert, setAlert] = useState<string | null>(null);
  const needsCode = (v: ContactValues) => Boolean(original?.main) && valueChanged(v, original);
  const rules = (v: ContactValues): RuleIssue[] => {
    const issues =
      v.kind === 'email' ? checkEmail(v.email) : checkPhone(v.countryCode, v.phone, { required: true });
    if (needsCode(v)) issues.push(...checkEmailCode(v.code, 'code'));
    return issues;
  };
  const form = useRuleForm<ContactValues>(original ? fromContact(original) : EMPTY, rules);
  const { values } = form;

  function showRefusal(error: unknown) {
    if (form.applyServerError(error)) return;
    if (!isApiError(error)) return;
    const field = FIELD_OF_CODE[error.code];
    if (field) form.setFieldError(field, error.message);
    else setAlert(error.message);
  }

  async function submit() {
    setAlert(null);
    if (!form.validate()) return;
    try {
      if (original) {
        await update.mutateAsync({
          ...toInput(values),
          id: original.id,
          ...(needsCode(values) ? { code: values.code.trim() } : {}),
        });
      } else {
        await save.mutateAsync(toInput(values));
      }
      Toast.show({ content: t('memberRecords.saved'), duration: TOAST_DURATION_MS });
      nav.back(paths.vipContacts);
    } catch (error) {
      showRefusal(error);
    }
  }

  async function send(): Promise<number | false> {
    const field = values.kind === 'email' ? 'email' : 'phone';
    form.blur(field);
    const issues =
      values.kind === 'email'
        ? checkEmail(values.email)
        : checkPhone(values.countryCode, values.phone, { required: true });
    if (issues.length > 0) return false;
    try {
      const sent = await sendCode.mutateAsync(
        values.kind === 'email'
          ? { channel: 'email', email: values.email.trim().toLowerCase() }
          : { channel: 'sms', countryCode: values.countryCode, phone: values.phone.trim() },
      );
      Toast.show({ content: t('memberRecords.code_sent'), duration: TOAST_DURATION_MS });
      return sent.resendAfterSeconds;
    } catch (error) {
      showRefusal(error);
      return false;
    }
  }

  return (
    <FormCard onSubmit={submit}>
      <FormAlert message={alert} />
      {original ? null : (
        <FormField label={t('memberRecords.contact_kind')} field="kind" error={form.error('kind')}>
          <Choice
            field="kind"
            value={values.kind}
            options={[
              { value: 'email', label: t('memberRecords.kind_email') },
              { value: 'phone', label: t('memberRecords.kind_phone') },
            ]}
            onChange={(kind) => form.set('kind', kind)}
            testIdPrefix="contact-kind"
          />
        </FormField>
      )}
      {original?.main ? <p className="record-note">{t('memberRecords.contact_main_code_note')}</p> : null}
      {values.kind === 'email' ? (
        <FormField label={t('memberRecords.kind_email')} field="email" error={form.error('email')}>
          <TextInput
            field="email"
            testId="contact-email"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={values.email}
            invalid={Boolean(form.error('email'))}
            onChange={(v) => form.set('email', v)}
            onBlur={() => form.blur('email')}
          />
        </FormField>
      ) : (
        <>
          <PhoneField
            label={t('memberRecords.kind_phone')}
            phoneField="phone"
            countryField="countryCode"
            countryCode={values.countryCode}
            phone={values.phone}
            error={form.error('phone') ?? form.error('countryCode')}
            onCountryCode={(dial) => form.set('countryCode', dial)}
            onPhone={(v) => form.set('phone', v)}
            onBlur={(which) => form.blur(which)}
            testIds={{ countryCode: 'contact-country-code', phone: 'contact-phone' }}
          />
          <FormField label={t('memberRecords.phone_type')} field="phoneType" error={null}>
            <Choice
              field="phoneType"
              value={values.phoneType}
              options={(['mobile', 'home', 'work'] as const).map((v) => ({
                value: v,
                label: t(`memberRecords.phone_type_${v}`),
              }))}
              onChange={(v) => form.set('phoneType', v)}
              testIdPrefix="contact-phone-type"
            />
          </FormField>
        </>
      )}
      {needsCode(values) ? (
        <FormField
          label={t('memberRecords.code')}
          field="code"
          error={form.error('code')}
          addon={<SendCodeButton testId="contact-send-code" onSend={send} />}
        >
          <TextInput
            field="code"
            testId="contact-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={values.code}
            invalid={Boolean(form.error('code'))}
            onChange={(v) => form.set('code', v)}
            onBlur={() => form.blur('code')}
          />
        </FormField>
      ) : null}
      <SubmitButton loading={save.isPending || update.isPending} testId="contact-save">
        {t('common.save')}
      </SubmitButton>
    </FormCard>
  );
}

/** Add a contact (no id) or change one (`?id=`); a main one's new value is proved with a code. */
export default function VipContactEditPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const contacts = useContacts();
  const existing = id ? contacts.data?.list.find((c) => c.id === id) : undefined;

  let body: React.ReactNode;
  if (!id) body = <ContactForm />;
  else if (existing) body = <ContactForm key={existing.id} original={existing} />;
  else if (contacts.isPending) body = <RecordLoading />;
  else body = <RecordNotFound />;

  return (
    <RecordPage
      title={id ? t('memberRecords.contact_edit') : t('memberRecords.contact_add')}
      back={paths.vipContacts}
    >
      {body}
    </RecordPage>
  );
}
