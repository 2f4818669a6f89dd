import { LANGUAGE_TAGS, type LanguageTag } from '@wings/contracts';
import { Dialog } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguageTag, setLanguage } from '../../../app/i18n';
import { useLaterTexts } from '../../../app/i18n/use-later-texts';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { EmailText } from '../../../components/email-text';
import { NavBar } from '../../../components/nav-bar';
import { ServiceHours } from '../../../components/service-hours';
import { useLogout } from '../../../features/account/api/logout';
import { displayName, useSessionStore } from '../../../features/account/session-store';
import { useMemberStore } from '../../../features/members/member-store';
import { useCustomerService } from '../../../features/settings/api/get-customer-service';
import './more.css';

/** Each language is named in its own script so anyone can find theirs. */
const LANGUAGE_NAMES: Record<LanguageTag, string> = { zh: '中文', en: 'English', km: 'ខ្មែរ' };

function MenuRow({ label, testId, onClick }: { label: ReactNode; testId: string; onClick: () => void }) {
  return (
    <button type="button" className="menu-row" data-testid={testId} onClick={onClick}>
      <span>{label}</span>
      <span aria-hidden="true" className="menu-row-arrow">
        ›
      </span>
    </button>
  );
}

/** The user (or a login entry) at the top of the More tab. */
function AccountCard() {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const user = useSessionStore((s) => s.user);
  const loggedIn = useSessionStore((s) => s.loggedIn);
  if (!loggedIn || !user) {
    return (
      <button
        type="button"
        className="card account-card"
        data-testid="more-login"
        onClick={() => nav.push(paths.login)}
      >
        <span className="avatar avatar-empty" aria-hidden="true">
          ?
        </span>
        <span className="account-card-text">
          <strong>{t('more.login_register')}</strong>
          <span className="muted small">{t('more.login_hint')}</span>
        </span>
      </button>
    );
  }
  const name = displayName(user);
  return (
    <button
      type="button"
      className="card account-card"
      data-testid="more-user"
      onClick={() => nav.push(paths.userInfo)}
    >
      <span className="avatar" aria-hidden="true">
        {(name.trim()[0] ?? '?').toUpperCase()}
      </span>
      <span className="account-card-text">
        <strong data-testid="more-user-name">
          <EmailText value={name} />
        </strong>
        {user.email && user.email !== name ? (
          <span className="muted small">
            <EmailText value={user.email} />
          </span>
        ) : null}
      </span>
    </button>
  );
}

/** More tab: the account, saved passengers, password, language switch, about and customer service. */
export default function MorePage() {
  const { t, i18n } = useTranslation();
  const nav = useAppNavigate();
  const loggedIn = useSessionStore((s) => s.loggedIn);
  // The member programme has its own session (issue 17): its home when signed in, else its login.
  const memberSignedIn = useMemberStore((s) => s.vipToken !== null);
  const linkedTexts = useLaterTexts();
  const logout = useLogout();
  // The admin's customer-service contact; the bundled hours show until it is known (or offline).
  const contact = useCustomerService();
  const current = isLanguageTag(i18n.language) ? i18n.language : 'zh';

  async function confirmLogout() {
    const yes = await Dialog.confirm({
      content: t('more.logout_confirm'),
      confirmText: t('more.logout'),
      cancelText: t('common.cancel'),
    });
    if (yes) logout.mutate();
  }

  return (
    <div>
      <NavBar title={t('tab.more')} />
      <div className="page-body">
        <AccountCard />
        <section className="card menu-card">
          <MenuRow
            label={t('passengers.title')}
            testId="more-passengers"
            onClick={() => nav.push(paths.passengerList)}
          />
          {linkedTexts ? (
            // Its words come with the later screens' texts (issue 17), as the linked records'.
            <MenuRow
              label={t('members.more_entry')}
              testId="more-member"
              onClick={() => nav.push(memberSignedIn ? paths.vipHome : paths.vipLogin)}
            />
          ) : null}
          {loggedIn && linkedTexts ? (
            <>
              <MenuRow
                label={t('linked.orders_title')}
                testId="more-linked-orders"
                onClick={() => nav.push(paths.associateOrderList)}
              />
              <MenuRow
                label={t('linked.tickets_title')}
                testId="more-linked-tickets"
                onClick={() => nav.push(paths.associateTicketList)}
              />
              <MenuRow
                label={t('refunds.records')}
                testId="more-refunds"
                onClick={() => nav.push(paths.refundOrderList)}
              />
              <MenuRow
                label={t('rescheduled.records')}
                testId="more-changes"
                onClick={() => nav.push(paths.rescheduledRecord)}
              />
            </>
          ) : null}
          {loggedIn ? (
            <MenuRow
              label={t('change_password.title')}
              testId="more-change-password"
              onClick={() => nav.push(paths.changePassword)}
            />
          ) : null}
        </section>
        <section className="card">
          <h2 className="card-title">{t('more.language')}</h2>
          <fieldset className="lang-list">
            <legend className="visually-hidden">{t('more.language')}</legend>
            {LANGUAGE_TAGS.map((tag) => (
              <label
                key={tag}
                lang={tag}
                className={`lang-option${current === tag ? ' lang-option-active' : ''}`}
                data-testid={`lang-${tag}`}
              >
                <input
                  type="radio"
                  name="language"
                  value={tag}
                  className="visually-hidden"
                  checked={current === tag}
                  onChange={() => void setLanguage(tag)}
                />
                <span>{LANGUAGE_NAMES[tag]}</span>
                {current === tag ? (
                  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                    <path
                      d="M5 12l5 5 9-10"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2.2"
                      strokeLinecap="round"
                    />
                  </svg>
                ) : null}
              </label>
            ))}
          </fieldset>
        </section>
        <section className="card">
          <h2 className="card-title">{t('service.title')}</h2>
          <ServiceHours contact={contact} />
        </section>
        <section className="card" data-testid="about">
          <h2 className="card-title">{t('more.about')}</h2>
          <p className="muted small">{t('more.about_text')}</p>
          <div className="about-row">
            <span>{t('more.version')}</span>
            <span data-testid="app-version">{__APP_VERSION__}</span>
          </div>
        </section>
        {loggedIn ? (
          <button
            type="button"
            className="card logout-btn"
            data-testid="more-logout"
            onClick={() => void confirmLogout()}
          >
            {t('more.logout')}
          </button>
        ) : null}
      </div>
    </div>
  );
}
