import type {
  AdminLedgerRow,
  FreezeInfo,
  MileageBill,
  MileageEntryKind,
  MileageSummary,
  MileageTransaction,
  MileageTransactionPage,
  MileageTransactionQuery,
} from '@wings/contracts';
import {
  addMonthsToMonth,
  billCycles,
  cycleDates,
  EXPIRY_NOTICE_DAYS,
  instantPlusMonths,
  isBillAvailable,
  localDate,
  type MemberTier,
  milesExpireAt,
  milesLastDay,
  monthStart,
  nextExpiry,
  qualifiedTier,
  reviewedTier,
  tierProgress,
  toLocalIso,
  unspentExpiringBy,
} from '@wings/rules';
import type { Executor, Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { expiryNoticeMail } from './expiry-mail';
import { type LedgerRow, ledgerRepo } from './ledger.repository';
import type { CreditEntry, DebitEntry, WrittenEntry } from './ledger-types';
import type { MileageContext } from './mileage-context';

const DAY_MS = 86_400_000;
const MAIL_LANG = ['zh', 'en', 'km'] as const;
/** Credits that are lots: they expire 36 months on (a reversal gives back spent miles and does not). */
const LOT_KINDS: ReadonlySet<MileageEntryKind> = new Set(['flight', 'claim', 'adjustment']);

/**
 * The member's ledger of miles (issue 18; after-sales §1, §3): every credit, debit, expiry and
 * reversal is an append-only row keyed by the fact it stands for, and the account's balance moves
 * with it in the same transaction, never below 0. It reviews tiers, answers the member's
 * summary, transactions and bills, and runs the daily expiry, notices and tier review.
 */
export class LedgerService {
  private readonly now: () => Date;
  private readonly hubZone: string;

  constructor(private readonly ctx: MileageContext) {
    this.now = ctx.platform.now;
    this.hubZone = ctx.network.hubZone;
  }

  private inTx<T>(tx: Tx | undefined, run: (tx: Tx) => Promise<T>): Promise<T> {
    return tx ? run(tx) : this.ctx.platform.db.transaction(run);
  }

  /**
   * Adds miles, once per source key (a second call answers the row already there, `inserted:
   * false`). A flight, claim or adjustment is a lot expiring 36 months after its hub-local month.
   * A credit with elite figures raises the tier at once when the rolling 12 months qualify.
   */
  async credit(entry: CreditEntry, tx?: Tx): Promise<WrittenEntry> {
    if (!Number.isInteger(entry.miles) || entry.miles < 0)
      throw new Error('a credit is a whole, positive number of miles');
    const now = this.now();
    // The member's tier is read before the transaction and set after it: loyalty's reads and
    // writes use connections of their own, never one more while this one is held.
    const elite = (entry.eliteMiles ?? 0) > 0 || (entry.eliteSegments ?? 0) > 0;
    const member = elite ? await this.ctx.members.mileageMember(entry.memberId) : null;
    let raisedTo: MemberTier | null = null;
    const written = await this.inTx(tx, async (t) => {
      await ledgerRepo.ensureAccount(t, entry.memberId);
      const w = await ledgerRepo.insertOnce(t, {
        memberId: entry.memberId,
        tradingType: 0,
        status: 0,
        kind: entry.kind,
        miles: entry.miles,
        bonusMiles: entry.bonusMiles ?? 0,
        eliteMiles: entry.eliteMiles ?? 0,
        eliteSegments: entry.eliteSegments ?? 0,
        sourceKey: entry.sourceKey,
        couponId: entry.couponId ?? null,
        ticketNo: entry.ticketNo ?? null,
        flightNo: entry.flightNo ?? null,
        depCode: entry.depCode ?? null,
        arrCode: entry.arrCode ?? null,
        flightDate: entry.flightDate ?? null,
        bookingClass: entry.bookingClass ?? null,
        occurredAt: entry.occurredAt,
        expiresAt: LOT_KINDS.has(entry.kind)
          ? milesExpireAt(localDate(entry.occurredAt, this.hubZone), this.hubZone)
          : null,
        actor: entry.actor,
        reason: entry.reason ?? null,
      });
      if (w.inserted) await ledgerRepo.addToBalance(t, entry.memberId, entry.miles, now);
      if (w.inserted && member) raisedTo = await this.tierToRaise(t, member.id, member.level, now);
      return w;
    });
    if (raisedTo !== null) await this.ctx.members.setLevel(entry.memberId, raisedTo);
    return written;
  }

  /**
   * The tier the rolling 12 months qualify for when it is above `level` (its reach is written on
   * the account in the caller's transaction), else null: a credit never lowers a tier.
   */
  private async tierToRaise(
    db: Executor,
    memberId: string,
    level: MemberTier,
    now: Date,
  ): Promise<MemberTier | null> {
    const elite = await ledgerRepo.eliteSince(db, memberId, instantPlusMonths(now, -12));
    const qualified = qualifiedTier(elite.miles, elite.segments);
    if (qualified <= level) return null;
    await ledgerRepo.setLevelReachedAt(db, memberId, now);
    return qualified;
  }

  /**
   * Takes miles: 860 while the miles are frozen (unless `evenIfFrozen`), 861 unless the balance
   * pays for them (a conditional update, so concurrent debits never overspend).
   */
  async debit(entry: DebitEntry, tx?: Tx): Promise<WrittenEntry> {
    if (!Number.isInteger(entry.miles) || entry.miles <= 0)
      throw new Error('a debit is a whole, positive number of miles');
    const now = this.now();
    return this.inTx(tx, async (t) => {
      if (!entry.evenIfFrozen && (await ledgerRepo.openFreeze(t, entry.memberId)))
        throw new AppError('mileageFrozen');
      await ledgerRepo.ensureAccount(t, entry.memberId);
      const w = await ledgerRepo.insertOnce(t, {
        memberId: entry.memberId,
        tradingType: 1,
        status: entry.status ?? 0,
        kind: entry.kind,
        miles: -entry.miles,
        sourceKey: entry.sourceKey,
        occurredAt: entry.occurredAt,
        actor: entry.actor,
        reason: entry.reason ?? null,
      });
      if (!w.inserted) return w;
      if (!(await ledgerRepo.takeFromBalance(t, entry.memberId, entry.miles, now)))
        throw new AppError('mileageInsufficient');
      return w;
    });
  }

  /**
   * Ends a processing (2) debit: success 0, or failure 1 with a reversal row giving the miles
   * back (`reverse:<id>`). A row not processing is left as it is.
   */
  async settle(entryId: number, outcome: 'success' | 'failure', tx?: Tx): Promise<void> {
    const now = this.now();
    await this.inTx(tx, async (t) => {
      const row = await ledgerRepo.rowById(t, entryId);
      if (row?.status !== 2) return;
      if (!(await ledgerRepo.settleStatus(t, entryId, outcome === 'success' ? 0 : 1))) return;
      if (outcome === 'success' || row.miles >= 0) return;
      const w = await ledgerRepo.insertOnce(t, {
        memberId: row.memberId,
        tradingType: 0,
        status: 0,
        kind: 'reversal',
        miles: -row.miles,
        sourceKey: `reverse:${row.id}`,
        occurredAt: now,
        actor: 'system',
      });
      if (w.inserted) await ledgerRepo.addToBalance(t, row.memberId, -row.miles, now);
    });
  }

  // Freezes (staff)

  async freezeOf(memberId: string): Promise<{ reason: string; frozenAt: Date; frozenBy: string } | null> {
    const f = await ledgerRepo.openFreeze(this.ctx.platform.db, memberId);
    return f ? { reason: f.reason, frozenAt: f.frozenAt, frozenBy: f.frozenBy } : null;
  }

  /** Freezes the member's miles (debits refused until unfrozen); 4140-range code when already frozen. */
  async freeze(memberId: string, reason: string, staffId: string, tx?: Tx): Promise<void> {
    const ok = await ledgerRepo.insertFreeze(tx ?? this.ctx.platform.db, {
      memberId,
      reason,
      frozenBy: staffId,
      frozenAt: this.now(),
    });
    if (!ok) throw new AppError('adminMileageFreezeState');
  }

  async unfreeze(memberId: string, reason: string, staffId: string, tx?: Tx): Promise<void> {
    const ok = await ledgerRepo.closeFreeze(tx ?? this.ctx.platform.db, memberId, {
      reason,
      staffId,
      at: this.now(),
    });
    if (!ok) throw new AppError('adminMileageFreezeState');
  }

  // Reads

  /** The member's figures: balance, next expiry, rolling 12 months, tier and what the next needs, frozen. */
  async summary(memberId: string): Promise<MileageSummary> {
    const db = this.ctx.platform.db;
    const now = this.now();
    const [account, lots, spent, elite, member, freeze] = await Promise.all([
      ledgerRepo.account(db, memberId),
      ledgerRepo.lots(db, memberId),
      ledgerRepo.spent(db, memberId),
      ledgerRepo.eliteSince(db, memberId, instantPlusMonths(now, -12)),
      this.ctx.members.mileageMember(memberId),
      ledgerRepo.openFreeze(db, memberId),
    ]);
    const next = nextExpiry(lots, spent, now);
    const level = (member?.level ?? 0) as MemberTier;
    return {
      balance: account?.balance ?? 0,
      expiring: next?.miles ?? 0,
      expiringAt: next ? toLocalIso(next.at, this.hubZone) : null,
      eliteMileage: elite.miles,
      eliteSegments: elite.segments,
      level,
      next: tierProgress(level, elite.miles, elite.segments),
      frozen: freeze !== null,
    };
  }

  /** The member's rows, newest first, optionally of one trading type. */
  async transactions(memberId: string, query: MileageTransactionQuery): Promise<MileageTransactionPage> {
    const { rows, total } = await ledgerRepo.page(this.ctx.platform.db, memberId, {
      tradingType: query.tradingType,
      offset: (query.page - 1) * query.pageSize,
      limit: query.pageSize,
    });
    return {
      list: rows.map((r) => this.transactionOf(r)),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  /** The member's rows as staff read them (the console's ledger), newest first. */
  async ledgerPage(
    memberId: string,
    page: number,
    pageSize: number,
  ): Promise<{ list: AdminLedgerRow[]; total: number; page: number; pageSize: number }> {
    const { rows, total } = await ledgerRepo.page(this.ctx.platform.db, memberId, {
      offset: (page - 1) * pageSize,
      limit: pageSize,
    });
    return {
      list: rows.map((r) => ({
        ...this.transactionOf(r),
        actor: r.actor,
        reason: r.reason,
        createdAt: toLocalIso(r.createdAt, this.hubZone),
      })),
      total,
      page,
      pageSize,
    };
  }

  private transactionOf(r: LedgerRow): MileageTransaction {
    return {
      id: String(r.id),
      tradingType: r.tradingType as MileageTransaction['tradingType'],
      status: r.status as MileageTransaction['status'],
      kind: r.kind as MileageEntryKind,
      miles: r.miles,
      bonusMiles: r.bonusMiles,
      eliteMiles: r.eliteMiles,
      eliteSegments: r.eliteSegments,
      flight:
        r.flightNo && r.depCode && r.arrCode
          ? { flightNo: r.flightNo, depCode: r.depCode, arrCode: r.arrCode, date: r.flightDate ?? '' }
          : null,
      ticketNo: r.ticketNo,
      bookingClass: r.bookingClass,
      note: r.kind === 'adjustment' ? r.reason : null,
      occurredAt: toLocalIso(r.occurredAt, this.hubZone),
      expiresAt: r.expiresAt ? toLocalIso(r.expiresAt, this.hubZone) : null,
    };
  }

  private today(): string {
    return localDate(this.now(), this.hubZone);
  }

  /** The bill cycles the member may read today (hub date), newest first. */
  async billCycles(_memberId: string): Promise<string[]> {
    return billCycles(this.today());
  }

  /** One month's statement; 873 unless the cycle can be read today. */
  async bill(memberId: string, cycle: string): Promise<MileageBill> {
    if (!isBillAvailable(cycle, this.today())) throw new AppError('mileageBillNotAvailable');
    const db = this.ctx.platform.db;
    const from = monthStart(cycle, this.hubZone);
    const to = monthStart(addMonthsToMonth(cycle, 1), this.hubZone);
    const [opening, rows] = await Promise.all([
      ledgerRepo.sumBefore(db, memberId, from),
      ledgerRepo.rowsBetween(db, memberId, from, to),
    ]);
    let earned = 0;
    let spent = 0;
    let expired = 0;
    let eliteMiles = 0;
    let eliteSegments = 0;
    for (const r of rows) {
      if (r.kind === 'expiry') expired -= r.miles;
      else if (r.miles >= 0) earned += r.miles;
      else spent -= r.miles;
      eliteMiles += r.eliteMiles;
      eliteSegments += r.eliteSegments;
    }
    const dates = cycleDates(cycle);
    return {
      cycle,
      from: dates.from,
      to: dates.to,
      openingBalance: opening,
      earned,
      spent,
      expired,
      closingBalance: opening + earned - spent - expired,
      eliteMiles,
      eliteSegments,
      transactions: rows.map((r) => this.transactionOf(r)),
    };
  }

  /** Why and since when the miles are frozen; 865 when they are not. */
  async freezeInfo(memberId: string): Promise<FreezeInfo> {
    const f = await ledgerRepo.openFreeze(this.ctx.platform.db, memberId);
    if (!f) throw new AppError('mileageNoFreezeDetails');
    return { reason: f.reason, frozenAt: toLocalIso(f.frozenAt, this.hubZone) };
  }

  // Jobs

  /**
   * Expires the unspent miles of every lot date passed: one `expiry` row per member and lot
   * instant (keyed, so a rerun writes nothing), never more than the balance. The count of rows written.
   */
  async expireDue(): Promise<number> {
    const db = this.ctx.platform.db;
    const now = this.now();
    let written = 0;
    for (const memberId of await ledgerRepo.membersWithExpiredLots(db, now)) {
      written += await db.transaction(async (t) => {
        await ledgerRepo.ensureAccount(t, memberId);
        const account = await ledgerRepo.account(t, memberId);
        let balance = account?.balance ?? 0;
        const lots = await ledgerRepo.lots(t, memberId);
        const instants = [
          ...new Set(lots.filter((l) => l.expiresAt <= now).map((l) => l.expiresAt.getTime())),
        ].sort((a, b) => a - b);
        let n = 0;
        for (const at of instants) {
          const spent = await ledgerRepo.spent(t, memberId);
          const miles = Math.min(unspentExpiringBy(lots, spent, new Date(at)), balance);
          if (miles <= 0) continue;
          const w = await ledgerRepo.insertOnce(t, {
            memberId,
            tradingType: 2,
            status: 0,
            kind: 'expiry',
            miles: -miles,
            sourceKey: `expiry:${memberId}:${new Date(at).toISOString()}`,
            occurredAt: new Date(at),
            actor: 'system',
          });
          if (!w.inserted) continue;
          if (!(await ledgerRepo.takeFromBalance(t, memberId, miles, now)))
            throw new AppError('mileageInsufficient');
          balance -= miles;
          n++;
        }
        return n;
      });
    }
    return written;
  }

  /**
   * Tells each member whose next miles expire within 30 days, once per expiry date, by e-mail in
   * their contact language. The count of e-mails sent.
   */
  async notifyExpiring(): Promise<number> {
    const db = this.ctx.platform.db;
    const now = this.now();
    const until = new Date(now.getTime() + EXPIRY_NOTICE_DAYS * DAY_MS);
    let sent = 0;
    for (const memberId of await ledgerRepo.membersWithLotsExpiringBy(db, now, until)) {
      const [lots, spent] = await Promise.all([
        ledgerRepo.lots(db, memberId),
        ledgerRepo.spent(db, memberId),
      ]);
      const next = nextExpiry(lots, spent, now);
      if (!next || next.at > until) continue;
      if (await ledgerRepo.noticeSent(db, memberId, next.at)) continue;
      const [member, email] = await Promise.all([
        this.ctx.members.mileageMember(memberId),
        this.ctx.members.mainEmail(memberId),
      ]);
      if (!member || !email) continue;
      await this.ctx.platform.mailer.send(
        expiryNoticeMail({
          to: email,
          lang: MAIL_LANG[member.contactLanguage] ?? 'en',
          miles: next.miles,
          lastDay: milesLastDay(next.at, this.hubZone),
        }),
      );
      if (await ledgerRepo.insertNotice(db, memberId, next.at, next.miles, now)) sent++;
    }
    return sent;
  }

  /**
   * The daily tier review: every account's tier from its rolling 12 months, kept 12 months from
   * when it was reached. The count of members whose tier moved.
   */
  async reviewTiers(): Promise<number> {
    const db = this.ctx.platform.db;
    const now = this.now();
    let changed = 0;
    for (const account of await ledgerRepo.allAccounts(db)) {
      const member = await this.ctx.members.mileageMember(account.memberId);
      if (!member) continue;
      const elite = await ledgerRepo.eliteSince(db, account.memberId, instantPlusMonths(now, -12));
      const level = reviewedTier({
        current: member.level as MemberTier,
        reachedAt: account.levelReachedAt,
        now,
        eliteMiles: elite.miles,
        eliteSegments: elite.segments,
      });
      if (level === member.level) continue;
      await ledgerRepo.setLevelReachedAt(db, account.memberId, level === 0 ? null : now);
      await this.ctx.members.setLevel(account.memberId, level);
      changed++;
    }
    return changed;
  }
}
