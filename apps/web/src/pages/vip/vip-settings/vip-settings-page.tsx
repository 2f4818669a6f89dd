import type { MemberBaseInfo } from '@wings/contracts';
import { Switch, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { TOAST_DURATION_MS } from '../../../app/setup-api-client';
import { NavBar } from '../../../components/nav-bar';
import { Choice, FormCard, FormField, SubmitButton } from '../../../features/account/components/form-field';
import { useMemberBaseInfo, useUpdateMemberSettings } from '../../../features/members/api/member-account';
import { MemberLoadError, MemberLoading } from '../../../features/members/components/page-states';
import '../../../features/account/components/account.css';
import '../../../features/members/components/members.css';

interface Settings {
  contactLanguage: 0 | 1 | 2;
  promoMail: boolean;
  promoSms: boolean;
}

function SettingsForm({ info }: { info: MemberBaseInfo }) {
  const { t } = useTranslation();
  const update = useUpdateMemberSettings();
  const [values, setValues] = useState<Settings>({
    contactLanguage: info.contactLanguage,
    promoMail: info.promoMail,
    promoSms: info.promoSms,
  });

  async function save() {
    try {
      await update.mutateAsync(values);
      Toast.show({ content: t('members.settings_saved'), duration: TOAST_DURATION_MS });
    } catch {
      // The client has shown why; the choices stay as made.
    }
  }

  const toggle = (field: 'promoMail' | 'promoSms', label: string, testId: string) => (
    <div className="mb-toggle-row">
      <span id={`label-${field}`}>{label}</span>
      <Switch
        checked={values[field]}
        aria-labelledby={`label-${field}`}
        data-testid={testId}
        onChange={(checked) => setValues((v) => ({ ...v, [field]: checked }))}
      />
    </div>
  );

  return (
    <FormCard onSubmit={save}>
      <FormField label={t('members.contact_language')} field="contactLanguage" error={null}>
        <Choice
          field="contactLanguage"
          value={values.contactLanguage}
          options={([0, 1, 2] as const).map((v) => ({ value: v, label: t(`members.language_${v}`) }))}
          onChange={(v) => setValues((prev) => ({ ...prev, contactLanguage: v }))}
          testIdPrefix="vip-settings-language"
        />
      </FormField>
      {toggle('promoMail', t('members.promo_mail'), 'vip-settings-mail')}
      {toggle('promoSms', t('members.promo_sms'), 'vip-settings-sms')}
      <p className="form-hint">{t('members.promo_hint')}</p>
      <SubmitButton loading={update.isPending} testId="vip-settings-submit">
        {t('common.save')}
      </SubmitButton>
    </FormCard>
  );
}

/** The member's settings (issue 17, consumer/user/updateUserSettings): contact language, promotional mail and SMS. */
export default function VipSettingsPage() {
  const { t } = useTranslation();
  const info = useMemberBaseInfo();
  return (
    <div className="account-page">
      <NavBar title={t('members.settings_title')} back={paths.vipHome} />
      <div className="page-body">
        {info.isPending ? (
          <MemberLoading testId="vip-settings-loading" />
        ) : info.isError ? (
          <MemberLoadError testId="vip-settings-error" onRetry={() => void info.refetch()} />
        ) : (
          <SettingsForm info={info.data} />
        )}
      </div>
    </div>
  );
}
