import { Select, type SelectProps } from 'antd';

/**
 * One of a list page's filters that applies as soon as it is picked: its label is both its
 * accessible name and its placeholder, and it can be cleared.
 */
export function FilterSelect<V>({
  label,
  width = 160,
  ...props
}: { label: string; width?: number } & SelectProps<V>) {
  return <Select<V> aria-label={label} placeholder={label} allowClear style={{ width }} {...props} />;
}
