import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { ApiError } from '@wings/api-client';
import {
  type AdminTranslation,
  type AdminTranslationList,
  type StaffMe,
  TRANSLATION_LANGS,
  type TranslationLang,
  textPlaceholders,
} from '@wings/contracts';
import {
  Alert,
  App,
  Button,
  Col,
  Form,
  Input,
  Popconfirm,
  Row,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminMutation, useAdminQuery } from '../../api/admin-client';
import { useMe } from '../../app/session';
import { FormModal } from '../../components/form-modal';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { Readable } from '../../components/readable';
import { ruleMessage } from '../../lib/rule-message';

type Lang = TranslationLang;
const LANGS: readonly Lang[] = TRANSLATION_LANGS;
type Missing = 'all' | 'any' | Lang;
type Edited = 'all' | 'yes' | 'no';
type Texts = Record<Lang, string>;

/** Rows a page; the server pages (the app alone has some 480 keys). */
export const PAGE_SIZE = 50;

/** A cell's look when its language is missing: neither the app nor the back office has a text. */
const MISSING_CELL = { style: { background: '#fff1f0' } };
/** The missing mark, dark red on pale red (AA contrast). */
const MISSING_TAG = { color: '#a8071a', background: '#fff1f0', borderColor: '#ffa39e' };
/** The edited mark, dark blue on pale blue (AA contrast). */
const EDITED_TAG = { color: '#10239e', background: '#f0f5ff', borderColor: '#adc6ff' };
/** The back-office-only mark on a key, dark grey (AA contrast). */
const BACK_OFFICE_TAG = { color: '#434343', background: '#fafafa', borderColor: '#d9d9d9' };
/** Long texts and keys wrap inside their column instead of widening the table. */
const WRAP = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;
/** Secondary text dark enough for AA contrast on white. */
const SECONDARY = { color: 'rgba(0, 0, 0, 0.65)', fontSize: 12 } as const;

/** The text a traveller sees in a language: the back office's, else the app's own. */
export function textInEffect(row: AdminTranslation, lang: Lang): string {
  return row.override[lang].trim() ? row.override[lang] : row.app[lang];
}

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

type TextForm = Texts & { key: string; reason?: string };

function showErrors(form: ReturnType<typeof Form.useForm<TextForm>>[0], error: ApiError) {
  form.setFields(
    Object.entries(errorsByField(error)).map(([name, text]) => ({
      name: name as keyof TextForm,
      errors: [text],
    })),
  );
}

function reasonBody(reason: string | undefined) {
  return reason?.trim() ? { reason: reason.trim() } : {};
}

function AddKeyModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('translations');
  const { message } = App.useApp();
  const [form] = Form.useForm<TextForm>();
  const add = useAdminMutation<TextForm, AdminTranslation>('/content/translations', {
    invalidates: ['/content/translations', '/audit'],
    toBody: (v) => ({
      platform: 1,
      key: v.key.trim(),
      zh: v.zh ?? '',
      en: v.en ?? '',
      km: v.km ?? '',
      ...reasonBody(v.reason),
    }),
    onSuccess: () => {
      void message.success(t('saved'));
      onClose();
    },
    onError: (error) => showErrors(form, error),
  });
  return (
    <FormModal title={t('addTitle')} form={form} onClose={onClose} saving={add.isPending} width={880}>
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
        <Row gutter={16}>
          {LANGS.map((lang) => (
            <Col key={lang} xs={24} md={8}>
              <Form.Item name={lang} label={t(`columns.${lang}`)}>
                <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} lang={lang} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Form.Item name="reason" label={t('reason')} rules={[{ max: 500 }]}>
          <Input />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

/**
 * Edits a key's three texts side by side. For a key of the app a field holds the override (empty:
 * the app's own text, shown under the field and as its placeholder, stays in effect).
 */
function EditModal({ row, onClose }: { row: AdminTranslation; onClose: () => void }) {
  const { t } = useTranslation('translations');
  const { message } = App.useApp();
  const [form] = Form.useForm<TextForm>();
  const save = useAdminMutation<TextForm, AdminTranslation>(
    () => `/content/translations/${row.platform}/${encodeURIComponent(row.key)}`,
    {
      method: 'PUT',
      invalidates: ['/content/translations', '/audit'],
      toBody: (v) => ({ zh: v.zh ?? '', en: v.en ?? '', km: v.km ?? '', ...reasonBody(v.reason) }),
      onSuccess: () => {
        void message.success(t('saved'));
        onClose();
      },
      onError: (error) => showErrors(form, error),
    },
  );
  const placeholders = [...new Set(LANGS.flatMap((lang) => textPlaceholders(row.app[lang])))];
  return (
    <FormModal
      title={t('editTitle', { key: row.key })}
      form={form}
      onClose={onClose}
      saving={save.isPending}
      width={960}
    >
      {row.appKey && (
        <Typography.Paragraph style={SECONDARY}>
          {t('editHelp')}
          {placeholders.length > 0 && (
            <> {t('keepPlaceholders', { list: placeholders.map((p) => `{{${p}}}`).join(' ') })}</>
          )}
        </Typography.Paragraph>
      )}
      <Form<TextForm>
        form={form}
        layout="vertical"
        onFinish={(v) => save.mutate(v)}
        initialValues={{ ...row.override, reason: '' }}
      >
        <Row gutter={16}>
          {LANGS.map((lang) => (
            <Col key={lang} xs={24} md={8}>
              <Form.Item
                name={lang}
                label={t(`columns.${lang}`)}
                extra={
                  row.appKey && (
                    <span style={WRAP} lang={lang}>
                      {row.app[lang] ? t('appDefault', { text: row.app[lang] }) : t('noAppText')}
                    </span>
                  )
                }
              >
                <Input.TextArea
                  autoSize={{ minRows: 2, maxRows: 8 }}
                  lang={lang}
                  placeholder={row.app[lang] || undefined}
                />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Form.Item name="reason" label={t('reason')} rules={[{ max: 500 }]}>
          <Input />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

/** The Reset action: drops the override of an app text, after a confirmation. */
function ResetButton({ row }: { row: AdminTranslation }) {
  const { t } = useTranslation('translations');
  const { message } = App.useApp();
  const reset = useAdminMutation<void, AdminTranslation>(
    `/content/translations/${row.platform}/${encodeURIComponent(row.key)}/reset`,
    {
      invalidates: ['/content/translations', '/audit'],
      toBody: () => ({}),
      onSuccess: () => void message.success(t('resetDone')),
    },
  );
  return (
    <Popconfirm
      title={t('resetTitle')}
      description={t('resetConfirm', { key: row.key })}
      onConfirm={() => reset.mutateAsync()}
      okText={t('shell:common.yes')}
      cancelText={t('shell:common.no')}
    >
      <Button type="link" loading={reset.isPending} aria-label={`${t('reset')} ${row.key}`}>
        {t('reset')}
      </Button>
    </Popconfirm>
  );
}

/**
 * The translation editor: every text of the traveller app (and the back office's own keys) with
 * zh, en and km side by side as the traveller sees them, edited ones marked with the app's own
 * text beneath, missing ones marked; searched and filtered on the server, a page at a time. An
 * edit opens a dialog with the three languages; Reset goes back to the app's text. Auditors read.
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
  const me = useMe().data as StaffMe | undefined;
  const canChange = me?.roles.some((r) => r === 'admin' || r === 'content_editor') ?? false;
  const [q, setQ] = useState('');
  const [missing, setMissing] = useState<Missing>('all');
  const [edited, setEdited] = useState<Edited>('all');
  const [page, setPage] = useState(1);
  const list = useAdminQuery<AdminTranslationList>(
    '/content/translations',
    {
      q: q.trim(),
      missing: missing === 'all' ? undefined : missing,
      edited: edited === 'all' ? undefined : edited === 'yes',
      page,
      pageSize: PAGE_SIZE,
    },
    // The rows stay while the next search or page loads.
    { placeholderData: (previous) => previous },
  );
  const [editing, setEditing] = useState<AdminTranslation | null>(null);
  const [adding, setAdding] = useState(false);

  const textColumn = (lang: Lang) => ({
    title: t(`columns.${lang}`),
    key: lang,
    onCell: (row: AdminTranslation) => (row.missing.includes(lang) ? MISSING_CELL : {}),
    render: (_: unknown, row: AdminTranslation) => {
      if (row.missing.includes(lang)) return <Tag style={MISSING_TAG}>{t('missing')}</Tag>;
      const overridden = row.appKey && row.overridden.includes(lang);
      return (
        <div style={WRAP}>
          <span lang={lang}>{textInEffect(row, lang)}</span>
          {overridden && (
            <>
              {' '}
              <Tag style={EDITED_TAG}>{t('edited')}</Tag>
              <div style={SECONDARY} lang={lang}>
                {row.app[lang] ? t('appText', { text: row.app[lang] }) : t('noAppText')}
              </div>
            </>
          )}
        </div>
      );
    },
  });

  const counts = list.data;
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
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
        />
        <Select<Missing>
          aria-label={t('filter.label')}
          prefix={`${t('filter.label')}:`}
          style={{ width: 220 }}
          value={missing}
          onChange={(value) => {
            setMissing(value);
            setPage(1);
          }}
          options={(['all', 'any', 'zh', 'en', 'km'] as const).map((m) => ({
            value: m,
            label: t(`filter.${m}`),
          }))}
        />
        <Select<Edited>
          aria-label={t('editedFilter.label')}
          prefix={`${t('editedFilter.label')}:`}
          style={{ width: 190 }}
          value={edited}
          onChange={(value) => {
            setEdited(value);
            setPage(1);
          }}
          options={(['all', 'yes', 'no'] as const).map((m) => ({
            value: m,
            label: t(`editedFilter.${m}`),
          }))}
        />
        {counts && (
          <Typography.Text type="secondary">
            {t('counts', { keys: counts.keys, edited: counts.editedTotal, missing: counts.missingTotal })}
          </Typography.Text>
        )}
      </Space>
      {list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Table<AdminTranslation>
          rowKey="key"
          size="small"
          tableLayout="fixed"
          loading={list.isFetching}
          dataSource={list.data?.list ?? []}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: list.data?.total ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            showTotal: (total) => t('total', { total }),
            onChange: setPage,
          }}
          columns={[
            {
              title: t('columns.key'),
              dataIndex: 'key',
              width: 210,
              render: (key: string, row: AdminTranslation) => (
                <div style={WRAP}>
                  <Typography.Text code>{key}</Typography.Text>
                  {!row.appKey && (
                    <div>
                      <Tag style={BACK_OFFICE_TAG}>{t('backOffice')}</Tag>
                    </div>
                  )}
                </div>
              ),
            },
            textColumn('zh'),
            textColumn('en'),
            textColumn('km'),
            ...(canChange
              ? [
                  {
                    title: t('shell:common.actions'),
                    key: 'actions',
                    width: 140,
                    render: (_: unknown, row: AdminTranslation) => (
                      <Space size={0} wrap>
                        <Button
                          type="link"
                          aria-label={`${t('edit')} ${row.key}`}
                          onClick={() => setEditing(row)}
                        >
                          {t('edit')}
                        </Button>
                        {row.appKey && row.hasRow && <ResetButton row={row} />}
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      {editing && <EditModal row={editing} onClose={() => setEditing(null)} />}
      {adding && <AddKeyModal onClose={() => setAdding(false)} />}
    </Space>
  );
}
