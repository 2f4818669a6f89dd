import { PlusOutlined } from '@ant-design/icons';
import type { AdminPromo, LanguageTag } from '@wings/contracts';
import { formatMoney } from '@wings/rules';
import { Alert, App, Button, Form, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminMutation, useAdminQuery } from '../../api/admin-client';
import { FormModal } from '../../components/form-modal';
import { ListTable } from '../../components/list-table';
import { PageHeader } from '../../components/page-header';
import { Readable } from '../../components/readable';
import { formatInstant } from '../../lib/format';
import { showServerErrors, useCanChangePricing } from './fares-shared';
import { PromoModal } from './promo-form';

/** Each state's tag, in colours dark enough for AA contrast (antd's preset tags fall short). */
const STATE_STYLE: Record<AdminPromo['state'], { color: string; background: string; borderColor: string }> = {
  active: { color: '#135200', background: '#f6ffed', borderColor: '#b7eb8f' },
  scheduled: { color: '#003a8c', background: '#e6f4ff', borderColor: '#91caff' },
  ended: { color: 'rgba(0, 0, 0, 0.75)', background: '#fafafa', borderColor: '#d9d9d9' },
  used_up: { color: '#873800', background: '#fff7e6', borderColor: '#ffd591' },
  disabled: { color: '#a8071a', background: '#fff1f0', borderColor: '#ffa39e' },
};

/** Disable a code now, with the reason the audit log keeps. */
function DisableModal({ promo, onClose }: { promo: AdminPromo; onClose: () => void }) {
  const { t } = useTranslation('fares');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const disable = useAdminMutation<{ reason: string }, AdminPromo>(
    `/pricing/promos/${encodeURIComponent(promo.code)}/disable`,
    {
      invalidates: ['/pricing/promos', '/audit'],
      onSuccess: () => {
        void message.success(t('promos.disabled'));
        onClose();
      },
      onError: (error) => showServerErrors(form, error, ['reason'], 'reason'),
    },
  );
  return (
    <FormModal
      title={t('promos.disableTitle', { code: promo.code })}
      okText={t('promos.disable')}
      okButtonProps={{ danger: true }}
      form={form}
      onClose={onClose}
      saving={disable.isPending}
    >
      <Typography.Paragraph>{t('promos.disableHelp')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(v) => disable.mutate({ reason: v.reason.trim() })}>
        <Form.Item
          name="reason"
          label={t('reason')}
          rules={[{ required: true, whitespace: true, message: t('shell:common.required') }, { max: 500 }]}
        >
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

/** Promo codes with their uses so far: admins create, edit and disable them. */
export default function PromosPage() {
  return (
    <Readable>
      <PromosPageContent />
    </Readable>
  );
}

function PromosPageContent() {
  const { t, i18n } = useTranslation('fares');
  const lang = (i18n.language as LanguageTag) ?? 'en';
  const canChange = useCanChangePricing();
  const list = useAdminQuery<{ list: AdminPromo[] }>('/pricing/promos');
  const [editing, setEditing] = useState<AdminPromo | 'new' | null>(null);
  const [disabling, setDisabling] = useState<AdminPromo | null>(null);

  const discount = (p: AdminPromo) =>
    p.kind === 'percent'
      ? t('promos.percentOff', { value: p.value })
      : t('promos.amountOff', { amount: formatMoney({ amount: p.value, currency: p.currency ?? 'USD' }) });

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageHeader
        title={t('promos.title')}
        action={
          canChange && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('promos.create')}
            </Button>
          )
        }
      />
      {!canChange && <Alert type="info" showIcon title={t('readOnly')} />}
      <ListTable<AdminPromo>
        query={list}
        rowKey="code"
        columns={[
          {
            title: t('promos.columns.code'),
            dataIndex: 'code',
            render: (code: string) => <strong>{code}</strong>,
          },
          {
            title: t('promos.columns.title'),
            key: 'title',
            render: (_, p) => <span lang={lang}>{p.title[lang] ?? p.title.en}</span>,
          },
          { title: t('promos.columns.discount'), key: 'discount', render: (_, p) => discount(p) },
          {
            title: t('promos.columns.minSpend'),
            key: 'minSpend',
            render: (_, p) =>
              p.minSpend === null
                ? t('promos.none')
                : formatMoney({ amount: p.minSpend, currency: p.currency ?? 'USD' }),
          },
          {
            title: t('promos.columns.validity'),
            key: 'validity',
            render: (_, p) => (
              <span>
                {formatInstant(p.validFrom)}
                <br />
                {formatInstant(p.validTo)}
              </span>
            ),
          },
          {
            title: t('promos.columns.routes'),
            dataIndex: 'routes',
            render: (routes: string[] | null) =>
              routes === null ? t('promos.anyRoute') : routes.map((r) => <Tag key={r}>{r}</Tag>),
          },
          {
            title: t('promos.columns.uses'),
            key: 'uses',
            render: (_, p) => `${p.usedCount} / ${p.usageLimit ?? t('promos.noLimit')}`,
          },
          {
            title: t('promos.columns.state'),
            key: 'state',
            render: (_, p) => (
              <Space orientation="vertical" size={2}>
                <Tag style={STATE_STYLE[p.state]}>{t(`promos.state.${p.state}`)}</Tag>
                {p.disabledAt !== null && (
                  <Typography.Text type="secondary">
                    {t('promos.disabledOn', {
                      at: formatInstant(p.disabledAt),
                      reason: p.disabledReason ?? '',
                    })}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          ...(canChange
            ? [
                {
                  title: t('shell:common.actions'),
                  key: 'actions',
                  render: (_: unknown, p: AdminPromo) => (
                    <Space size={0}>
                      <Button
                        type="link"
                        aria-label={`${t('promos.edit')} ${p.code}`}
                        onClick={() => setEditing(p)}
                      >
                        {t('promos.edit')}
                      </Button>
                      {p.state !== 'disabled' && (
                        <Button
                          type="link"
                          danger
                          aria-label={`${t('promos.disable')} ${p.code}`}
                          onClick={() => setDisabling(p)}
                        >
                          {t('promos.disable')}
                        </Button>
                      )}
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing && <PromoModal promo={editing} onClose={() => setEditing(null)} />}
      {disabling && <DisableModal promo={disabling} onClose={() => setDisabling(null)} />}
    </Space>
  );
}
