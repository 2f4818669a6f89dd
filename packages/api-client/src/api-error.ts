import type { FieldIssue } from '@wings/contracts';

/**
 * Every failed call ends in one ApiError: `code` is the envelope code (business failures),
 * or `http:<status>` for a transport failure without an envelope. `shown` says whether the
 * client already toasted it, so a page does not show the same message twice.
 */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly data: unknown = null,
    readonly httpStatus = 200,
    readonly shown = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The per-field problems of a 400 reply (`data.fields`), or an empty list. */
  get fields(): FieldIssue[] {
    const d = this.data as { fields?: unknown } | null;
    return d && Array.isArray(d.fields) ? (d.fields as FieldIssue[]) : [];
  }

  get isTransport(): boolean {
    return this.code.startsWith('http:');
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
