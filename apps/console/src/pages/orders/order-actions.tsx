import type { AdminOrderDetail, AdminRefund } from '@wings/contracts';
import { App, Button, Form, Input, Modal, Space, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminMutation } from '../../api/admin-client';
import { formatMoney } from './order-format';

/** What an action's dialog asks for besides the confirmation. */
interface ActionValues {
  reason?: string;
  email?: string;
  reference?: string;
}

/**
 * A button that opens a confirmation with its fields (a reason where the action changes money or
 * seats) and runs `submit` on confirm; the dialog stays open with the server's message on a
 * failure, so what was typed is kept.
 */
function ActionDialog({
  label,
  title,
  note,
  danger,
  testId,
  reason,
  extra,
  submit,
}: {
  label: string;
  title: string;
  note?: string;
  danger?: boolean;
  testId: string;
  /** `required` for a change of money or seats; `optional` for a note. */
  reason: 'required' | 'optional';
  extra?: ReactNode;
  submit: (values: ActionValues) => Promise<unknown>;
}) {
  const { t } = useTranslation('orders');
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [form] = Form.useForm<ActionValues>();

  const confirm = async () => {
    // A field that breaks its rule shows its message under it; nothing is sent.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    setFailure(null);
    try {
      await submit(values);
      setOpen(false);
      form.resetFields();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button danger={danger} onClick={() => setOpen(true)} data-testid={testId}>
        {label}
      </Button>
      <Modal
        open={open}
        title={title}
        okText={t('actions.confirm')}
        okButtonProps={{ danger, loading: busy }}
        onOk={confirm}
        onCancel={() => {
          setOpen(false);
          setFailure(null);
        }}
        destroyOnHidden
      >
        {note ? <Typography.Paragraph>{note}</Typography.Paragraph> : null}
        <Form<ActionValues> form={form} layout="vertical" preserve={false}>
          {extra}
          <Form.Item
            name="reason"
            label={reason === 'required' ? t('actions.reason') : t('actions.reasonOptional')}
            extra={reason === 'required' ? t('actions.reasonHint') : undefined}
            rules={
              reason === 'required'
                ? [{ required: true, whitespace: true, min: 3, message: t('actions.reasonRequired') }]
                : []
            }
          >
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
        </Form>
        {failure ? <Typography.Text type="danger">{failure}</Typography.Text> : null}
      </Modal>
    </>
  );
}

/** The order's actions a member may take, by role and by the order's state. */
export function OrderActions({
  order,
  mayAct,
}: {
  order: AdminOrderDetail;
  /** Whether the member may resend itineraries and cancel orders (admin, agent). */
  mayAct: boolean;
}) {
  const { t } = useTranslation('orders');
  const { message } = App.useApp();
  const path = `/orders/${order.orderNo}`;
  const resend = useAdminMutation<ActionValues, { sentTo: string }>(`${path}/itinerary`, {
    invalidates: [path],
    onError: () => {},
  });
  const cancel = useAdminMutation<ActionValues, unknown>(`${path}/cancel`, {
    invalidates: ['/orders'],
    onError: () => {},
  });
  if (!mayAct) return null;
  const paid = order.status === 1;
  const unpaid = order.status === 0;
  if (!paid && !unpaid) return null;
  return (
    <Space wrap>
      {paid ? (
        <ActionDialog
          label={t('actions.resend')}
          title={t('actions.resendTitle', { orderNo: order.orderNo })}
          testId="action-resend"
          reason="optional"
          extra={
            <Form.Item
              name="email"
              label={t('actions.email')}
              extra={t('actions.emailHint', { email: order.contact.email })}
              rules={[{ type: 'email', message: t('actions.emailInvalid') }]}
            >
              <Input type="email" />
            </Form.Item>
          }
          submit={async ({ email, reason }) => {
            const sent = await resend.mutateAsync({
              ...(email?.trim() ? { email: email.trim() } : {}),
              ...(reason?.trim() ? { reason: reason.trim() } : {}),
            });
            void message.success(t('actions.resent', { to: sent.sentTo }));
          }}
        />
      ) : null}
      {unpaid ? (
        <ActionDialog
          label={t('actions.cancel')}
          title={t('actions.cancelTitle', { orderNo: order.orderNo })}
          note={t('actions.cancelNote')}
          danger
          testId="action-cancel"
          reason="required"
          submit={async ({ reason }) => {
            await cancel.mutateAsync({ reason: reason?.trim() });
            void message.success(t('actions.canceled'));
          }}
        />
      ) : null}
    </Space>
  );
}

/** Retry and settle-by-hand of a failed refund (admin, finance). */
export function RefundActions({ orderNo, refund }: { orderNo: string; refund: AdminRefund }) {
  const { t } = useTranslation('orders');
  const { message } = App.useApp();
  const base = `/orders/${orderNo}/refunds/${refund.id}`;
  const options = { invalidates: [`/orders/${orderNo}`], onError: () => {} };
  const retry = useAdminMutation<ActionValues, unknown>(`${base}/retry`, options);
  const settle = useAdminMutation<ActionValues, unknown>(`${base}/settle`, options);
  const amount = formatMoney(refund.amount);
  return (
    <Space wrap>
      <ActionDialog
        label={t('actions.retry')}
        title={t('actions.retryTitle', { amount })}
        note={t('actions.retryNote')}
        testId="action-retry-refund"
        reason="required"
        submit={async ({ reason }) => {
          await retry.mutateAsync({ reason: reason?.trim() });
          void message.success(t('actions.retried'));
        }}
      />
      <ActionDialog
        label={t('actions.settle')}
        title={t('actions.settleTitle', { amount })}
        note={t('actions.settleNote')}
        testId="action-settle-refund"
        reason="required"
        extra={
          <Form.Item
            name="reference"
            label={t('actions.reference')}
            extra={t('actions.referenceHint')}
            rules={[{ required: true, whitespace: true, message: t('actions.referenceRequired') }]}
          >
            <Input maxLength={120} />
          </Form.Item>
        }
        submit={async ({ reason, reference }) => {
          await settle.mutateAsync({ reason: reason?.trim(), reference: reference?.trim() });
          void message.success(t('actions.settled'));
        }}
      />
    </Space>
  );
}
