import { randomInt, timingSafeEqual } from 'node:crypto';
import type { ErrorName } from '@wings/contracts';
import { and, desc, eq, gt, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from './db';
import { AppError } from './errors';

/**
 * One-time codes sent to prove a destination (the app account's e-mail codes, the member
 * programme's e-mail and SMS codes): stored hashed, short-lived, a few wrong tries, used once.
 * The storage of such a table and the comparison of a typed code live here, once.
 */

/** A six-digit code, uniformly random. */
export function newSixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Compares two hex digests in constant time. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/** The newest usable code of a destination and purpose. */
export interface LiveCode {
  id: string;
  codeHash: string;
}

/** The columns every table of one-time codes has. */
export type CodeTable = PgTable & {
  id: AnyPgColumn<{ data: string }>;
  codeHash: AnyPgColumn<{ data: string }>;
  expiresAt: AnyPgColumn<{ data: Date }>;
  attempts: AnyPgColumn<{ data: number }>;
  consumedAt: AnyPgColumn<{ data: Date }>;
  createdAt: AnyPgColumn<{ data: Date }>;
};

/**
 * The storage of one table of codes, for the module's repository to use with its own executor.
 * `stampsUpdatedAt`: the table has an `updated_at` that reserving and consuming set.
 */
export class CodeStore<T extends CodeTable> {
  constructor(
    private readonly db: Executor,
    private readonly table: T,
    private readonly stampsUpdatedAt: boolean,
  ) {}

  /** The newest code that meets `where` (destination and purpose), if it is still usable. */
  async latestLive(where: SQL | undefined, now: Date, maxAttempts: number): Promise<LiveCode | null> {
    const t = this.table;
    const rows = await this.db
      .select({
        id: t.id,
        codeHash: t.codeHash,
        expiresAt: t.expiresAt,
        attempts: t.attempts,
        consumedAt: t.consumedAt,
      })
      .from(t as PgTable)
      .where(where)
      .orderBy(desc(t.createdAt))
      .limit(1);
    const row = rows[0] as
      | { id: string; codeHash: string; expiresAt: Date; attempts: number; consumedAt: Date | null }
      | undefined;
    if (!row || row.consumedAt || row.expiresAt <= now || row.attempts >= maxAttempts) return null;
    return { id: row.id, codeHash: row.codeHash };
  }

  /** Counts one try against a code before it is compared; false when the code has no tries left. */
  async reserveAttempt(id: string, now: Date, maxAttempts: number): Promise<boolean> {
    const t = this.table;
    const rows = await this.db
      .update(t)
      .set(this.stamped({ attempts: sql`${t.attempts} + 1` }, now))
      .where(and(eq(t.id, id), isNull(t.consumedAt), gt(t.expiresAt, now), lt(t.attempts, maxAttempts)))
      .returning({ id: t.id });
    return rows.length === 1;
  }

  /** Gives back the try of a correct code: only wrong tries count. */
  async releaseAttempt(id: string): Promise<void> {
    const t = this.table;
    await this.db
      .update(t)
      .set(this.stamped({ attempts: sql`greatest(${t.attempts} - 1, 0)` }, null))
      .where(eq(t.id, id));
  }

  /** Uses a code up; false when it was used (or expired) meanwhile. */
  async consume(id: string, now: Date): Promise<boolean> {
    const t = this.table;
    const rows = await this.db
      .update(t)
      .set(this.stamped({ consumedAt: now }, now))
      .where(and(eq(t.id, id), isNull(t.consumedAt), gt(t.expiresAt, now)))
      .returning({ id: t.id });
    return rows.length === 1;
  }

  /** The change, with `updatedAt` when the table keeps one and `now` is given. */
  private stamped(change: Record<string, unknown>, now: Date | null): PgUpdateSetSource<T> {
    // The keys are columns every CodeTable has; Drizzle cannot see that through the generic.
    return (this.stampsUpdatedAt && now ? { ...change, updatedAt: now } : change) as PgUpdateSetSource<T>;
  }
}

/** The storage steps of matching a code (a repository bound to the caller's executor). */
export interface CodeAttempts {
  reserveCodeAttempt(id: string, now: Date, maxAttempts: number): Promise<boolean>;
  releaseCodeAttempt(id: string): Promise<void>;
  consumeCode(id: string, now: Date): Promise<boolean>;
}

/**
 * Compares a typed code with the newest live one; returns its id, or throws `invalid` when it
 * is wrong, expired, used or out of tries. The try is counted before comparing (outside any
 * transaction, so a rollback cannot undo it), which keeps parallel guesses within the allowed
 * tries; a right try is given back. `digestOf` hashes the typed code with one accepted key: a
 * code sent just before a secret rotation still works. `consume` uses the code up at once.
 */
export async function matchOneTimeCode(
  store: CodeAttempts,
  live: LiveCode | null,
  check: {
    now: Date;
    maxAttempts: number;
    keys: readonly Buffer[];
    digestOf: (key: Buffer) => string;
    consume: boolean;
    invalid: ErrorName;
  },
): Promise<string> {
  const { now, maxAttempts, invalid } = check;
  if (!live || !(await store.reserveCodeAttempt(live.id, now, maxAttempts))) throw new AppError(invalid);
  if (!check.keys.some((key) => sameDigest(live.codeHash, check.digestOf(key)))) throw new AppError(invalid);
  await store.releaseCodeAttempt(live.id);
  if (check.consume && !(await store.consumeCode(live.id, now))) throw new AppError(invalid);
  return live.id;
}
