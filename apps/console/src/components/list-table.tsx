import type { UseQueryResult } from '@tanstack/react-query';
import { Table, type TableProps } from 'antd';
import { QueryError } from './query-error';

/** A list call's reply: its rows, and with server paging the number of rows in all. */
interface ListReply<T> {
  list: T[];
  total?: number;
}

export interface ListTableProps<T> extends Omit<TableProps<T>, 'dataSource' | 'loading' | 'pagination'> {
  /** The list's query (`useAdminQuery`): its failure shows instead of the table, with a retry. */
  query: UseQueryResult<ListReply<T>, unknown>;
  /** Rows a page. */
  pageSize?: number;
  /**
   * Paged on the server: the page asked for and what turns it (the query's `page` parameter);
   * without it the whole list came back and is paged here.
   */
  serverPage?: { current: number; onChange: (page: number) => void };
}

/**
 * A console list: the query's rows in a small table, its loading state, one page at a time
 * (no page bar for a single page), or the query's failure with a retry. Every list page uses it,
 * so they read and behave alike.
 */
export function ListTable<T extends object>({
  query,
  pageSize = 50,
  serverPage,
  ...table
}: ListTableProps<T>) {
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <Table<T>
      size="small"
      loading={query.isPending}
      dataSource={query.data?.list ?? []}
      pagination={{
        pageSize,
        hideOnSinglePage: true,
        showSizeChanger: false,
        ...(serverPage
          ? { current: serverPage.current, onChange: serverPage.onChange, total: query.data?.total ?? 0 }
          : {}),
      }}
      {...table}
    />
  );
}
