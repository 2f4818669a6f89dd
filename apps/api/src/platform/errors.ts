import { ErrorCodes, type ErrorName, type MessageParam } from '@wings/contracts';
import type { RuleIssue } from '@wings/rules';

/**
 * The one error type of the API (CODE_STYLE.md §7). A service throws it with a catalogue name;
 * each request layer's error handler (platform/layers) turns it into its envelope, in the caller's
 * language.
 */
export class AppError extends Error {
  readonly errorName: ErrorName;
  readonly code: string;
  readonly key: string;
  readonly httpStatus: number;
  readonly params: Record<string, MessageParam>;
  readonly fields: RuleIssue[];
  /** Extra facts the client needs to react, e.g. `{ captchaRequired: true }` on a failed login. */
  readonly data: Record<string, unknown> | undefined;

  constructor(
    name: ErrorName,
    options: {
      params?: Record<string, MessageParam>;
      fields?: RuleIssue[];
      data?: Record<string, unknown>;
      cause?: unknown;
    } = {},
  ) {
    super(`${name}: ${ErrorCodes[name].key}`, { cause: options.cause });
    const entry: { code: string; key: string; httpStatus?: number } = ErrorCodes[name];
    this.errorName = name;
    this.code = entry.code;
    this.key = entry.key;
    this.httpStatus = entry.httpStatus ?? 200;
    this.params = options.params ?? {};
    this.fields = options.fields ?? [];
    this.data = options.data;
  }
}

/** Shorthand for a request that broke shared rules: every issue is reported with its field. */
export function invalid(fields: RuleIssue[]): AppError {
  return new AppError('invalidRequest', { fields });
}
