import {
  type QueryKey,
  type UseMutationOptions,
  type UseQueryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { ApiError, clientHooks, exchange, staffAdapter } from '@wings/api-client';

/**
 * The console's calls to the staff API (`/api/admin/...`), over the shared request core
 * (`@wings/api-client`): JSON, the `language` header, the 60 s timeout and the envelope. Every call
 * carries `x-wings-console: 1` (the staff layer refuses a state-changing call without it, so a
 * form on another site cannot post with the member's cookie); the session itself is the HttpOnly
 * cookie the browser sends. A 600 reply (not signed in, or the session ended) calls the shell's
 * login-expired hook, which goes back to sign-in keeping the page; a 403 becomes the "your role
 * does not allow this" message.
 */

/** The header every console call carries (docs/api.md, "Staff console"). */
export const CONSOLE_HEADER = { 'x-wings-console': '1' } as const;

/** The code of a reply refused for the member's roles. */
export const FORBIDDEN_CODE = '403';

/** Query parameters of a GET: empty values are left out. */
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface AdminRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: QueryParams;
  signal?: AbortSignal;
}

/** `?a=1&b=x` of the non-empty parameters, or ''. */
export function queryString(query: QueryParams | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** True when a failure is the member's role being refused (HTTP 403 or code 403). */
export function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && (error.code === FORBIDDEN_CODE || error.httpStatus === 403);
}

/**
 * Calls `/api/admin<path>` and answers the reply's `data`; throws an ApiError otherwise. `path`
 * starts with a slash: `adminRequest('/staff')`, `adminRequest('/staff/1', { method: 'PUT', body })`.
 */
export async function adminRequest<T>(path: string, options: AdminRequestOptions = {}): Promise<T> {
  const result = await exchange(
    `/admin${path}${queryString(options.query)}`,
    {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      body: options.body,
      signal: options.signal,
      headers: { ...CONSOLE_HEADER },
    },
    staffAdapter,
  ).catch((error: unknown) => {
    if (isForbidden(error)) throw forbidden(error as ApiError);
    throw error;
  });
  if (result.kind === 'ok') return result.data as T;
  if (result.kind === 'login-expired') {
    clientHooks.onLoginExpired();
    throw new ApiError(result.code, clientHooks.translate('shell:errors.signedOut'));
  }
  if (result.kind === 'failure') {
    const error = new ApiError(
      result.code,
      result.message ?? clientHooks.translate('shell:errors.failed'),
      result.data,
    );
    throw isForbidden(error) ? forbidden(error) : error;
  }
  // The staff layer never asks for an access token; a reply that does is not the staff API's.
  throw new ApiError(result.code, clientHooks.translate('shell:errors.failed'));
}

function forbidden(error: ApiError): ApiError {
  return new ApiError(FORBIDDEN_CODE, clientHooks.translate('shell:errors.forbidden'), error.data, 403);
}

/** GET `/api/admin<path>` as a TanStack query; the key is `['admin', path, query]`. */
export function adminQueryOptions<T>(path: string, query?: QueryParams) {
  return {
    queryKey: ['admin', path, query ?? {}] as QueryKey,
    queryFn: ({ signal }: { signal: AbortSignal }) => adminRequest<T>(path, { query, signal }),
  };
}

/**
 * Reads `/api/admin<path>`: `useAdminQuery<AuditPage>('/audit', { page: 2 })`. Failures come back in
 * `error` (an ApiError; `isForbidden(error)` for a refused role): show them with `<QueryError />`.
 */
export function useAdminQuery<T>(
  path: string,
  query?: QueryParams,
  options: Omit<UseQueryOptions<T, ApiError>, 'queryKey' | 'queryFn'> = {},
) {
  return useQuery<T, ApiError>({ ...adminQueryOptions<T>(path, query), ...options });
}

export interface AdminMutationOptions<TVars, T>
  extends Omit<UseMutationOptions<T, ApiError, TVars>, 'mutationFn'> {
  method?: 'POST' | 'PUT' | 'DELETE';
  /** Paths whose queries are refetched after success (every query under them, e.g. '/staff'). */
  invalidates?: string[];
}

/**
 * Changes something through `/api/admin<path>`: `path` is a string or made from the variables,
 * `body` the variables unless `toBody` says otherwise. A failure is shown by the shell as a
 * message (the server's, in the member's language) unless the caller handles `onError` itself.
 *
 * ```ts
 * const save = useAdminMutation<StaffUpdateRequest & { id: string }, StaffAccount>(
 *   ({ id }) => `/staff/${id}`, { method: 'PUT', invalidates: ['/staff'] });
 * ```
 */
export function useAdminMutation<TVars, T = unknown>(
  path: string | ((vars: TVars) => string),
  {
    method = 'POST',
    invalidates = [],
    ...options
  }: AdminMutationOptions<TVars, T> & {
    toBody?: (vars: TVars) => unknown;
  } = {},
) {
  const client = useQueryClient();
  const { toBody, onSuccess, ...rest } = options;
  return useMutation<T, ApiError, TVars>({
    mutationFn: (vars) =>
      adminRequest<T>(typeof path === 'function' ? path(vars) : path, {
        method,
        body: toBody ? toBody(vars) : (vars ?? {}),
      }),
    onSuccess: async (data, vars, result, context) => {
      await Promise.all(
        invalidates.map((prefix) =>
          client.invalidateQueries({
            predicate: (query) =>
              query.queryKey[0] === 'admin' &&
              typeof query.queryKey[1] === 'string' &&
              query.queryKey[1].startsWith(prefix),
          }),
        ),
      );
      await onSuccess?.(data, vars, result, context);
    },
    ...rest,
  });
}
