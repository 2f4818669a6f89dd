import type { AdminMemberDocument, AuditState, MemberStatus } from '@wings/contracts';
import { MEMBER_REJECTIONS_TO_BLOCK } from '@wings/rules';
import { App, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatInstant } from '../../lib/format';
import { TAG_COLORS } from '../orders/order-format';
import type { MemberAction } from './member-actions';

export const when = (iso: string | null | undefined) => (iso ? formatInstant(iso) : '—');
export const h2 = (text: string) => <h2 style={{ fontSize: 16, margin: 0 }}>{text}</h2>;

/** `SURNAME Given Middle` as staff compare it with the document. */
export function fullName(p: { surname: string; givenName: string; middleName?: string | null }): string {
  return [p.surname, p.givenName, p.middleName].filter(Boolean).join(' ');
}

/** `1/3`: how many times the registration was rejected of the number that blocks it. */
export function rejectionCount(rejections: number, max: number = MEMBER_REJECTIONS_TO_BLOCK): string {
  return `${rejections}/${max}`;
}

/** Whether the next rejection of a registration blocks the account. */
export function nextRejectionBlocks(rejections: number, max: number = MEMBER_REJECTIONS_TO_BLOCK): boolean {
  return rejections + 1 >= max;
}

const STATUS_COLORS: Record<MemberStatus, string> = {
  auditing: TAG_COLORS.warn,
  approved: TAG_COLORS.good,
  rejected: TAG_COLORS.bad,
  blocked: TAG_COLORS.bad,
};
const STATE_COLORS: Record<AuditState, string> = {
  ineffective: TAG_COLORS.warn,
  effective: TAG_COLORS.good,
  rejected: TAG_COLORS.bad,
};

export function MemberStatusTag({ status }: { status: MemberStatus }) {
  const { t } = useTranslation('members');
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="member-status">
      {t(`status.${status}`)}
    </Tag>
  );
}

export function AuditStateTag({ state, testId }: { state: AuditState; testId?: string }) {
  const { t } = useTranslation('members');
  return (
    <Tag color={STATE_COLORS[state]} data-testid={testId}>
      {t(`state.${state}`)}
    </Tag>
  );
}

/** A document's facts (type, number, validity, audit) above its photos. */
export function DocumentFacts({ document }: { document: AdminMemberDocument }) {
  const { t } = useTranslation('members');
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, md: 2, xl: 4 }}
      items={[
        { key: 'type', label: t('columns.documentType'), children: t(`docType.${document.documentType}`) },
        {
          key: 'no',
          label: t('columns.documentNo'),
          children: <span data-testid={`document-no-${document.id}`}>{document.documentNo}</span>,
        },
        { key: 'valid', label: t('field.validity'), children: `${document.validFrom} – ${document.validTo}` },
        {
          key: 'state',
          label: t('columns.state'),
          children: <AuditStateTag state={document.state} />,
        },
        ...(document.rejectReason
          ? [{ key: 'reason', label: t('field.rejectReason'), children: document.rejectReason }]
          : []),
      ]}
    />
  );
}

/**
 * Approve / Reject of a document or a beneficiary waiting for audit, with the message of what
 * happened. `after` runs once the action went through (a drawer closes).
 */
export function useAuditActions(
  kind: 'document' | 'beneficiary',
  id: string,
  after: () => void = () => {},
): MemberAction[] {
  const { t } = useTranslation('members');
  const { message } = App.useApp();
  const base = kind === 'document' ? `/members/documents/${id}` : `/members/beneficiaries/${id}`;
  const Kind = kind === 'document' ? 'Document' : 'Beneficiary';
  return [
    {
      testId: `${kind}-approve-${id}`,
      label: t('actions.approve'),
      title: t(`actions.approve${Kind}`),
      note: t('actions.approveNote'),
      text: 'note',
      primary: true,
      path: `${base}/approve`,
      onDone: () => {
        void message.success(t(`done.${kind}Approved`));
        after();
      },
    },
    {
      testId: `${kind}-reject-${id}`,
      label: t('actions.reject'),
      title: t(`actions.reject${Kind}`),
      note: t('actions.rejectNote'),
      text: 'reason',
      danger: true,
      path: `${base}/reject`,
      onDone: () => {
        void message.success(t(`done.${kind}Rejected`));
        after();
      },
    },
  ];
}

/** Approve / Reject of a registration waiting for audit; the message names the card issued. */
export function useRegistrationActions(
  memberId: string,
  rejections: number,
  max: number = MEMBER_REJECTIONS_TO_BLOCK,
  after: () => void = () => {},
): MemberAction[] {
  const { t } = useTranslation('members');
  const { message } = App.useApp();
  return [
    {
      testId: 'registration-approve',
      label: t('actions.approve'),
      title: t('actions.approveRegistration'),
      note: t('actions.approveRegistrationNote'),
      text: 'note',
      primary: true,
      path: `/members/${memberId}/approve`,
      onDone: (result) => {
        void message.success(t('done.approved', { cardNo: result.cardNo ?? '—' }));
        after();
      },
    },
    {
      testId: 'registration-reject',
      label: t('actions.reject'),
      title: t('actions.rejectRegistration'),
      note: t('actions.rejectNote'),
      warning: nextRejectionBlocks(rejections, max) ? t('actions.thirdBlocks') : undefined,
      text: 'reason',
      danger: true,
      path: `/members/${memberId}/reject`,
      onDone: (result) => {
        void message.success(t(result.status === 'blocked' ? 'done.rejectedBlocked' : 'done.rejected'));
        after();
      },
    },
  ];
}
