import type { LanguageTag, MemberHome } from '@wings/contracts';
import { HUB_TIME_ZONE, localDate } from '@wings/rules';
import { Button, Dialog } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguageTag } from '../../../app/i18n';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { useMemberHome } from '../../../features/members/api/member-account';
import { useMemberLogout } from '../../../features/members/api/member-session';
import { AuditState } from '../../../features/members/components/audit-state';
import { MemberBarcode } from '../../../features/members/components/member-barcode';
import { MemberLoadError, MemberLoading } from '../../../features/members/components/page-states';
import { useMemberStore } from '../../../features/members/member-store';
import { MileageFigures } from '../../../features/mileage/mileage-figures';
import { formatMiles } from '../../../features/mileage/mileage-ui';
import { formatDate } from '../../../lib/format';
import '../../../features/account/components/account.css';
import '../../../features/members/components/members.css';

/** A date (`2026-11-24`) or an instant, as the hub's calendar day in the reader's language. */
function sinceText(value: string, lang: LanguageTag): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : localDate(new Date(value), HUB_TIME_ZONE);
  return formatDate(day, lang);
}

/** The digital member card: name, tier, card number as a barcode, member since, the balance to come. */
function MemberCard({ home, lang }: { home: MemberHome; lang: LanguageTag }) {
  const { t } = useTranslation();
  const { member, mileage, memberSince } = home;
  const name = [member.givenName, member.middleName, member.surname].filter(Boolean).join(' ');
  return (
    <section className={`mb-card mb-card-level-${member.level}`} data-testid="vip-card">
      <div className="mb-card-top">
        <span className="mb-card-name" data-testid="vip-card-name">
          {name}
        </span>
        <span className="mb-card-level" data-testid="vip-card-level">
          {t(`member.level_${member.level}`)}
        </span>
      </div>
      <dl className="mb-card-facts">
        <div>
          <dt>{t('members.balance')}</dt>
          <dd data-testid="vip-card-balance">{mileage ? formatMiles(mileage.balance) : '—'}</dd>
        </div>
        <div>
          <dt>{t('members.member_since')}</dt>
          <dd data-testid="vip-card-since">{memberSince ? sinceText(memberSince, lang) : '—'}</dd>
        </div>
      </dl>
      {member.cardNo ? <MemberBarcode cardNo={member.cardNo} /> : null}
      {mileage === null ? (
        <p className="mb-card-note" data-testid="vip-card-mileage-note">
          {t('members.mileage_soon')}
        </p>
      ) : null}
    </section>
  );
}

function MenuRow({ label, testId, onClick }: { label: ReactNode; testId: string; onClick: () => void }) {
  return (
    <button type="button" className="mb-menu-row" data-testid={testId} onClick={onClick}>
      <span>{label}</span>
      <span aria-hidden="true">›</span>
    </button>
  );
}

/**
 * The member home (issue 17; spec §2 /pages/tab-bar/vip/vip): the digital member card once
 * approved, else where the registration's audit stands; a welcome on the first sign-in; the
 * member's pages; sign out (the member only: the app account stays signed in).
 */
export default function VipHomePage() {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const nav = useAppNavigate();
  const home = useMemberHome();
  const firstLogin = useMemberStore((s) => s.firstLogin);
  const logout = useMemberLogout();

  async function signOut() {
    const yes = await Dialog.confirm({
      content: t('members.logout_confirm'),
      confirmText: t('members.logout'),
      cancelText: t('common.cancel'),
    });
    if (!yes) return;
    await logout.mutateAsync();
    nav.replace(paths.more);
  }

  let top: ReactNode;
  if (home.isPending) top = <MemberLoading testId="vip-home-loading" />;
  else if (home.isError)
    top = <MemberLoadError testId="vip-home-error" onRetry={() => void home.refetch()} />;
  else if (home.data.member.status === 'approved')
    top = (
      <>
        <MemberCard home={home.data} lang={lang} />
        {home.data.mileage ? <MileageFigures mileage={home.data.mileage} /> : null}
      </>
    );
  else {
    const { member } = home.data;
    top = (
      <section className="card">
        <AuditState
          facts={member}
          action={
            member.status === 'rejected' ? (
              <Button
                size="small"
                color="primary"
                data-testid="vip-home-fix"
                onClick={() => nav.push(paths.vipRegisterInfo)}
              >
                {t('members.fix_registration')}
              </Button>
            ) : null
          }
        />
      </section>
    );
  }

  const approved = home.data?.member.status === 'approved';
  return (
    <div className="account-page">
      <NavBar title={t('members.home_title')} back={paths.more} />
      <div className="page-body">
        {firstLogin ? (
          <div className="mb-notice" role="status" data-testid="vip-home-welcome">
            <p>{t('members.welcome')}</p>
            <Button
              size="mini"
              color="primary"
              fill="outline"
              data-testid="vip-home-welcome-ok"
              onClick={() => useMemberStore.getState().clearFirstLogin()}
            >
              {t('members.welcome_ok')}
            </Button>
          </div>
        ) : null}
        {top}
        <section className="card mb-menu">
          <MenuRow
            label={t('members.profile_title')}
            testId="vip-menu-profile"
            onClick={() => nav.push(paths.vipProfile)}
          />
          {approved ? (
            <>
              <MenuRow
                label={t('miles.menu_transactions')}
                testId="vip-menu-transactions"
                onClick={() => nav.push(paths.vipTransactions)}
              />
              <MenuRow
                label={t('miles.menu_bills')}
                testId="vip-menu-bills"
                onClick={() => nav.push(paths.vipBills)}
              />
              <MenuRow
                label={t('miles.menu_claims')}
                testId="vip-menu-claims"
                onClick={() => nav.push(paths.vipClaims)}
              />
              <MenuRow
                label={t('members.menu_contacts')}
                testId="vip-menu-contacts"
                onClick={() => nav.push(paths.vipContacts)}
              />
              <MenuRow
                label={t('members.menu_identities')}
                testId="vip-menu-identities"
                onClick={() => nav.push(paths.vipIdentities)}
              />
              <MenuRow
                label={t('members.menu_addresses')}
                testId="vip-menu-addresses"
                onClick={() => nav.push(paths.vipAddresses)}
              />
              <MenuRow
                label={t('members.menu_beneficiaries')}
                testId="vip-menu-beneficiaries"
                onClick={() => nav.push(paths.vipBeneficiaries)}
              />
            </>
          ) : null}
          <MenuRow
            label={t('miles.menu_calculator')}
            testId="vip-menu-calculator"
            onClick={() => nav.push(paths.vipCalculator)}
          />
          <MenuRow
            label={t('members.settings_title')}
            testId="vip-menu-settings"
            onClick={() => nav.push(paths.vipSettings)}
          />
          <MenuRow
            label={t('members.change_password_title')}
            testId="vip-menu-password"
            onClick={() => nav.push(paths.vipChangePassword)}
          />
        </section>
        <section className="card">
          <button
            type="button"
            className="mb-signout"
            data-testid="vip-home-logout"
            onClick={() => void signOut()}
          >
            {t('members.logout')}
          </button>
        </section>
      </div>
    </div>
  );
}
