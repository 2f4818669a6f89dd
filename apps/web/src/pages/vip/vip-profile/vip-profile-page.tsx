import type { LanguageTag, MemberBaseInfo } from '@wings/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguageTag } from '../../../app/i18n';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { countryName } from '../../../features/account/countries';
import { useMemberBaseInfo } from '../../../features/members/api/member-account';
import { MemberLoadError, MemberLoading } from '../../../features/members/components/page-states';
import { formatDate } from '../../../lib/format';
import '../../../features/account/components/account.css';
import '../../../features/members/components/members.css';

function Row({ label, value, testId }: { label: ReactNode; value: ReactNode; testId: string }) {
  return (
    <div className="info-row">
      <span className="info-row-label">{label}</span>
      <span className="info-row-value" data-testid={testId}>
        {value}
      </span>
    </div>
  );
}

function Profile({ info, lang }: { info: MemberBaseInfo; lang: LanguageTag }) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const approved = info.status === 'approved';
  return (
    <>
      <section className="card" data-testid="vip-profile">
        <Row
          label={t('members.card_no')}
          value={info.cardNo ?? t('members.card_pending')}
          testId="vip-profile-card"
        />
        <Row label={t('members.level')} value={t(`member.level_${info.level}`)} testId="vip-profile-level" />
        <Row label={t('person.surname')} value={info.surname} testId="vip-profile-surname" />
        <Row label={t('person.given_name')} value={info.givenName} testId="vip-profile-given" />
        {info.middleName ? (
          <Row label={t('person.middle_name')} value={info.middleName} testId="vip-profile-middle" />
        ) : null}
        <Row label={t('person.title')} value={t(`title.${info.title}`)} testId="vip-profile-title" />
        <Row label={t('person.gender')} value={t(`gender.${info.gender}`)} testId="vip-profile-gender" />
        <Row
          label={t('person.birthday')}
          value={formatDate(info.birthday, lang)}
          testId="vip-profile-birthday"
        />
        <Row
          label={t('person.nationality')}
          value={countryName(info.nationality, lang) || info.nationality}
          testId="vip-profile-nationality"
        />
        <Row label={t('members.main_email')} value={info.primaryEmail} testId="vip-profile-email" />
        <Row
          label={t('members.mobile')}
          value={`${info.primaryCountryCode} ${info.primaryPhone}`}
          testId="vip-profile-phone"
        />
        <Row
          label={t('members.contact_language')}
          value={t(`members.language_${info.contactLanguage}`)}
          testId="vip-profile-language"
        />
        {info.linkedUserId ? (
          <p className="muted small" data-testid="vip-profile-linked">
            {t('members.linked_account')}
          </p>
        ) : null}
      </section>
      <section className="card">
        <p className="muted small">{t('members.profile_edit_note')}</p>
        {approved ? (
          <div className="form-links">
            <button
              type="button"
              className="text-link"
              data-testid="vip-profile-contacts"
              onClick={() => nav.push(paths.vipContacts)}
            >
              {t('members.menu_contacts')}
            </button>
            <button
              type="button"
              className="text-link"
              data-testid="vip-profile-addresses"
              onClick={() => nav.push(paths.vipAddresses)}
            >
              {t('members.menu_addresses')}
            </button>
          </div>
        ) : null}
      </section>
    </>
  );
}

/** The member's profile (issue 17, consumer/user/queryUserBaseInfo): read-only; contacts and addresses are edited on their pages. */
export default function VipProfilePage() {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const info = useMemberBaseInfo();
  return (
    <div className="account-page">
      <NavBar title={t('members.profile_title')} back={paths.vipHome} />
      <div className="page-body">
        {info.isPending ? (
          <MemberLoading testId="vip-profile-loading" />
        ) : info.isError ? (
          <MemberLoadError testId="vip-profile-error" onRetry={() => void info.refetch()} />
        ) : (
          <Profile info={info.data} lang={lang} />
        )}
      </div>
    </div>
  );
}
