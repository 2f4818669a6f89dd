/**
 * The unique constraint a database error broke ('' when PostgreSQL named none), or null when
 * `err` is no unique violation (23505). Drizzle wraps the driver's error, so its causes are
 * looked through too.
 */
export function uniqueViolation(err: unknown): string | null {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const pgErr = e as { code?: string; constraint?: string; cause?: unknown };
    if (pgErr.code === '23505') return pgErr.constraint ?? '';
    e = pgErr.cause;
  }
  return null;
}
