import type { MemberStatus } from '@wings/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ServiceHours } from '../../../components/service-hours';
import { StateView } from '../../../components/state-view';
import { useCustomerService } from '../../settings/api/get-customer-service';

export interface AuditFacts {
  status: MemberStatus;
  rejectReason: string | null;
  rejections: number;
  rejectionsToBlock: number;
}

/**
 * Where a registration's audit stands (booking-and-account §4, after-sales §8 messages): in
 * progress; rejected with staff's reason and how many rejections of the most before the account
 * is blocked; blocked, with customer service's phone (the admin's setting, as refunds show it).
 * An approved member has nothing to show here.
 */
export function AuditState({ facts, action }: { facts: AuditFacts; action?: ReactNode }) {
  const { t } = useTranslation();
  const contact = useCustomerService();
  if (facts.status === 'auditing') {
    return (
      <StateView
        tone="info"
        testId="vip-audit-auditing"
        title={t('members.audit_title')}
        description={t('member.audit_in_progress')}
        action={action}
      />
    );
  }
  if (facts.status === 'rejected') {
    return (
      <StateView
        tone="error"
        testId="vip-audit-rejected"
        title={t('member.info_rejected')}
        description={
          <>
            <span className="mb-reason" data-testid="vip-audit-reason">
              {t('members.reject_reason', { reason: facts.rejectReason ?? '—' })}
            </span>
            <br />
            <span data-testid="vip-audit-rejections">
              {t('members.rejections', { n: facts.rejections, max: facts.rejectionsToBlock })}
            </span>
          </>
        }
        action={action}
      />
    );
  }
  if (facts.status === 'blocked') {
    const phone = contact?.phone ?? null;
    return (
      <StateView
        tone="error"
        testId="vip-audit-blocked"
        title={t('members.blocked_title')}
        description={
          <>
            <span data-testid="vip-audit-blocked-text">
              {phone ? t('members.blocked_call', { phone }) : t('members.blocked_no_phone')}
            </span>
            {phone ? (
              <>
                <br />
                <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} data-testid="vip-audit-call">
                  {phone}
                </a>
              </>
            ) : null}
            <ServiceHours contact={contact} />
          </>
        }
        action={action}
      />
    );
  }
  return null;
}
