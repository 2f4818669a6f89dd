import { randomUUID } from 'node:crypto';
import type {
  AdminAwardChart,
  AdminAwardChartUpdate,
  AdminEarnRate,
  AdminEarnRateUpdate,
  AdminLedgerQuery,
  AdminMileageAccount,
  AdminMileageAdjust,
  ZAdminEarnRates,
} from '@wings/contracts';
import { AWARD_ZONES, toLocalIso } from '@wings/rules';
import type { z } from 'zod';
import { AppError } from '../../platform/errors';
import type { StaffChange } from '../../platform/layers';
import type { MileageMember } from '../loyalty';
import { earnRates, setEarnRate } from '../pricing';
import { awardChartRows, saveAwardChart } from './award-chart';
import type { LedgerService } from './ledger.service';
import type { MileageContext } from './mileage-context';

/** The award chart's cabins (contracts ZCalculatorCabin): every zone is filed for each. */
const CHART_CABINS = ['Y', 'C'] as const;

/**
 * The console's side of the mileage programme (issue 18): a member's account and ledger, manual
 * adjustments, freeze / unfreeze, the earn-rate table and the award chart. Every change writes its
 * audit-log row in the change's own transaction (the claim queue is `ClaimsService`'s).
 */
export class MileageAdmin {
  constructor(
    private readonly ctx: MileageContext,
    private readonly ledger: LedgerService,
  ) {}

  private iso(d: Date): string {
    return toLocalIso(d, this.ctx.network.hubZone);
  }

  /** An approved member, or 4130 (unknown) / 4145 (not approved: no miles account yet). */
  private async approvedMember(memberId: string): Promise<MileageMember> {
    const member = await this.ctx.members.mileageMember(memberId);
    if (!member) throw new AppError('adminMemberNotFound');
    if (member.status !== 'approved') throw new AppError('adminMemberNotApproved');
    return member;
  }

  /** GET members/:memberId/mileage: the account, its freeze and a page of its ledger, newest first. */
  async account(memberId: string, query: AdminLedgerQuery): Promise<AdminMileageAccount> {
    const member = await this.approvedMember(memberId);
    const [summary, freeze, ledger] = await Promise.all([
      this.ledger.summary(memberId),
      this.ledger.freezeOf(memberId),
      this.ledger.ledgerPage(memberId, query.page, query.pageSize),
    ]);
    // Staff by their e-mail rather than their id, as the audit log names them.
    const staffIds = new Set<string>();
    for (const row of ledger.list) if (row.actor.startsWith('staff:')) staffIds.add(row.actor.slice(6));
    if (freeze) staffIds.add(freeze.frozenBy);
    const names = await this.staffEmails([...staffIds]);
    const staffName = (id: string) => names.get(id) ?? 'staff';
    ledger.list = ledger.list.map((row) =>
      row.actor.startsWith('staff:') ? { ...row, actor: staffName(row.actor.slice(6)) } : row,
    );
    return {
      memberId,
      cardNo: member.cardNo,
      name: [member.surname, member.givenName, member.middleName].filter(Boolean).join(' '),
      level: member.level,
      balance: summary.balance,
      expiring: summary.expiring,
      expiringAt: summary.expiringAt,
      eliteMileage: summary.eliteMileage,
      eliteSegments: summary.eliteSegments,
      next: summary.next,
      freeze: freeze
        ? { reason: freeze.reason, frozenAt: this.iso(freeze.frozenAt), frozenBy: staffName(freeze.frozenBy) }
        : null,
      ledger,
    };
  }

  /** The e-mail of each staff member, read from their latest audit row (every staff change writes one). */
  private async staffEmails(ids: readonly string[]): Promise<Map<string, string>> {
    const found = await Promise.all(
      ids.map(async (id) => {
        const { list } = await this.ctx.platform.audit.page({ staffId: id, page: 1, pageSize: 1 });
        return [id, list[0]?.staffEmail ?? null] as const;
      }),
    );
    return new Map(found.filter((f): f is readonly [string, string] => f[1] !== null));
  }

  /**
   * POST members/:memberId/mileage/adjust: a credit (positive) or a debit (negative) by staff with
   * its reason, which the member reads on the row. A debit may take frozen miles (a correction) but
   * never below 0 (861). The ledger row and the audit row are one transaction.
   */
  async adjust(memberId: string, input: AdminMileageAdjust, who: StaffChange): Promise<AdminMileageAccount> {
    await this.approvedMember(memberId);
    const now = this.ctx.platform.now();
    const actor = `staff:${who.actor.id}`;
    const sourceKey = `adjust:${randomUUID()}`;
    await this.ctx.platform.db.transaction(async (tx) => {
      const written =
        input.miles > 0
          ? await this.ledger.credit(
              {
                memberId,
                kind: 'adjustment',
                miles: input.miles,
                sourceKey,
                occurredAt: now,
                actor,
                reason: input.reason,
              },
              tx,
            )
          : await this.ledger.debit(
              {
                memberId,
                kind: 'adjustment',
                miles: -input.miles,
                sourceKey,
                occurredAt: now,
                actor,
                reason: input.reason,
                evenIfFrozen: true,
              },
              tx,
            );
      await this.ctx.platform.audit.record(
        {
          actor: who.actor,
          action: input.miles > 0 ? 'mileage.credit' : 'mileage.debit',
          targetType: 'member',
          targetId: memberId,
          after: { miles: input.miles, ledgerId: written.id, sourceKey },
          reason: input.reason,
          ip: who.ip,
        },
        tx,
      );
    });
    return this.account(memberId, { page: 1, pageSize: 20 });
  }

  /** POST members/:memberId/mileage/freeze: the member can no longer spend miles. 4142 when already frozen. */
  async freeze(memberId: string, reason: string, who: StaffChange): Promise<AdminMileageAccount> {
    await this.approvedMember(memberId);
    await this.ctx.platform.db.transaction(async (tx) => {
      await this.ledger.freeze(memberId, reason, who.actor.id, tx);
      await this.ctx.platform.audit.record(
        {
          actor: who.actor,
          action: 'mileage.freeze',
          targetType: 'member',
          targetId: memberId,
          before: { frozen: false },
          after: { frozen: true },
          reason,
          ip: who.ip,
        },
        tx,
      );
    });
    return this.account(memberId, { page: 1, pageSize: 20 });
  }

  /** POST members/:memberId/mileage/unfreeze. 4142 when not frozen. */
  async unfreeze(memberId: string, reason: string, who: StaffChange): Promise<AdminMileageAccount> {
    await this.approvedMember(memberId);
    await this.ctx.platform.db.transaction(async (tx) => {
      await this.ledger.unfreeze(memberId, reason, who.actor.id, tx);
      await this.ctx.platform.audit.record(
        {
          actor: who.actor,
          action: 'mileage.unfreeze',
          targetType: 'member',
          targetId: memberId,
          before: { frozen: true },
          after: { frozen: false },
          reason,
          ip: who.ip,
        },
        tx,
      );
    });
    return this.account(memberId, { page: 1, pageSize: 20 });
  }

  /** GET mileage/earn-rates: every booking class's earn rate, by cabin and nest order. */
  async earnRates(): Promise<z.infer<typeof ZAdminEarnRates>> {
    const rates = await earnRates(this.ctx.platform.db);
    return {
      list: rates.map(
        (r): AdminEarnRate => ({
          letter: r.letter,
          family: r.family,
          cabin: r.cabin,
          earnRatePercent: r.earnRatePercent,
          updatedAt: this.iso(r.updatedAt),
        }),
      ),
    };
  }

  /** PUT mileage/earn-rates/:letter: one class's rate (admin), audited with before and after. 4143 unknown letter. */
  async setEarnRate(
    letter: string,
    input: AdminEarnRateUpdate,
    who: StaffChange,
  ): Promise<z.infer<typeof ZAdminEarnRates>> {
    const code = letter.trim().toUpperCase();
    await this.ctx.platform.db.transaction(async (tx) => {
      const changed = await setEarnRate(tx, code, input.earnRatePercent, this.ctx.platform.now());
      if (!changed) throw new AppError('adminEarnRateUnknownClass');
      await this.ctx.platform.audit.record(
        {
          actor: who.actor,
          action: 'mileage.earn_rate',
          targetType: 'booking_class',
          targetId: code,
          before: { earnRatePercent: changed.before },
          after: { earnRatePercent: input.earnRatePercent },
          reason: input.reason,
          ip: who.ip,
        },
        tx,
      );
    });
    return this.earnRates();
  }

  /** GET mileage/award-chart: the zones' bounds and the filed miles per zone and cabin. */
  async awardChart(): Promise<AdminAwardChart> {
    const rows = await awardChartRows(this.ctx.platform.db);
    const times = rows.map((r) => r.updatedAt.getTime());
    return {
      zones: AWARD_ZONES.map((z) => ({ zone: z.zone, maxMiles: z.maxMiles })),
      rows: rows.map((r) => ({ zone: r.zone, cabin: r.cabin, miles: r.miles })),
      updatedAt: times.length > 0 ? this.iso(new Date(Math.max(...times))) : null,
    };
  }

  /**
   * PUT mileage/award-chart (admin): the whole chart at once, every zone of AWARD_ZONES and cabin
   * exactly once (4144 otherwise, naming what is missing or repeated), audited with before and after.
   */
  async saveAwardChart(input: AdminAwardChartUpdate, who: StaffChange): Promise<AdminAwardChart> {
    const wanted = AWARD_ZONES.flatMap((z) => CHART_CABINS.map((c) => `${z.zone}${c}`));
    const given = input.rows.map((r) => `${r.zone}${r.cabin}`);
    const missing = wanted.filter((k) => !given.includes(k));
    const extra = given.filter((k, i) => !wanted.includes(k) || given.indexOf(k) !== i);
    if (missing.length > 0 || extra.length > 0)
      throw new AppError('adminAwardChartIncomplete', { data: { missing, extra } });
    const before = await this.awardChart();
    await this.ctx.platform.db.transaction(async (tx) => {
      await saveAwardChart(tx, input.rows, this.ctx.platform.now());
      await this.ctx.platform.audit.record(
        {
          actor: who.actor,
          action: 'mileage.award_chart',
          targetType: 'award_chart',
          targetId: 'award_chart',
          before: before.rows,
          after: input.rows,
          reason: input.reason,
          ip: who.ip,
        },
        tx,
      );
    });
    return this.awardChart();
  }
}
