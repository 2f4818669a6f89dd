import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** One changed field of an audit row: its path and the values before and after. */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The fields that differ between `before` and `after`, nested objects flattened to `a.b`; arrays
 * and scalars compared as JSON. A creation (before null) or a removal (after null) lists every field.
 */
export function diffFields(before: unknown, after: unknown, prefix = ''): FieldChange[] {
  if (!isPlainObject(before) && !isPlainObject(after)) {
    return JSON.stringify(before) === JSON.stringify(after)
      ? []
      : [{ field: prefix || '(value)', before, after }];
  }
  const b = isPlainObject(before) ? before : {};
  const a = isPlainObject(after) ? after : {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].sort();
  return keys.flatMap((key) => {
    const path = prefix ? `${prefix}.${key}` : key;
    const bv = b[key];
    const av = a[key];
    if (isPlainObject(bv) || isPlainObject(av)) return diffFields(bv ?? null, av ?? null, path);
    return JSON.stringify(bv) === JSON.stringify(av) ? [] : [{ field: path, before: bv, after: av }];
  });
}

function show(value: unknown): string {
  if (value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** An audit row's before and after as a table of the fields that changed. */
export function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation('audit');
  const changes = diffFields(before, after);
  if (changes.length === 0) return <Typography.Text type="secondary">{t('noChange')}</Typography.Text>;
  return (
    <Table<FieldChange>
      size="small"
      rowKey="field"
      pagination={false}
      dataSource={changes}
      columns={[
        {
          title: t('field'),
          dataIndex: 'field',
          render: (field: string) => <Typography.Text code>{field}</Typography.Text>,
        },
        {
          title: t('before'),
          dataIndex: 'before',
          render: (value: unknown) => (
            <span style={{ color: '#a8071a', wordBreak: 'break-all' }}>{show(value)}</span>
          ),
        },
        {
          title: t('after'),
          dataIndex: 'after',
          render: (value: unknown) => (
            <span style={{ color: '#135200', wordBreak: 'break-all' }}>{show(value)}</span>
          ),
        },
      ]}
    />
  );
}
