import { Space, Typography } from 'antd';
import type { ReactNode } from 'react';

/**
 * A console page's heading (its one h1). A page with a main action (the "New …" button) passes
 * it, or `false` for a member whose roles may not use it; the heading keeps its place either way.
 */
export function PageHeader({ title, action }: { title: ReactNode; action?: ReactNode }) {
  const heading = (
    <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
      {title}
    </Typography.Title>
  );
  if (action === undefined) return heading;
  return (
    <Space style={{ width: '100%', justifyContent: 'space-between' }}>
      {heading}
      {action}
    </Space>
  );
}
