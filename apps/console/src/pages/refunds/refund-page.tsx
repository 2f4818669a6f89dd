import type {
  AdminOrderDetail,
  AdminRefundOrderDetail,
  RefundAddonLine,
  RefundQuoteLine,
} from '@wings/contracts';
import {
  Alert,
  Button,
  Card,
  ConfigProvider,
  Descriptions,
  Form,
  Input,
  Modal,
  Space,
  Table,
  Timeline,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAdminMutation, useAdminQuery } from '../../api/admin-client';
import { useSignedInMember } from '../../app/session';
import { DetailFallback } from '../../components/detail-fallback';
import { formatInstant } from '../../lib/format';
import { formatMoney, PAGE_THEME } from '../orders/order-format';
import { mayDo } from '../orders/order-roles';
import { OverdueTag, RefundStatusTag, useAge } from './refund-format';
import { REFUND_AUDITORS } from './refund-roles';

const when = (iso: string | null) => (iso ? formatInstant(iso) : '—');
const h2 = (text: string) => <h2 style={{ fontSize: 16, margin: 0 }}>{text}</h2>;

/**
 * Approve (an optional note for the history) or reject (the reason the traveller is told, required)
 * a request waiting for audit. The dialog stays open with the server's message on a failure.
 */
function AuditActions({ refund }: { refund: AdminRefundOrderDetail }) {
  const { t } = useTranslation('refunds');
  const path = `/refunds/${refund.refundNo}`;
  const [open, setOpen] = useState<'approve' | 'reject' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [form] = Form.useForm<{ text?: string }>();
  const approve = useAdminMutation<{ note?: string }, AdminRefundOrderDetail>(`${path}/approve`, {
    invalidates: ['/refunds'],
    onError: () => {},
  });
  const reject = useAdminMutation<{ reason: string }, AdminRefundOrderDetail>(`${path}/reject`, {
    invalidates: ['/refunds'],
    onError: () => {},
  });
  const busy = approve.isPending || reject.isPending;

  const confirm = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const text = values.text?.trim() ?? '';
    setFailure(null);
    try {
      if (open === 'approve') await approve.mutateAsync(text ? { note: text } : {});
      else await reject.mutateAsync({ reason: text });
      setOpen(null);
      form.resetFields();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <>
      <Space wrap>
        <Button type="primary" data-testid="refund-approve" onClick={() => setOpen('approve')}>
          {t('actions.approve')}
        </Button>
        <Button danger data-testid="refund-reject" onClick={() => setOpen('reject')}>
          {t('actions.reject')}
        </Button>
      </Space>
      <Modal
        open={open !== null}
        title={open === 'reject' ? t('actions.rejectTitle') : t('actions.approveTitle')}
        okText={t('actions.confirm')}
        okButtonProps={{ danger: open === 'reject', loading: busy, 'data-testid': 'refund-confirm' }}
        onOk={confirm}
        onCancel={() => {
          setOpen(null);
          setFailure(null);
        }}
        destroyOnHidden
      >
        <Typography.Paragraph>
          {open === 'reject'
            ? t('actions.rejectNote')
            : t('actions.approveNote', { amount: formatMoney(refund.actual) })}
        </Typography.Paragraph>
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="text"
            label={open === 'reject' ? t('actions.reason') : t('actions.note')}
            rules={
              open === 'reject'
                ? [{ required: true, whitespace: true, min: 2, message: t('actions.reasonRequired') }]
                : []
            }
          >
            <Input.TextArea rows={3} maxLength={500} data-testid="refund-action-text" />
          </Form.Item>
        </Form>
        {failure ? (
          <Typography.Text type="danger" data-testid="refund-action-failure">
            {failure}
          </Typography.Text>
        ) : null}
      </Modal>
    </>
  );
}

/** The traveller's contact, read from the order (the refund itself does not carry it). */
function Contact({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation('refunds');
  const order = useAdminQuery<AdminOrderDetail>(`/orders/${orderNo}`);
  const c = order.data?.contact;
  if (order.error) return <Typography.Text type="secondary">{t('refund.contactUnknown')}</Typography.Text>;
  if (!c) return <Typography.Text type="secondary">…</Typography.Text>;
  return (
    <span data-testid="refund-contact">
      {c.name} · {c.email}
      {c.phone ? ` · +${c.countryCode} ${c.phone}` : ''}
    </span>
  );
}

/**
 * One refund request (issue 15): the order, passengers, amounts per passenger and segment, the
 * reason, the traveller's contact, its timeline and history, and Approve / Reject for the roles
 * the API allows while it waits for audit.
 */
export default function RefundPage() {
  const { t } = useTranslation('refunds');
  const { refundNo = '' } = useParams();
  const member = useSignedInMember();
  const age = useAge();
  const refund = useAdminQuery<AdminRefundOrderDetail>(`/refunds/${refundNo}`);
  const back = <Link to="/refunds">{t('refund.back')}</Link>;
  if (refund.error || !refund.data) return <DetailFallback back={back} query={refund} />;
  const r = refund.data;
  const mayAudit = r.status === 'auditing' && mayDo(member.roles, REFUND_AUDITORS);
  const name = (seq: number) => r.passengers.find((p) => p.seq === seq)?.name ?? String(seq);

  return (
    <ConfigProvider theme={PAGE_THEME}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {back}
        <Space align="center" wrap>
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
            {t('refund.title', { refundNo: r.refundNo })}
          </Typography.Title>
          <RefundStatusTag status={r.status} refundStatus={r.refundStatus} />
          {r.row.overdue ? <OverdueTag /> : null}
        </Space>
        {r.status === 'auditing' && !mayAudit ? (
          <Alert type="info" showIcon title={t('refund.readOnly')} />
        ) : null}
        {mayAudit ? <AuditActions refund={r} /> : null}
        {r.status === 'rejected' ? (
          <Alert type="warning" showIcon title={t('refund.rejected', { reason: r.rejectReason ?? '—' })} />
        ) : null}

        <Card title={h2(t('refund.summary'))}>
          <Descriptions
            size="small"
            column={{ xs: 1, md: 2, xl: 3 }}
            items={[
              {
                key: 'order',
                label: t('columns.orderNo'),
                children: <Link to={`/orders/${r.orderNo}`}>{r.orderNo}</Link>,
              },
              { key: 'submitted', label: t('columns.submitted'), children: when(r.row.submittedAt) },
              {
                key: 'age',
                label: t('columns.age'),
                children: <span data-testid="refund-age">{age(r.row.ageMinutes)}</span>,
              },
              { key: 'due', label: t('columns.dueBy'), children: when(r.row.dueBy) },
              {
                key: 'reason',
                label: t('columns.reason'),
                children: `${t(`kind.${r.reasonKind}`)} · ${r.reasonText}`,
              },
              { key: 'remark', label: t('refund.remark'), children: r.remark ?? '—' },
              { key: 'contact', label: t('refund.contact'), children: <Contact orderNo={r.orderNo} /> },
              {
                key: 'upgrade',
                label: t('refund.upgrade'),
                children: r.upgradeApplied ? t('refund.yes') : t('refund.no'),
              },
            ]}
          />
        </Card>

        <Card title={h2(t('refund.amounts'))}>
          <Descriptions
            size="small"
            column={{ xs: 1, md: 3 }}
            items={[
              { key: 'should', label: t('refund.shouldRefund'), children: formatMoney(r.shouldRefund) },
              { key: 'fee', label: t('refund.handlingFee'), children: formatMoney(r.handlingFee) },
              {
                key: 'actual',
                label: t('refund.actual'),
                children: <strong data-testid="refund-actual">{formatMoney(r.actual)}</strong>,
              },
            ]}
          />
          <Table<RefundQuoteLine>
            rowKey={(l) => `${l.passengerSeq}-${l.segmentSeq}`}
            size="small"
            pagination={false}
            dataSource={r.lines}
            data-testid="refund-lines"
            scroll={{ x: true }}
            columns={[
              { title: t('lines.passenger'), key: 'pax', render: (_, l) => l.passengerName },
              {
                title: t('lines.flight'),
                key: 'flight',
                render: (_, l) => `${l.flightNo} ${l.depCode}-${l.arrCode} · ${formatInstant(l.depUtc)}`,
              },
              { title: t('lines.fare'), key: 'fare', align: 'right', render: (_, l) => formatMoney(l.fare) },
              {
                title: t('lines.taxes'),
                key: 'taxes',
                align: 'right',
                render: (_, l) => formatMoney(l.taxes),
              },
              { title: t('lines.fee'), key: 'fee', align: 'right', render: (_, l) => formatMoney(l.fee) },
              {
                title: t('lines.noShowFee'),
                key: 'noShow',
                align: 'right',
                render: (_, l) => formatMoney(l.noShowFee),
              },
              {
                title: t('lines.refund'),
                key: 'refund',
                align: 'right',
                render: (_, l) => formatMoney(l.refund),
              },
            ]}
          />
          {r.addons.length > 0 ? (
            <Table<RefundAddonLine>
              style={{ marginTop: 12 }}
              rowKey={(a) => `${a.passengerSeq}-${a.code}-${a.segmentSeq ?? 'all'}`}
              size="small"
              pagination={false}
              dataSource={r.addons}
              columns={[
                { title: t('lines.passenger'), key: 'pax', render: (_, a) => name(a.passengerSeq) },
                {
                  title: t('lines.addon'),
                  key: 'code',
                  render: (_, a) => t(`addon.${a.code}`, { defaultValue: a.code }),
                },
                {
                  title: t('lines.paid'),
                  key: 'paid',
                  align: 'right',
                  render: (_, a) => formatMoney(a.paid),
                },
                {
                  title: t('lines.refund'),
                  key: 'refund',
                  align: 'right',
                  render: (_, a) => formatMoney(a.refund),
                },
              ]}
            />
          ) : null}
        </Card>

        <Card title={h2(t('refund.passengers'))}>
          <Table
            rowKey="seq"
            size="small"
            pagination={false}
            dataSource={r.passengers}
            columns={[
              { title: t('lines.passenger'), dataIndex: 'name', key: 'name' },
              { title: t('refund.ticketNo'), key: 'ticket', render: (_, p) => p.ticketNo ?? '—' },
            ]}
          />
        </Card>

        <Card title={h2(t('refund.timeline'))}>
          <Timeline
            data-testid="refund-timeline"
            items={r.timeline.map((s) => ({
              color: s.step === 'rejected' ? 'red' : s.at ? 'green' : 'gray',
              content: (
                <span data-testid={`refund-step-${s.step}`}>
                  <strong>{t(`step.${s.step}`)}</strong>{' '}
                  {s.at
                    ? when(s.at)
                    : s.expectedBy
                      ? t('refund.expectedBy', { date: when(s.expectedBy) })
                      : t('refund.toCome')}
                </span>
              ),
            }))}
          />
        </Card>

        <Card title={h2(t('refund.history'))}>
          <Table
            rowKey={(e) => `${e.at}-${e.type}`}
            size="small"
            pagination={false}
            dataSource={r.events}
            data-testid="refund-events"
            columns={[
              { title: t('history.at'), key: 'at', render: (_, e) => when(e.at) },
              { title: t('history.type'), dataIndex: 'type', key: 'type' },
              { title: t('history.actor'), dataIndex: 'actor', key: 'actor' },
              { title: t('history.reason'), key: 'reason', render: (_, e) => e.reason ?? '—' },
            ]}
          />
        </Card>
      </Space>
    </ConfigProvider>
  );
}
