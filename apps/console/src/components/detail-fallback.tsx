import { Card, Space } from 'antd';
import type { ReactNode } from 'react';
import { QueryError } from './query-error';

/**
 * What a detail page (one order, refund, change, member) shows before it has its record: the back
 * link above the read's error with Retry when the read failed, a loading card while it runs.
 * The page returns it when `query.error || !query.data`.
 */
export function DetailFallback({
  back,
  query,
}: {
  back: ReactNode;
  query: { error: unknown; refetch: () => unknown };
}) {
  if (!query.error) return <Card loading />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {back}
      <QueryError error={query.error} onRetry={() => query.refetch()} />
    </Space>
  );
}
