import type { ApiError } from '@wings/api-client';
import { Button, Form, Input, Modal, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminMutation } from '../../api/admin-client';

/** The reason staff give must say something: the contract's minimum (admin-mileage.ts). */
export const REASON_MIN = 3;

/** What the dialog's form holds: the reason and the action's own fields. */
export type DialogValues = Record<string, unknown> & { reason?: string };

/**
 * One staff action on the mileage programme: its button and its dialog, which sends one call
 * under /api/admin. A `review` makes it two steps: the form, then what will happen to confirm.
 */
export interface MileageAction {
  /** `data-testid` of its button (the dialog's pieces are `mileage-dialog-*`). */
  testId: string;
  label: string;
  title: string;
  /** What happens, said in the dialog. */
  note?: ReactNode;
  /** Whether a reason is asked (every change but approving a claim). */
  reason: boolean;
  /** Form items of the action's own (named as the body's fields). */
  fields?: ReactNode;
  /** Values the form starts with. */
  initial?: DialogValues;
  /** The second step: what the values will do, shown before the call is sent. */
  review?: (values: DialogValues) => ReactNode;
  danger?: boolean;
  primary?: boolean;
  method?: 'POST' | 'PUT';
  /** Below /api/admin. */
  path: string;
  /** The body sent (the reason is trimmed already). */
  body: (values: DialogValues) => unknown;
  /** Queries refetched after success (and after a refusal, which may mean the data moved on). */
  invalidates: string[];
  onDone: () => void;
}

function ActionDialog({ action, onClose }: { action: MileageAction; onClose: () => void }) {
  const { t } = useTranslation('mileage');
  const [form] = Form.useForm<DialogValues>();
  const [failure, setFailure] = useState<string | null>(null);
  const [reviewing, setReviewing] = useState<DialogValues | null>(null);
  const send = useAdminMutation<DialogValues, unknown>(action.path, {
    method: action.method ?? 'POST',
    invalidates: action.invalidates,
    toBody: action.body,
    onError: () => {},
  });

  const submit = async (values: DialogValues) => {
    setFailure(null);
    try {
      await send.mutateAsync(values);
      onClose();
      action.onDone();
    } catch (error) {
      const known = (error as ApiError).fields ?? [];
      const named = form.getFieldsValue();
      const onForm = known.filter((f) => f.field in named);
      if (onForm.length > 0) {
        setReviewing(null);
        form.setFields(onForm.map((f) => ({ name: f.field, errors: [f.message] })));
      } else setFailure(error instanceof Error ? error.message : String(error));
    }
  };

  const ok = async () => {
    if (reviewing) return submit(reviewing);
    const raw = await form.validateFields().catch(() => null);
    if (!raw) return;
    const values: DialogValues = action.reason ? { ...raw, reason: (raw.reason ?? '').trim() } : raw;
    if (action.review) {
      setFailure(null);
      setReviewing(values);
    } else await submit(values);
  };

  return (
    <Modal
      open
      title={action.title}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={reviewing ? () => setReviewing(null) : onClose}>
          {t('common.cancel')}
        </Button>,
        <Button
          key="ok"
          type="primary"
          danger={action.danger}
          loading={send.isPending}
          data-testid="mileage-dialog-confirm"
          onClick={ok}
        >
          {action.review && !reviewing ? t('adjust.next') : t('common.confirm')}
        </Button>,
      ]}
    >
      {action.note ? <Typography.Paragraph>{action.note}</Typography.Paragraph> : null}
      <div hidden={reviewing !== null}>
        <Form form={form} layout="vertical" preserve={false} initialValues={action.initial}>
          {action.fields}
          {action.reason ? (
            <Form.Item
              name="reason"
              label={t('common.reason')}
              rules={[
                {
                  // Counted without the spaces around it, as the server counts it.
                  validator: (_, value?: string) =>
                    (value ?? '').trim().length >= REASON_MIN
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('common.reasonRequired'))),
                },
              ]}
            >
              <Input.TextArea rows={3} maxLength={500} data-testid="mileage-dialog-reason" />
            </Form.Item>
          ) : null}
        </Form>
      </div>
      {reviewing && action.review ? (
        <div data-testid="mileage-dialog-review" role="status">
          <Typography.Title level={2} style={{ fontSize: 16 }}>
            {t('adjust.review')}
          </Typography.Title>
          {action.review(reviewing)}
        </div>
      ) : null}
      {failure ? (
        <Typography.Text type="danger" role="alert" data-testid="mileage-dialog-failure">
          {failure}
        </Typography.Text>
      ) : null}
    </Modal>
  );
}

/** The actions' buttons and, once one is pressed, its dialog. Render only for staff who may act. */
export function MileageActions({ actions, size }: { actions: MileageAction[]; size?: 'small' }) {
  const [open, setOpen] = useState<MileageAction | null>(null);
  return (
    <>
      {actions.map((action) => (
        <Button
          key={action.testId}
          size={size}
          type={action.primary ? 'primary' : 'default'}
          danger={action.danger}
          data-testid={action.testId}
          onClick={() => setOpen(action)}
          style={{ marginInlineEnd: 8 }}
        >
          {action.label}
        </Button>
      ))}
      {open ? <ActionDialog action={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
