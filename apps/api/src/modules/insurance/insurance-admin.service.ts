import type {
  AdminInsurancePlan,
  ZAdminInsurancePlanCreate,
  ZAdminInsurancePlanUpdate,
} from '@wings/contracts';
import { checkPriceBands, type RuleIssue } from '@wings/rules';
import type { z } from 'zod';
import type { AuditActor, AuditRecord } from '../../platform/audit/audit-log';
import type { Executor } from '../../platform/db';
import { AppError, invalid } from '../../platform/errors';
import {
  type InsuranceRepository,
  isUniqueViolation,
  type PlanRecord,
  type PlanWrite,
} from './insurance.repository';

/** Who makes a change, for its audit row. */
export interface StaffChange {
  actor: AuditActor;
  ip: string | null;
}

export interface InsuranceAdminDeps {
  repo: InsuranceRepository;
  now: () => Date;
  audit: { record(entry: AuditRecord, executor?: Executor): Promise<void> };
}

function planOut(p: PlanRecord): AdminInsurancePlan {
  return {
    id: p.id,
    code: p.code,
    currency: p.currency,
    grade: p.grade,
    name: p.name,
    coverage: p.coverage as AdminInsurancePlan['coverage'],
    priceBands: p.priceBands,
    active: p.disabledAt === null,
    disabledAt: p.disabledAt?.toISOString() ?? null,
    updatedAt: p.updatedAt.toISOString(),
  };
}

/** The audit's picture of a plan: what staff see, without the timestamps. */
function planAudit(p: PlanRecord) {
  const { updatedAt: _u, ...rest } = planOut(p);
  return rest;
}

/** The checks a filing must pass beyond its schema: bands in order up to 90 days, each cover once. */
function checkPlan(p: PlanWrite): RuleIssue[] {
  const issues = checkPriceBands(p.priceBands);
  const seen = new Set<string>();
  p.coverage.forEach((c, i) => {
    if (seen.has(c.item)) issues.push({ field: `coverage.${i}.item`, key: 'insurance.cover_duplicate' });
    seen.add(c.item);
  });
  return issues;
}

/** The staff console's insurance plans (issue 14): list, file, change, disable, each change audited. */
export function createInsuranceAdminService(deps: InsuranceAdminDeps) {
  const { repo, now } = deps;

  async function change<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
    try {
      return await repo.transaction(fn);
    } catch (err) {
      if (isUniqueViolation(err)) throw invalid([{ field: 'code', key: 'insurance.plan_exists' }]);
      throw err;
    }
  }

  return {
    async plans(query: { currency?: 'USD' | 'CNY' | undefined; includeDisabled: boolean }) {
      const list = await repo.plans({ currency: query.currency, activeOnly: !query.includeDisabled });
      return { list: list.map(planOut) };
    },

    async createPlan(
      input: z.output<typeof ZAdminInsurancePlanCreate>,
      who: StaffChange,
    ): Promise<AdminInsurancePlan> {
      const write: PlanWrite = {
        grade: input.grade,
        name: input.name,
        coverage: input.coverage,
        priceBands: input.priceBands,
      };
      const issues = checkPlan(write);
      if (issues.length) throw invalid(issues);
      const plan = await change(async (tx) => {
        const id = await repo.insertPlan(tx, { ...write, code: input.code, currency: input.currency }, now());
        const created = (await repo.planById(tx, id))!;
        await deps.audit.record(
          {
            actor: who.actor,
            action: 'insurance_plan.create',
            targetType: 'insurance_plan',
            targetId: String(id),
            before: null,
            after: planAudit(created),
            reason: input.reason ?? null,
            ip: who.ip,
          },
          tx,
        );
        return created;
      });
      return planOut(plan);
    },

    async updatePlan(
      id: number,
      input: z.output<typeof ZAdminInsurancePlanUpdate>,
      who: StaffChange,
    ): Promise<AdminInsurancePlan> {
      const write: PlanWrite = {
        grade: input.grade,
        name: input.name,
        coverage: input.coverage,
        priceBands: input.priceBands,
      };
      const issues = checkPlan(write);
      if (issues.length) throw invalid(issues);
      const plan = await change(async (tx) => {
        const before = await repo.planById(tx, id, true);
        if (!before) throw new AppError('resourceNotFound');
        await repo.updatePlan(tx, id, write, now());
        const after = (await repo.planById(tx, id))!;
        await deps.audit.record(
          {
            actor: who.actor,
            action: 'insurance_plan.update',
            targetType: 'insurance_plan',
            targetId: String(id),
            before: planAudit(before),
            after: planAudit(after),
            reason: input.reason ?? null,
            ip: who.ip,
          },
          tx,
        );
        return after;
      });
      return planOut(plan);
    },

    /** Stops selling a plan; a plan disabled already is refused with the time it was. */
    async disablePlan(id: number, reason: string, who: StaffChange): Promise<AdminInsurancePlan> {
      const plan = await change(async (tx) => {
        const before = await repo.planById(tx, id, true);
        if (!before) throw new AppError('resourceNotFound');
        if (before.disabledAt) {
          throw new AppError('adminInsurancePlanDisabled', {
            params: { disabledAt: before.disabledAt.toISOString() },
          });
        }
        await repo.disablePlan(tx, id, now());
        const after = (await repo.planById(tx, id))!;
        await deps.audit.record(
          {
            actor: who.actor,
            action: 'insurance_plan.disable',
            targetType: 'insurance_plan',
            targetId: String(id),
            before: planAudit(before),
            after: planAudit(after),
            reason,
            ip: who.ip,
          },
          tx,
        );
        return after;
      });
      return planOut(plan);
    },
  };
}

export type InsuranceAdminService = ReturnType<typeof createInsuranceAdminService>;
