import { Button, Form, type FormInstance, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A list page's filters as last searched, the page shown, and the form they are typed in. */
export interface ListFilters<F> {
  form: FormInstance<F>;
  filters: F;
  page: number;
  setPage: (page: number) => void;
  /** Search: the form's values become the filters, from the first page. */
  search: (values: F) => void;
  /** Reset: the form and the filters back to `initial()`, from the first page. */
  reset: () => void;
}

/** The state behind a `FilterForm`: `initial` makes the filters a page opens with (and resets to). */
export function useListFilters<F extends object>(initial: () => F): ListFilters<F> {
  const [form] = Form.useForm<F>();
  const [filters, setFilters] = useState<F>(initial);
  const [page, setPage] = useState(1);
  return {
    form,
    filters,
    page,
    setPage,
    search: (values) => {
      setFilters(values);
      setPage(1);
    },
    reset: () => {
      const fresh = initial();
      form.resetFields();
      form.setFieldsValue(fresh);
      setFilters(fresh);
      setPage(1);
    },
  };
}

/** A list page's filters on one line (wrapping), then Search and Reset. */
export function FilterForm<F extends object>({
  list,
  initialValues,
  children,
}: {
  list: ListFilters<F>;
  initialValues?: F;
  children: ReactNode;
}) {
  const { t } = useTranslation('shell');
  return (
    <Form<F>
      form={list.form}
      layout="inline"
      initialValues={initialValues}
      onFinish={list.search}
      style={{ rowGap: 12 }}
    >
      {children}
      <Space>
        <Button type="primary" htmlType="submit">
          {t('common.search')}
        </Button>
        <Button onClick={list.reset}>{t('common.reset')}</Button>
      </Space>
    </Form>
  );
}
