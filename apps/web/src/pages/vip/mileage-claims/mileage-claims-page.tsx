import type { MileageClaim } from '@wings/contracts';
import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { StateView } from '../../../components/state-view';
import { MemberLoadError, MemberLoading } from '../../../features/members/components/page-states';
import { useClaims } from '../../../features/mileage/api';
import { formatMiles, hubDay, MileagePage, useLang } from '../../../features/mileage/mileage-ui';

function ClaimItem({ claim, testId }: { claim: MileageClaim; testId: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const route = claim.depCode && claim.arrCode ? ` ${claim.depCode}→${claim.arrCode}` : '';
  return (
    <li className="mi-tx" data-testid={testId}>
      <div className="mi-tx-main">
        <div className="mi-tx-title">
          <span>{`${claim.flightNo}${route}`}</span>
          <span className={`mi-tag mi-tag-${claim.status}`} data-testid={`${testId}-status`}>
            {t(`miles.claim_${claim.status}`)}
          </span>
        </div>
        <div className="mi-tx-line">{`${hubDay(claim.flightDate, lang)} · ${claim.ticketNo}`}</div>
        {claim.status === 'rejected' && claim.rejectReason ? (
          <div className="mi-tx-line" data-testid={`${testId}-reason`}>
            {t('miles.claim_reason', { reason: claim.rejectReason })}
          </div>
        ) : null}
        <div className="mi-tx-line mi-muted">
          {t('miles.claim_submitted', { date: hubDay(claim.submittedAt, lang) })}
        </div>
      </div>
      {claim.status === 'approved' && claim.miles !== null ? (
        <span className="mi-tx-miles mi-plus" data-testid={`${testId}-miles`}>
          {`+${formatMiles(claim.miles)}`}
        </span>
      ) : null}
    </li>
  );
}

/**
 * The member's retroactive claims (issue 18; spec §1): each with its state (under audit, approved
 * with the miles credited, not approved with staff's reason), and the way to a new one.
 */
export default function MileageClaimsPage() {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const claims = useClaims();

  let body: ReactNode;
  if (claims.isPending) body = <MemberLoading testId="mi-claims-loading" />;
  else if (claims.isError)
    body = <MemberLoadError testId="mi-claims-error" onRetry={() => void claims.refetch()} />;
  else if (claims.data.list.length === 0)
    body = <StateView testId="mi-claims-empty" title={t('miles.claims_empty')} />;
  else
    body = (
      <section className="card">
        <ul className="mi-list" data-testid="mi-claims-list">
          {claims.data.list.map((c, i) => (
            <ClaimItem key={c.id} claim={c} testId={`mi-claim-${i}`} />
          ))}
        </ul>
      </section>
    );

  return (
    <MileagePage title={t('miles.claims_title')} back={paths.vipHome}>
      <p className="mb-notice">{t('miles.claims_note')}</p>
      {body}
      <Button block color="primary" data-testid="mi-claim-add" onClick={() => nav.push(paths.vipClaimNew)}>
        {t('miles.claim_new')}
      </Button>
    </MileagePage>
  );
}
