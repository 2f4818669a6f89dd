import type { AdminDocumentQueue } from '@wings/contracts';
import { Descriptions, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuditQueuePage, QueueActions } from './audit-queue';
import { AuditStateTag, DocumentFacts, fullName, useAuditActions, when } from './member-format';
import { DocumentPhotos } from './member-photo';

type QueuedDocument = AdminDocumentQueue['list'][number];

/** One document: whose, its facts and photos side by side, and Approve / Reject. */
function DocumentReview({ document, onDone }: { document: QueuedDocument; onDone: () => void }) {
  const { t } = useTranslation('members');
  const actions = useAuditActions('document', document.id, onDone);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <QueueActions actions={actions} />
      <Descriptions
        size="small"
        column={{ xs: 1, md: 3 }}
        items={[
          {
            key: 'member',
            label: t('columns.member'),
            children: <Link to={`/members/${document.memberId}`}>{fullName(document)}</Link>,
          },
          { key: 'card', label: t('columns.cardNo'), children: document.cardNo ?? t('member.noCard') },
          { key: 'updated', label: t('columns.updated'), children: when(document.updatedAt) },
        ]}
      />
      <DocumentFacts document={document} />
      <DocumentPhotos
        documentType={document.documentType}
        frontPhotoId={document.frontPhotoId}
        backPhotoId={document.backPhotoId}
        name={fullName(document)}
      />
    </Space>
  );
}

/**
 * Documents to audit (issue 17): identities members added or changed after registration, oldest
 * first; a row opens the document with its photos, and agents and admins approve or reject it.
 */
export default function DocumentsPage() {
  const { t } = useTranslation('members');
  return (
    <AuditQueuePage<QueuedDocument>
      kind="documents"
      path="/members/audits/documents"
      rowTestId="document-row"
      nameColumn={{ title: t('columns.member'), key: 'member' }}
      columns={[
        { title: t('columns.cardNo'), key: 'card', render: (_, row) => row.cardNo ?? '—' },
        {
          title: t('columns.documentType'),
          key: 'type',
          render: (_, row) => t(`docType.${row.documentType}`),
        },
        { title: t('columns.documentNo'), dataIndex: 'documentNo', key: 'no' },
        {
          title: t('columns.validity'),
          key: 'valid',
          render: (_, row) => `${row.validFrom} – ${row.validTo}`,
        },
        { title: t('columns.state'), key: 'state', render: (_, row) => <AuditStateTag state={row.state} /> },
        { title: t('columns.updated'), key: 'updated', render: (_, row) => when(row.updatedAt) },
      ]}
      review={(row, onDone) => <DocumentReview document={row} onDone={onDone} />}
    />
  );
}
