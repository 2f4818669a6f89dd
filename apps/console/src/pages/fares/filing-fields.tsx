import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** What a fare or tax filing's form holds besides its amount: its validity and the change's reason. */
export interface FilingValues {
  validFrom: string;
  validTo?: string;
  reason?: string;
}

/** The validity and reason as the API takes them: no last day is open-ended, a blank reason none. */
export function filingBody(v: FilingValues) {
  return {
    validFrom: v.validFrom,
    validTo: v.validTo || null,
    ...(v.reason?.trim() ? { reason: v.reason.trim() } : {}),
  };
}

/**
 * A filing's first and last day (YYYY-MM-DD; the last may stay empty) and the reason written to
 * the audit log, as the fare and tax dialogs ask them; `kind` picks the labels' texts.
 */
export function FilingFields({ kind }: { kind: 'fares' | 'taxes' }) {
  const { t } = useTranslation('fares');
  const dateRule = { pattern: DATE, message: 'YYYY-MM-DD' };
  return (
    <>
      <Form.Item
        name="validFrom"
        label={t(`${kind}.form.validFrom`)}
        rules={[{ required: true, message: t('shell:common.required') }, dateRule]}
      >
        <Input type="date" />
      </Form.Item>
      <Form.Item
        name="validTo"
        label={t(`${kind}.form.validTo`)}
        extra={t('fares.form.validToHelp')}
        rules={[dateRule]}
      >
        <Input type="date" />
      </Form.Item>
      <Form.Item name="reason" label={t('reason')} extra={t('reasonHelp')} rules={[{ max: 500 }]}>
        <Input.TextArea rows={2} />
      </Form.Item>
    </>
  );
}
