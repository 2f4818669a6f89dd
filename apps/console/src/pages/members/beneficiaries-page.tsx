import type { AdminBeneficiaryQueue } from '@wings/contracts';
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuditQueuePage, QueueActions } from './audit-queue';
import { BeneficiaryView } from './beneficiary-view';
import { AuditStateTag, fullName, useAuditActions, when } from './member-format';

type QueuedBeneficiary = AdminBeneficiaryQueue['list'][number];

const memberName = (b: QueuedBeneficiary) =>
  fullName({ surname: b.memberSurname, givenName: b.memberGivenName });

/** One beneficiary: whose, every field and identification with photos, and Approve / Reject. */
function BeneficiaryReview({ beneficiary, onDone }: { beneficiary: QueuedBeneficiary; onDone: () => void }) {
  const { t } = useTranslation('members');
  const actions = useAuditActions('beneficiary', beneficiary.id, onDone);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <QueueActions actions={actions} />
      <Typography.Text>
        <Link to={`/members/${beneficiary.memberId}`}>
          {t('beneficiaries.of', { name: memberName(beneficiary) })}
        </Link>
        {beneficiary.cardNo ? ` · ${beneficiary.cardNo}` : ''}
      </Typography.Text>
      <BeneficiaryView beneficiary={beneficiary} />
    </Space>
  );
}

/**
 * Beneficiaries to audit (issue 17): people members let use their miles, ineffective until staff
 * approve them; a row opens the beneficiary with the identifications' photos.
 */
export default function BeneficiariesPage() {
  const { t } = useTranslation('members');
  return (
    <AuditQueuePage<QueuedBeneficiary>
      kind="beneficiaries"
      path="/members/audits/beneficiaries"
      rowTestId="beneficiary-row"
      nameColumn={{ title: t('columns.name'), key: 'name' }}
      columns={[
        {
          title: t('columns.relationship'),
          key: 'relationship',
          render: (_, row) => t(`relationship.${row.relationship}`),
        },
        {
          title: t('columns.member'),
          key: 'member',
          render: (_, row) => `${memberName(row)}${row.cardNo ? ` · ${row.cardNo}` : ''}`,
        },
        {
          title: t('columns.identifications'),
          key: 'ids',
          render: (_, row) => row.identifications.map((d) => t(`docType.${d.documentType}`)).join(', '),
        },
        {
          title: t('columns.validity'),
          key: 'valid',
          render: (_, row) => `${row.validFrom} – ${row.validTo}`,
        },
        { title: t('columns.state'), key: 'state', render: (_, row) => <AuditStateTag state={row.state} /> },
        { title: t('columns.updated'), key: 'updated', render: (_, row) => when(row.updatedAt) },
      ]}
      review={(row, onDone) => <BeneficiaryReview beneficiary={row} onDone={onDone} />}
    />
  );
}
