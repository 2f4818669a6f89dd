import pg from 'pg';

/** What `countRoundTrips` saw: each statement sent to PostgreSQL while `fn` ran, in order. */
export interface RoundTrips<T> {
  result: T;
  /** The text of each statement (BEGIN and COMMIT included: each is a round trip of its own). */
  statements: string[];
}

/**
 * Runs `fn` and records every statement any pg client of this process sends meanwhile: the
 * database round trips a request costs (issue 12 counts them per order and per notification).
 * Run it with nothing else querying (no jobs started, one request at a time), or the count
 * includes their statements too.
 */
export async function countRoundTrips<T>(fn: () => Promise<T>): Promise<RoundTrips<T>> {
  const statements: string[] = [];
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0];
    statements.push(
      typeof first === 'string' ? first : String((first as { text?: unknown } | null)?.text ?? ''),
    );
    return original.apply(this, args);
  };
  try {
    const result = await fn();
    return { result, statements };
  } finally {
    proto.query = original;
  }
}
