import type { LanguageTag, OrderDetail, OrderInsurance } from '@wings/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isLanguageTag } from '../../../app/i18n';
import { useAppNavigate } from '../../../app/navigation';
import { orderHref, paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { StateView } from '../../../components/state-view';
import { countryName } from '../../../features/account/countries';
import { useSessionStore } from '../../../features/account/session-store';
import { CoverList } from '../../../features/insurance/components/cover-list';
import { OrderGate } from '../../../features/orders/components/order-gate';
import { StatusBadge } from '../../../features/orders/components/status-badge';
import { useOrderView } from '../../../features/orders/use-order-view';
import { formatDate, formatPhone, money } from '../../../lib/format';
import '../../../features/account/components/account.css';
import '../../../features/booking/booking-flow.css';
import '../../../features/orders/orders.css';
import '../../../features/insurance/insurance.css';

function Row({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div className="info-row">
      <span className="info-row-label">{label}</span>
      <span className="info-row-value" data-testid={testId}>
        {value === '' || value === null ? '-' : value}
      </span>
    </div>
  );
}

const STATUS_TONE = { pending: 'wait', issued: 'ok', failed: 'bad' } as const;

/** The label of a stored relationship (one of the six), or the stored word itself. */
function useRelationship() {
  const { t, i18n } = useTranslation();
  return (r: string) => (i18n.exists(`insurance.relation.${r}`) ? t(`insurance.relation.${r}`) : r);
}

function Policy({ order, policy, lang }: { order: OrderDetail; policy: OrderInsurance; lang: LanguageTag }) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const relationship = useRelationship();
  const seq = String(policy.passengerSeq);
  const { insured, beneficiary } = policy;
  return (
    <div className="page-body">
      <section className="card" data-testid="insurance-policy">
        <h2 className="card-title" data-testid="insurance-plan">
          {policy.planName[lang]}
        </h2>
        <Row
          label={t('insurance.detail.insured_person')}
          value={policy.passengerName}
          testId="insurance-insured"
        />
        <Row
          label={t('insurance.detail.status')}
          value={
            <StatusBadge tone={STATUS_TONE[policy.status]} testId="insurance-status">
              {t(`insurance.status.${policy.status}`)}
            </StatusBadge>
          }
        />
        {policy.policyNo ? (
          <Row label={t('insurance.detail.policy_no')} value={policy.policyNo} testId="insurance-policy-no" />
        ) : null}
        <p className="muted small" data-testid="insurance-status-note">
          {t(`insurance.status_note.${policy.status}`)}
        </p>
        <Row label={t('insurance.detail.premium')} value={money(policy.premium)} testId="insurance-premium" />
        <Row
          label={t('insurance.detail.cover')}
          value={`${formatDate(policy.coverFrom, lang)} – ${formatDate(policy.coverTo, lang)}`}
          testId="insurance-cover-dates"
        />
        <Row
          label={t('insurance.detail.days')}
          value={t('insurance.page.days', { days: policy.days })}
          testId="insurance-days"
        />
        <Row
          label={t('insurance.detail.latest_cover')}
          value={formatDate(policy.latestCoverTo, lang)}
          testId="insurance-latest-cover"
        />
        <p className="muted small">{t('insurance.detail.latest_cover_note')}</p>
        {policy.externalUrl ? (
          <button
            type="button"
            className="ins-link-row"
            data-testid="insurance-external-link"
            onClick={() => nav.push(orderHref(paths.insuranceDetailExternal, order.orderNo, { seq }))}
          >
            <span>{t('insurance.detail.view_insurer')}</span>
            <span aria-hidden="true">›</span>
          </button>
        ) : null}
      </section>

      <section className="card" data-testid="insurance-cover-items">
        <h2 className="card-title">{t('insurance.detail.cover_items')}</h2>
        <CoverList coverage={policy.coverage} testId="insurance-detail-cover" />
      </section>

      <section className="card" data-testid="insurance-insured-address">
        <h2 className="card-title">{t('insurance.info.insured_section')}</h2>
        <Row
          label={t('person.nationality')}
          value={countryName(insured.nationality, lang) || insured.nationality}
          testId="insurance-nationality"
        />
        <Row label={t('insurance.info.region')} value={insured.region} />
        <Row label={t('insurance.info.city')} value={insured.city} />
        <Row label={t('insurance.info.address')} value={insured.address} testId="insurance-address" />
        <Row label={t('insurance.info.postal_code')} value={insured.postalCode} />
      </section>

      <section className="card" data-testid="insurance-beneficiary">
        <h2 className="card-title">{t('insurance.info.beneficiary_section')}</h2>
        <Row
          label={t('insurance.info.beneficiary_name')}
          value={beneficiary.name}
          testId="beneficiary-name"
        />
        <Row
          label={t('insurance.info.relationship')}
          value={relationship(beneficiary.relationship)}
          testId="beneficiary-relationship"
        />
        <Row label={t('insurance.info.credentials_type')} value={t(`doc.${beneficiary.credentialsType}`)} />
        <Row
          label={t('insurance.info.credentials_id')}
          value={beneficiary.credentialsId}
          testId="beneficiary-id"
        />
        <Row
          label={t('insurance.info.phone')}
          value={formatPhone(beneficiary.countryCode, beneficiary.contactNumber)}
          testId="beneficiary-phone"
        />
        <Row
          label={t('insurance.info.mailbox')}
          value={beneficiary.mailbox ?? ''}
          testId="beneficiary-mailbox"
        />
      </section>
    </div>
  );
}

/**
 * insurance-detail (after-sales §2, §5; `?orderNo=&seq=`): one passenger's policy from the order:
 * plan and cover, status (being issued, issued with its number, or failed: refunded by our
 * staff), premium, cover dates and insured days, the latest cover end after a delay, where the
 * insured lives and the beneficiary (masked as the server gives them).
 */
export default function InsuranceDetailPage() {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const [params] = useSearchParams();
  const orderNo = (params.get('orderNo') ?? '').trim().toUpperCase();
  const seq = Number(params.get('seq'));
  const loggedIn = useSessionStore((s) => s.loggedIn);
  const view = useOrderView(orderNo, loggedIn);
  return (
    <div className="order-page" data-testid="insurance-detail-page">
      <NavBar title={t('insurance.detail.title')} back={orderHref(paths.ticketDetail, orderNo)} />
      <OrderGate view={view} orderNo={orderNo}>
        {(order) => {
          const policy = order.insurance?.find((p) => p.passengerSeq === seq && params.get('seq') !== null);
          return policy ? (
            <Policy order={order} policy={policy} lang={lang} />
          ) : (
            <StateView tone="info" title={t('insurance.detail.none')} testId="insurance-none" />
          );
        }}
      </OrderGate>
    </div>
  );
}
