import type { AdminMemberDetail, AdminMemberDocument, AuditEntry, Beneficiary } from '@wings/contracts';
import { Alert, App, Card, ConfigProvider, Descriptions, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAdminQuery } from '../../api/admin-client';
import { DetailFallback } from '../../components/detail-fallback';
import { MileageLink } from '../mileage/mileage-link';
import { PAGE_THEME } from '../orders/order-format';
import { BeneficiaryView } from './beneficiary-view';
import { type MemberAction, MemberActions, useMayAuditMembers } from './member-actions';
import {
  DocumentFacts,
  fullName,
  h2,
  MemberStatusTag,
  rejectionCount,
  useAuditActions,
  useRegistrationActions,
  when,
} from './member-format';
import { DocumentPhotos } from './member-photo';

type MemberEvent = AdminMemberDetail['events'][number];

/** Block (any state but blocked) or unblock (blocked), each with a required reason. */
function useBlockActions(member: AdminMemberDetail): MemberAction[] {
  const { t } = useTranslation('members');
  const { message } = App.useApp();
  if (member.status === 'blocked') {
    return [
      {
        testId: 'member-unblock',
        label: t('actions.unblock'),
        title: t('actions.unblockMember'),
        note: t('actions.unblockNote'),
        text: 'reason',
        path: `/members/${member.id}/unblock`,
        onDone: () => void message.success(t('done.unblocked')),
      },
    ];
  }
  return [
    {
      testId: 'member-block',
      label: t('actions.block'),
      title: t('actions.blockMember'),
      note: t('actions.blockNote'),
      text: 'reason',
      danger: true,
      path: `/members/${member.id}/block`,
      onDone: () => void message.success(t('done.blocked')),
    },
  ];
}

function MemberHeaderActions({ member }: { member: AdminMemberDetail }) {
  const registration = useRegistrationActions(member.id, member.rejections, member.rejectionsToBlock);
  const block = useBlockActions(member);
  return <MemberActions actions={[...(member.status === 'auditing' ? registration : []), ...block]} />;
}

function DocumentCard({ document, name }: { document: AdminMemberDocument; name: string }) {
  const { t } = useTranslation('members');
  const mayAudit = useMayAuditMembers();
  const actions = useAuditActions('document', document.id);
  // The registration's document is audited with the registration, not on its own.
  const audit = mayAudit && document.state === 'ineffective' && !document.fromRegistration;
  return (
    <Card
      size="small"
      data-testid={`member-document-${document.id}`}
      title={`${t(`docType.${document.documentType}`)}${document.fromRegistration ? ` · ${t('field.fromRegistration')}` : ''}`}
      extra={audit ? <MemberActions actions={actions} /> : null}
    >
      <DocumentFacts document={document} />
      <DocumentPhotos
        documentType={document.documentType}
        frontPhotoId={document.frontPhotoId}
        backPhotoId={document.backPhotoId}
        name={name}
      />
    </Card>
  );
}

function BeneficiaryCard({ beneficiary }: { beneficiary: Beneficiary }) {
  const { t } = useTranslation('members');
  const mayAudit = useMayAuditMembers();
  const actions = useAuditActions('beneficiary', beneficiary.id);
  return (
    <Card
      size="small"
      title={`${fullName(beneficiary)} · ${t(`relationship.${beneficiary.relationship}`)}`}
      extra={mayAudit && beneficiary.state === 'ineffective' ? <MemberActions actions={actions} /> : null}
    >
      <BeneficiaryView beneficiary={beneficiary} />
    </Card>
  );
}

/**
 * One member (issue 17): profile, status with its reasons, contacts, addresses, documents with
 * their photos, beneficiaries, history and the audit log's entries; agents and admins audit a
 * waiting registration, document or beneficiary here too, and block or unblock with a reason.
 */
export default function MemberPage() {
  const { t } = useTranslation('members');
  const { memberId = '' } = useParams();
  const mayAudit = useMayAuditMembers();
  const member = useAdminQuery<AdminMemberDetail>(`/members/${memberId}`);
  const back = <Link to="/members">{t('member.back')}</Link>;
  if (member.error || !member.data) return <DetailFallback back={back} query={member} />;
  const m = member.data;
  const name = fullName(m);
  const yesNo = (v: boolean) => (v ? t('field.yes') : t('field.no'));

  return (
    <ConfigProvider theme={PAGE_THEME}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {back}
        <Space align="center" wrap>
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
            {name}
          </Typography.Title>
          <MemberStatusTag status={m.status} />
          <Tag data-testid="member-card">{m.cardNo ?? t('member.noCard')}</Tag>
          <Tag>{t(`level.${m.level}`)}</Tag>
          <MileageLink memberId={m.id} />
        </Space>
        {m.status === 'rejected' && m.rejectReason ? (
          <Alert type="warning" showIcon title={t('member.rejected', { reason: m.rejectReason })} />
        ) : null}
        {m.status === 'blocked' ? (
          <Alert
            type="error"
            showIcon
            data-testid="member-block-reason"
            title={t('member.blocked', { reason: m.blockReason ?? m.rejectReason ?? '—' })}
          />
        ) : null}
        {mayAudit ? <MemberHeaderActions member={m} /> : null}

        <Card title={h2(t('member.profile'))}>
          <Descriptions
            size="small"
            column={{ xs: 1, md: 2, xl: 3 }}
            items={[
              { key: 'surname', label: t('field.surname'), children: m.surname },
              { key: 'given', label: t('field.givenName'), children: m.givenName },
              { key: 'middle', label: t('field.middleName'), children: m.middleName ?? '—' },
              { key: 'title', label: t('field.title'), children: t(`title.${m.title}`) },
              { key: 'gender', label: t('field.gender'), children: t(`gender.${m.gender}`) },
              { key: 'birthday', label: t('field.birthday'), children: m.birthday },
              { key: 'nationality', label: t('field.nationality'), children: m.nationality },
              {
                key: 'language',
                label: t('field.contactLanguage'),
                children: t(`language.${m.contactLanguage}`),
              },
              { key: 'promoMail', label: t('field.promoMail'), children: yesNo(m.promoMail) },
              { key: 'promoSms', label: t('field.promoSms'), children: yesNo(m.promoSms) },
              {
                key: 'rejections',
                label: t('field.rejections'),
                children: (
                  <span data-testid="member-rejections">
                    {rejectionCount(m.rejections, m.rejectionsToBlock)}
                  </span>
                ),
              },
              { key: 'linked', label: t('field.linked'), children: yesNo(m.linkedUserId !== null) },
              { key: 'created', label: t('field.created'), children: when(m.createdAt) },
              { key: 'submitted', label: t('field.submitted'), children: when(m.submittedAt) },
              { key: 'approved', label: t('field.approved'), children: when(m.approvedAt) },
            ]}
          />
        </Card>

        <Card title={h2(t('member.contacts'))}>
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={m.contacts}
            data-testid="member-contacts"
            columns={[
              {
                title: t('member.kind'),
                key: 'kind',
                render: (_, c) => (c.kind === 'email' ? t('member.email') : t('member.phone')),
              },
              {
                title: t('member.value'),
                key: 'value',
                render: (_, c) =>
                  c.kind === 'email' ? c.email : `+${c.countryCode ?? ''} ${c.phone ?? ''}`.trim(),
              },
              {
                title: t('member.main'),
                key: 'main',
                render: (_, c) => (c.main ? <Tag>{t('member.main')}</Tag> : null),
              },
            ]}
          />
        </Card>

        <Card title={h2(t('member.addresses'))}>
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={m.addresses}
            columns={[
              { title: t('member.detail'), dataIndex: 'detail', key: 'detail' },
              { title: t('member.city'), dataIndex: 'city', key: 'city' },
              { title: t('member.province'), dataIndex: 'province', key: 'province' },
              { title: t('member.postcode'), dataIndex: 'postcode', key: 'postcode' },
              { title: t('member.country'), dataIndex: 'country', key: 'country' },
              {
                title: t('member.main'),
                key: 'main',
                render: (_, a) => (a.main ? <Tag>{t('member.main')}</Tag> : null),
              },
            ]}
          />
        </Card>

        <Card title={h2(t('member.documents'))}>
          <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
            {m.documents.length === 0 ? <Typography.Text>{t('member.none')}</Typography.Text> : null}
            {m.documents.map((d) => (
              <DocumentCard key={d.id} document={d} name={name} />
            ))}
          </Space>
        </Card>

        <Card title={h2(t('member.beneficiaries'))}>
          <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
            {m.beneficiaries.length === 0 ? <Typography.Text>{t('member.none')}</Typography.Text> : null}
            {m.beneficiaries.map((b) => (
              <BeneficiaryCard key={b.id} beneficiary={b} />
            ))}
          </Space>
        </Card>

        <Card title={h2(t('member.history'))}>
          <Table<MemberEvent>
            rowKey={(e) => `${e.at}-${e.kind}`}
            size="small"
            pagination={false}
            dataSource={m.events}
            data-testid="member-events"
            columns={[
              { title: t('history.at'), key: 'at', render: (_, e) => when(e.at) },
              { title: t('history.kind'), dataIndex: 'kind', key: 'kind' },
              { title: t('history.by'), dataIndex: 'by', key: 'by' },
              { title: t('history.reason'), key: 'reason', render: (_, e) => e.reason ?? '—' },
            ]}
          />
        </Card>

        <Card title={h2(t('member.audit'))}>
          <Table<AuditEntry>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={m.audit}
            data-testid="member-audit"
            columns={[
              { title: t('history.at'), key: 'at', render: (_, a) => when(a.at) },
              { title: t('history.action'), dataIndex: 'action', key: 'action' },
              { title: t('history.staff'), key: 'staff', render: (_, a) => a.staffEmail ?? '—' },
              { title: t('history.reason'), key: 'reason', render: (_, a) => a.reason ?? '—' },
            ]}
          />
        </Card>
      </Space>
    </ConfigProvider>
  );
}
