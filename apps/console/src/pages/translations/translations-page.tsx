import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { ApiError } from '@wings/api-client';
import type { AdminTranslation, AdminTranslationList, StaffMe } from '@wings/contracts';
import { Alert, App, Button, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminMutation, useAdminQuery } from '../../api/admin-client';
import { useMe } from '../../app/session';
import { FormModal } from '../../components/form-modal';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { Readable } from '../../components/readable';
import { formatInstant } from '../../lib/format';
import { ruleMessage } from '../../lib/rule-message';

type Lang = 'zh' | 'en' | 'km';
const LANGS: Lang[] = ['zh', 'en', 'km'];
type Missing = 'all' | 'any' | Lang;
type Texts = Record<Lang, string>;

/** A cell's look when its language is missing: the app falls back to its own text there. */
const MISSING_CELL = { style: { background: '#fff1f0' } };
/** The missing mark, dark red on pale red (AA contrast). */
const MISSING_TAG = { color: '#a8071a', background: '#fff1f0', borderColor: '#ffa39e' };

/** The messages of a refused change, by field (`zh`, `en`, `km`, `key`); others under `zh`. */
function errorsByField(error: ApiError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of error.fields) {
    const field = ['zh', 'en', 'km', 'key'].includes(f.field) ? f.field : 'zh';
    out[field] = f.message || ruleMessage(f);
  }
  if (Object.keys(out).length === 0) out.zh = error.message;
  return out;
}

function AddKeyModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('translations');
  const { message } = App.useApp();
  const [form] = Form.useForm<Texts & { key: string; reason?: string }>();
  const add = useAdminMutation<Texts & { key: string; reason?: string }, AdminTranslation>(
    '/content/translations',
    {
      invalidates: ['/content/translations', '/audit'],
      toBody: (v) => ({
        platform: 1,
        key: v.key.trim(),
        zh: v.zh ?? '',
        en: v.en ?? '',
        km: v.km ?? '',
        ...(v.reason?.trim() ? { reason: v.reason.trim() } : {}),
      }),
      onSuccess: () => {
        void message.success(t('saved'));
        onClose();
      },
      onError: (error) =>
        form.setFields(
          Object.entries(errorsByField(error)).map(([name, text]) => ({
            name: name as 'key',
            errors: [text],
          })),
        ),
    },
  );
  return (
    <FormModal title={t('addTitle')} form={form} onClose={onClose} saving={add.isPending}>
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => add.mutate(v)}
        initialValues={{ zh: '', en: '', km: '' }}
      >
        <Form.Item
          name="key"
          label={t('columns.key')}
          extra={t('keyHelp')}
          rules={[{ required: true, whitespace: true, message: t('shell:common.required') }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        {LANGS.map((lang) => (
          <Form.Item key={lang} name={lang} label={t(`columns.${lang}`)}>
            <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} lang={lang} />
          </Form.Item>
        ))}
        <Form.Item name="reason" label={t('reason')} rules={[{ max: 500 }]}>
          <Input />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

/**
 * The translation editor: every key of the traveller app's server texts with zh, en and km side
 * by side, the missing ones marked and filterable; a row is edited in place, three languages at
 * once. Auditors read it.
 */
export default function TranslationsPage() {
  return (
    <Readable>
      <TranslationsPageContent />
    </Readable>
  );
}

function TranslationsPageContent() {
  const { t } = useTranslation('translations');
  const { message } = App.useApp();
  const me = useMe().data as StaffMe | undefined;
  const canChange = me?.roles.some((r) => r === 'admin' || r === 'content_editor') ?? false;
  const [q, setQ] = useState('');
  const [missing, setMissing] = useState<Missing>('all');
  const list = useAdminQuery<AdminTranslationList>('/content/translations', {
    q: q.trim(),
    missing: missing === 'all' ? undefined : missing,
  });
  const [editing, setEditing] = useState<{
    key: string;
    draft: Texts;
    errors: Record<string, string>;
  } | null>(null);
  const [adding, setAdding] = useState(false);

  const save = useAdminMutation<{ key: string; draft: Texts }, AdminTranslation>(
    (v) => `/content/translations/1/${encodeURIComponent(v.key)}`,
    {
      method: 'PUT',
      invalidates: ['/content/translations', '/audit'],
      toBody: (v) => v.draft,
      onSuccess: () => {
        void message.success(t('saved'));
        setEditing(null);
      },
      onError: (error) => setEditing((e) => (e ? { ...e, errors: errorsByField(error) } : e)),
    },
  );

  const textColumn = (lang: Lang) => ({
    title: t(`columns.${lang}`),
    key: lang,
    onCell: (row: AdminTranslation) =>
      row.missing.includes(lang) && editing?.key !== row.key ? MISSING_CELL : {},
    render: (_: unknown, row: AdminTranslation) => {
      if (editing?.key === row.key) {
        const error = editing.errors[lang];
        return (
          <Space orientation="vertical" size={2} style={{ width: '100%' }}>
            <Input.TextArea
              aria-label={t('textOf', { key: row.key, lang: t(`columns.${lang}`) })}
              lang={lang}
              autoSize={{ minRows: 1, maxRows: 6 }}
              status={error ? 'error' : undefined}
              value={editing.draft[lang]}
              onChange={(e) =>
                setEditing({ ...editing, draft: { ...editing.draft, [lang]: e.target.value } })
              }
            />
            {error && <Typography.Text type="danger">{error}</Typography.Text>}
          </Space>
        );
      }
      return row.missing.includes(lang) ? (
        <Tag style={MISSING_TAG}>{t('missing')}</Tag>
      ) : (
        <span lang={lang}>{row[lang]}</span>
      );
    },
  });

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageHeader
        title={t('title')}
        action={
          canChange && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
              {t('add')}
            </Button>
          )
        }
      />
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('help')}
      </Typography.Paragraph>
      {!canChange && <Alert type="info" showIcon title={t('readOnly')} />}
      <Space wrap>
        <Input
          aria-label={t('search')}
          placeholder={t('search')}
          prefix={<SearchOutlined />}
          allowClear
          style={{ width: 280 }}
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
        <Select<Missing>
          aria-label={t('filter.label')}
          style={{ width: 180 }}
          value={missing}
          onChange={setMissing}
          options={(['all', 'any', 'zh', 'en', 'km'] as const).map((m) => ({
            value: m,
            label: t(`filter.${m}`),
          }))}
        />
        {list.data && (
          <Typography.Text type="secondary">
            {t('counts', { total: list.data.total, missing: list.data.missingTotal })}
          </Typography.Text>
        )}
      </Space>
      {list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Table<AdminTranslation>
          rowKey="key"
          size="small"
          loading={list.isPending}
          dataSource={list.data?.list ?? []}
          pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
          columns={[
            {
              title: t('columns.key'),
              dataIndex: 'key',
              width: 240,
              render: (key: string) => <Typography.Text code>{key}</Typography.Text>,
            },
            textColumn('zh'),
            textColumn('en'),
            textColumn('km'),
            {
              title: t('columns.updated'),
              dataIndex: 'updatedAt',
              width: 180,
              render: (at: string) => formatInstant(at),
            },
            ...(canChange
              ? [
                  {
                    title: t('shell:common.actions'),
                    key: 'actions',
                    width: 150,
                    render: (_: unknown, row: AdminTranslation) =>
                      editing?.key === row.key ? (
                        <Space size={0}>
                          <Button
                            type="link"
                            loading={save.isPending}
                            onClick={() => save.mutate({ key: row.key, draft: editing.draft })}
                          >
                            {t('save')}
                          </Button>
                          <Button type="link" onClick={() => setEditing(null)}>
                            {t('cancel')}
                          </Button>
                        </Space>
                      ) : (
                        <Button
                          type="link"
                          aria-label={`${t('edit')} ${row.key}`}
                          onClick={() =>
                            setEditing({
                              key: row.key,
                              draft: { zh: row.zh, en: row.en, km: row.km },
                              errors: {},
                            })
                          }
                        >
                          {t('edit')}
                        </Button>
                      ),
                  },
                ]
              : []),
          ]}
        />
      )}
      {adding && <AddKeyModal onClose={() => setAdding(false)} />}
    </Space>
  );
}
