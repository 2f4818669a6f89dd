import type { AdminMemberDetail, AdminRegistrationQueue } from '@wings/contracts';
import { Card, Descriptions, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAdminQuery } from '../../api/admin-client';
import { QueryError } from '../../components/query-error';
import { AuditQueuePage, QueueActions } from './audit-queue';
import { DocumentFacts, fullName, h2, rejectionCount, useRegistrationActions, when } from './member-format';
import { DocumentPhotos } from './member-photo';

type Registration = AdminRegistrationQueue['list'][number];

/** What the member filled in beyond the queue's row: title, gender, birthday, address, language. */
function RegistrationFields({ row }: { row: Registration }) {
  const { t } = useTranslation('members');
  const detail = useAdminQuery<AdminMemberDetail>(`/members/${row.id}`);
  const d = detail.data;
  const address = d?.addresses.find((a) => a.main) ?? d?.addresses[0];
  const yesNo = (v: boolean | undefined) => (v === undefined ? '…' : v ? t('field.yes') : t('field.no'));
  return (
    <>
      {detail.error ? <QueryError error={detail.error} onRetry={() => detail.refetch()} /> : null}
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, md: 2 }}
        data-testid="registration-fields"
        items={[
          { key: 'surname', label: t('field.surname'), children: row.surname },
          { key: 'given', label: t('field.givenName'), children: row.givenName },
          { key: 'middle', label: t('field.middleName'), children: d ? (d.middleName ?? '—') : '…' },
          { key: 'title', label: t('field.title'), children: d ? t(`title.${d.title}`) : '…' },
          { key: 'gender', label: t('field.gender'), children: d ? t(`gender.${d.gender}`) : '…' },
          { key: 'birthday', label: t('field.birthday'), children: d?.birthday ?? '…' },
          { key: 'nationality', label: t('field.nationality'), children: row.nationality },
          {
            key: 'language',
            label: t('field.contactLanguage'),
            children: d ? t(`language.${d.contactLanguage}`) : '…',
          },
          { key: 'email', label: t('field.email'), children: row.primaryEmail },
          { key: 'phone', label: t('field.phone'), children: row.primaryPhone },
          {
            key: 'address',
            label: t('field.address'),
            span: 'filled',
            children: address
              ? [address.detail, address.city, address.province, address.postcode, address.country]
                  .filter(Boolean)
                  .join(', ')
              : d
                ? '—'
                : '…',
          },
          { key: 'promoMail', label: t('field.promoMail'), children: yesNo(d?.promoMail) },
          { key: 'promoSms', label: t('field.promoSms'), children: yesNo(d?.promoSms) },
          { key: 'submitted', label: t('field.submitted'), children: when(row.submittedAt) },
          {
            key: 'rejections',
            label: t('field.rejections'),
            children: rejectionCount(row.rejections, d?.rejectionsToBlock),
          },
          ...(d?.rejectReason
            ? [{ key: 'reason', label: t('field.rejectReason'), children: d.rejectReason }]
            : []),
        ]}
      />
    </>
  );
}

/** One registration: every field, the document with its photos side by side, and the actions. */
function RegistrationReview({ row, onDone }: { row: Registration; onDone: () => void }) {
  const { t } = useTranslation('members');
  const actions = useRegistrationActions(row.id, row.rejections, undefined, onDone);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <QueueActions actions={actions} />
      <RegistrationFields row={row} />
      <Card title={h2(t(`docType.${row.document.documentType}`))} size="small">
        <DocumentFacts document={row.document} />
        <DocumentPhotos
          documentType={row.document.documentType}
          frontPhotoId={row.document.frontPhotoId}
          backPhotoId={row.document.backPhotoId}
          name={fullName(row)}
        />
      </Card>
    </Space>
  );
}

/**
 * Registrations to audit (issue 17): oldest first with the member's name, nationality, e-mail,
 * phone, when submitted and how many times rejected; a row opens the whole registration with the
 * document's photos, and agents and admins approve (a card number is issued) or reject it.
 */
export default function RegistrationsPage() {
  const { t } = useTranslation('members');
  return (
    <AuditQueuePage<Registration>
      kind="registrations"
      path="/members/audits/registrations"
      rowTestId="registration-row"
      nameColumn={{ title: t('columns.name'), key: 'name' }}
      columns={[
        { title: t('columns.nationality'), dataIndex: 'nationality', key: 'nationality' },
        { title: t('columns.email'), dataIndex: 'primaryEmail', key: 'email' },
        { title: t('columns.phone'), dataIndex: 'primaryPhone', key: 'phone' },
        { title: t('columns.submitted'), key: 'submitted', render: (_, row) => when(row.submittedAt) },
        {
          title: t('columns.rejections'),
          key: 'rejections',
          render: (_, row) => rejectionCount(row.rejections),
        },
      ]}
      review={(row, onDone) => <RegistrationReview row={row} onDone={onDone} />}
    />
  );
}
