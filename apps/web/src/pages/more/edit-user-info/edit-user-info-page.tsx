import type { LanguageTag, User } from '@wings/contracts';
import {
  checkBirthday,
  checkName,
  checkPhone,
  checkTitleGender,
  HUB_TIME_ZONE,
  localDate,
  type RuleIssue,
} from '@wings/rules';
import { Button, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguageTag } from '../../../app/i18n';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { TOAST_DURATION_MS } from '../../../app/setup-api-client';
import { NavBar } from '../../../components/nav-bar';
import { StateView } from '../../../components/state-view';
import { useMember } from '../../../features/account/api/get-member';
import { useUpdateUser } from '../../../features/account/api/update-user';
import { CountryPicker } from '../../../features/account/components/country-picker';
import {
  Choice,
  DateInput,
  FormCard,
  FormField,
  SelectButton,
  SubmitButton,
  TextInput,
} from '../../../features/account/components/form-field';
import { PhoneField } from '../../../features/account/components/phone-field';
import { useRuleForm } from '../../../features/account/components/use-rule-form';
import { countryName } from '../../../features/account/countries';
import '../../../features/account/components/account.css';

interface ProfileValues extends Record<string, unknown> {
  surname: string;
  givenName: string;
  title: 0 | 1 | 2 | null;
  gender: 0 | 1 | null;
  birthday: string;
  nationality: string;
  countryCode: string;
  phone: string;
}

const today = () => localDate(new Date(), HUB_TIME_ZONE);

/** Profile fields are optional, but what is filled in follows the passenger rules. */
export function profileRules(v: ProfileValues): RuleIssue[] {
  const issues: RuleIssue[] = [];
  if (v.surname.trim() || v.givenName.trim()) issues.push(...checkName(v.surname, v.givenName));
  issues.push(...checkTitleGender(v.title, v.gender));
  if (v.birthday) issues.push(...checkBirthday(v.birthday, today()));
  issues.push(...checkPhone(v.countryCode, v.phone, { required: false }));
  return issues;
}

function ProfileForm({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const nav = useAppNavigate();
  const update = useUpdateUser();
  const [sheet, setSheet] = useState<'nationality' | null>(null);
  const form = useRuleForm<ProfileValues>(
    {
      surname: user.surname ?? '',
      givenName: user.givenName ?? '',
      title: user.title,
      gender: user.gender,
      birthday: user.birthday ?? '',
      nationality: user.nationality ?? '',
      countryCode: user.countryCode ?? '+855',
      phone: user.phone ?? '',
    },
    profileRules,
  );
  const { values } = form;
  const blank = (s: string) => s.trim() || null;

  async function submit() {
    if (!form.validate()) return;
    try {
      await update.mutateAsync({
        surname: blank(values.surname.toUpperCase()),
        givenName: blank(values.givenName.toUpperCase()),
        title: values.title,
        gender: values.gender,
        birthday: values.birthday || null,
        nationality: values.nationality || null,
        countryCode: values.phone.trim() ? values.countryCode : null,
        phone: blank(values.phone),
      });
      Toast.show({ content: t('user.saved'), duration: TOAST_DURATION_MS });
      nav.back(paths.userInfo);
    } catch (error) {
      form.applyServerError(error);
    }
  }

  const text = (field: 'surname' | 'givenName' | 'phone', extra = {}) => (
    <TextInput
      field={field}
      testId={`edit-user-${field}`}
      value={values[field]}
      onChange={(v) => form.set(field, v)}
      onBlur={() => form.blur(field)}
      invalid={Boolean(form.error(field))}
      {...extra}
    />
  );

  return (
    <FormCard onSubmit={submit}>
      <FormField label={t('person.surname')} field="surname" error={form.error('surname')}>
        {text('surname', { autoCapitalize: 'characters', placeholder: 'ZHANG' })}
      </FormField>
      <FormField label={t('person.given_name')} field="givenName" error={form.error('givenName')}>
        {text('givenName', { autoCapitalize: 'characters', placeholder: 'SAN' })}
      </FormField>
      <FormField label={t('person.title')} field="title" error={form.error('title')}>
        <Choice
          field="title"
          value={values.title}
          options={[0, 1, 2].map((v) => ({ value: v as 0 | 1 | 2, label: t(`title.${v}`) }))}
          onChange={(v) => form.set('title', v)}
          testIdPrefix="edit-user-title"
        />
      </FormField>
      <FormField label={t('person.gender')} field="gender" error={form.error('gender')}>
        <Choice
          field="gender"
          value={values.gender}
          options={[0, 1].map((v) => ({ value: v as 0 | 1, label: t(`gender.${v}`) }))}
          onChange={(v) => form.set('gender', v)}
          testIdPrefix="edit-user-gender"
        />
      </FormField>
      <FormField label={t('person.birthday')} field="birthday" error={form.error('birthday')}>
        <DateInput
          field="birthday"
          testId="edit-user-birthday"
          value={values.birthday}
          min="1900-01-01"
          max={today()}
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
          testId="edit-user-nationality"
          text={countryName(values.nationality, lang)}
          placeholder={t('person.choose_nationality')}
          onOpen={() => setSheet('nationality')}
        />
      </FormField>
      <PhoneField
        label={t('person.phone')}
        phoneField="phone"
        countryField="countryCode"
        countryCode={values.countryCode}
        phone={values.phone}
        error={form.error('phone') ?? form.error('countryCode')}
        onCountryCode={(dial) => form.set('countryCode', dial)}
        onPhone={(v) => form.set('phone', v)}
        onBlur={(which) => form.blur(which)}
        testIds={{ countryCode: 'edit-user-countryCode', phone: 'edit-user-phone' }}
      />
      <SubmitButton loading={update.isPending} testId="edit-user-save">
        {t('common.save')}
      </SubmitButton>
      <CountryPicker
        visible={sheet === 'nationality'}
        mode="nationality"
        title={t('person.nationality')}
        selected={values.nationality}
        testIdPrefix="nationality"
        onSelect={(code) => {
          form.set('nationality', code);
          setSheet(null);
        }}
        onClose={() => setSheet(null)}
      />
    </FormCard>
  );
}

/** Edit the profile (user/update). The e-mail changes through verify-password and verify-email. */
export default function EditUserInfoPage() {
  const { t } = useTranslation();
  const member = useMember();
  return (
    <div className="account-page">
      <NavBar title={t('user.edit')} back={paths.userInfo} />
      <div className="page-body">
        {member.data ? (
          <ProfileForm user={member.data} />
        ) : member.isError ? (
          <StateView
            tone="error"
            title={t('user.load_failed')}
            action={
              <Button size="small" onClick={() => void member.refetch()}>
                {t('common.retry')}
              </Button>
            }
          />
        ) : (
          <StateView title={t('common.loading')} />
        )}
      </div>
    </div>
  );
}
