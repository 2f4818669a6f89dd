import type { LanguageTag } from '@wings/contracts';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { isLanguageTag } from '../../../app/i18n';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { EmailText } from '../../../components/email-text';
import { NavBar } from '../../../components/nav-bar';
import { useMember } from '../../../features/account/api/get-member';
import { countryName } from '../../../features/account/countries';
import { useSessionStore } from '../../../features/account/session-store';
import { formatDate } from '../../../lib/format';
import '../../../features/account/components/account.css';

/** The signed-in user's profile (getMember), with the way to edit it and to change the e-mail. */
export default function UserInfoPage() {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const nav = useAppNavigate();
  const stored = useSessionStore((s) => s.user);
  const member = useMember();
  const user = member.data ?? stored;
  const dash = '-';

  const rows: { key: string; label: string; value: string }[] = user
    ? [
        { key: 'email', label: t('account.email'), value: user.email ?? dash },
        {
          key: 'name',
          label: t('user.name'),
          value: [user.surname, user.givenName].filter(Boolean).join(' / ') || dash,
        },
        {
          key: 'title',
          label: t('person.title'),
          value: user.title === null ? dash : t(`title.${user.title}`),
        },
        {
          key: 'gender',
          label: t('person.gender'),
          value: user.gender === null ? dash : t(`gender.${user.gender}`),
        },
        {
          key: 'birthday',
          label: t('person.birthday'),
          value: user.birthday ? formatDate(user.birthday, lang) : dash,
        },
        {
          key: 'nationality',
          label: t('person.nationality'),
          value: countryName(user.nationality, lang) || dash,
        },
        {
          key: 'phone',
          label: t('person.phone'),
          value: user.phone ? `${user.countryCode ?? ''} ${user.phone}`.trim() : dash,
        },
      ]
    : [];

  return (
    <div className="account-page">
      <NavBar title={t('user.title')} back={paths.more} />
      <div className="page-body">
        <section className="card" data-testid="user-info">
          {rows.map((row) => (
            <div className="info-row" key={row.key} data-testid={`user-info-${row.key}`}>
              <span className="info-row-label">{row.label}</span>
              <span className="info-row-value">
                {row.key === 'email' ? <EmailText value={row.value} /> : row.value}
              </span>
            </div>
          ))}
        </section>
        <Button
          block
          color="primary"
          size="large"
          className="form-submit"
          data-testid="user-info-edit"
          onClick={() => nav.push(paths.editUserInfo)}
        >
          {t('user.edit')}
        </Button>
        <Button
          block
          size="large"
          className="form-submit"
          data-testid="user-info-change-email"
          onClick={() => nav.push(user?.hasPassword === false ? paths.verifyEmail : paths.verifyPassword)}
        >
          {user?.email ? t('user.change_email') : t('user.bind_email')}
        </Button>
      </div>
    </div>
  );
}
