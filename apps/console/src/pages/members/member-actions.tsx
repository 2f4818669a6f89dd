import type { ApiError } from '@wings/api-client';
import type { AuditState, MemberStatus } from '@wings/contracts';
import { Alert, Button, Form, Input, Modal, Space, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminMutation } from '../../api/admin-client';
import { useSignedInMember } from '../../app/session';
import { mayDo } from '../orders/order-roles';
import { MEMBER_AUDITORS } from './member-roles';

/** What an audit action answers (ZAdminMemberActionResult): the new state, the card number issued. */
export interface AdminMemberActionResult {
  status: MemberStatus | AuditState;
  cardNo: string | null;
}

/** The reason staff give must say something: the contract's minimum (admin-members.ts). */
export const REASON_MIN = 3;

/** One staff action on a member, a document or a beneficiary: its button and its dialog. */
export interface MemberAction {
  /** `data-testid` of its button (the dialog's pieces are `member-action-*`). */
  testId: string;
  label: string;
  title: string;
  /** What happens, said in the dialog. */
  note: ReactNode;
  /** A warning above the form (the rejection that blocks the account). */
  warning?: string;
  /** `reason`: a required reason (reject, block, unblock); `note`: an optional note (approve). */
  text: 'reason' | 'note';
  danger?: boolean;
  primary?: boolean;
  /** The POST below /api/admin. */
  path: string;
  /** After success (the queues and the member are refetched already). */
  onDone: (result: AdminMemberActionResult) => void;
}

/** Whether the signed-in staff member may audit, block and unblock (agents and admins). */
export function useMayAuditMembers(): boolean {
  return mayDo(useSignedInMember().roles, MEMBER_AUDITORS);
}

/** The server's words on a refused action: its field problems on the text, or the message below it. */
function fieldErrors(error: ApiError): string[] {
  return error.fields.filter((f) => f.field === 'reason' || f.field === 'note').map((f) => f.message);
}

function ActionModal({ action, onClose }: { action: MemberAction; onClose: () => void }) {
  const { t } = useTranslation('members');
  const [form] = Form.useForm<{ text?: string }>();
  const [failure, setFailure] = useState<string | null>(null);
  const send = useAdminMutation<Record<string, string>, AdminMemberActionResult>(action.path, {
    invalidates: ['/members'],
    onError: () => {},
  });

  const confirm = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const text = values.text?.trim() ?? '';
    setFailure(null);
    try {
      const body: Record<string, string> =
        action.text === 'reason' ? { reason: text } : text ? { note: text } : {};
      const result = await send.mutateAsync(body);
      onClose();
      action.onDone(result);
    } catch (error) {
      const problems = fieldErrors(error as ApiError);
      if (problems.length > 0) form.setFields([{ name: 'text', errors: problems }]);
      else setFailure(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <Modal
      open
      title={action.title}
      okText={t('actions.confirm')}
      cancelText={t('actions.cancel')}
      okButtonProps={{
        danger: action.danger,
        loading: send.isPending,
        'data-testid': 'member-action-confirm',
      }}
      onOk={confirm}
      onCancel={onClose}
      destroyOnHidden
    >
      {action.warning ? (
        <Alert
          type="warning"
          showIcon
          title={action.warning}
          style={{ marginBottom: 12 }}
          data-testid="member-action-warning"
        />
      ) : null}
      <Typography.Paragraph>{action.note}</Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="text"
          label={action.text === 'reason' ? t('actions.reason') : t('actions.note')}
          rules={
            action.text === 'reason'
              ? [
                  {
                    // Counted without the spaces around it, as the server counts it.
                    validator: (_, value?: string) =>
                      (value ?? '').trim().length >= REASON_MIN
                        ? Promise.resolve()
                        : Promise.reject(new Error(t('actions.reasonRequired'))),
                  },
                ]
              : []
          }
        >
          <Input.TextArea rows={3} maxLength={500} data-testid="member-action-text" />
        </Form.Item>
      </Form>
      {failure ? (
        <Typography.Text type="danger" data-testid="member-action-failure">
          {failure}
        </Typography.Text>
      ) : null}
    </Modal>
  );
}

/** The actions' buttons and, once one is pressed, its dialog. Render only for staff who may act. */
export function MemberActions({ actions }: { actions: MemberAction[] }) {
  const [open, setOpen] = useState<MemberAction | null>(null);
  return (
    <>
      <Space wrap>
        {actions.map((action) => (
          <Button
            key={action.testId}
            type={action.primary ? 'primary' : 'default'}
            danger={action.danger}
            data-testid={action.testId}
            onClick={() => setOpen(action)}
          >
            {action.label}
          </Button>
        ))}
      </Space>
      {open ? <ActionModal action={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
