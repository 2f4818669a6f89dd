import type {
  AdminAddonOptions,
  AdminAddonPage,
  AdminAddonPrice,
  Currency,
  ZAdminAddonCreate,
  ZAdminAddonQuery,
  ZAdminAddonUpdate,
} from '@wings/contracts';
import {
  ADDON_KINDS,
  ADDON_SEAT_TYPES,
  baggageSteps,
  CHINA_COUNTRY,
  checkAddonPrice,
  FREE_BAGGAGE,
  localDate,
  REFUND_UPGRADE_PERCENT,
  type RuleIssue,
  serviceCodeOf,
} from '@wings/rules';
import type { z } from 'zod';
import type { AuditActor, AuditRecord } from '../../platform/audit/audit-log';
import type { Executor } from '../../platform/db';
import { AppError, invalid } from '../../platform/errors';
import { type AddonPriceRow, type AddonsRepository, isUniqueViolation } from './addons.repository';

/** Who makes a change, for its audit row. */
export interface StaffChange {
  actor: AuditActor;
  ip: string | null;
}

/** What the admin service needs from the network: routes, airports' countries, the hub's zone. */
export interface AddonsAdminNetwork {
  readonly hubZone: string;
  airportsAndRoutes(): Promise<{
    routes: readonly { code: string; origin: string; destination: string; currency: Currency }[];
  }>;
  countries(): Promise<ReadonlyMap<string, string>>;
}

export interface AddonsAdminDeps {
  repo: AddonsRepository;
  now: () => Date;
  network: AddonsAdminNetwork;
  audit: { record(entry: AuditRecord, executor?: Executor): Promise<void> };
}

type RouteFacts = {
  code: string;
  origin: string;
  destination: string;
  currency: Currency;
  currencies: Currency[];
};

/** Where a row stands on `today` (the hub's date): disabled first, then ended, scheduled, active. */
function stateOf(r: AddonPriceRow, today: string): AdminAddonPrice['state'] {
  if (r.disabledAt !== null) return 'disabled';
  if (r.validTo !== null && r.validTo < today) return 'ended';
  if (r.validFrom > today) return 'scheduled';
  return 'active';
}

function rowOut(r: AddonPriceRow, routes: ReadonlyMap<string, RouteFacts>, today: string): AdminAddonPrice {
  const route = routes.get(r.routeCode);
  return {
    id: r.id,
    routeCode: r.routeCode,
    origin: route?.origin ?? r.routeCode.slice(0, 3),
    destination: route?.destination ?? r.routeCode.slice(4),
    cabin: r.cabin,
    kind: r.kind,
    serviceCode: serviceCodeOf(r.kind),
    weightKg: r.weightKg,
    seatType: r.seatType,
    currency: r.currency,
    price: r.amount === null ? null : { amount: r.amount, currency: r.currency },
    percent: r.percent,
    validFrom: r.validFrom,
    validTo: r.validTo,
    state: stateOf(r, today),
    disabledAt: r.disabledAt === null ? null : r.disabledAt.toISOString(),
    disabledReason: r.disabledReason,
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The audit's picture of a row: what staff see, without timestamps that change anyway. */
function auditOf(r: AddonPriceRow) {
  return {
    routeCode: r.routeCode,
    cabin: r.cabin,
    kind: r.kind,
    weightKg: r.weightKg,
    seatType: r.seatType,
    currency: r.currency,
    amount: r.amount,
    percent: r.percent,
    validFrom: r.validFrom,
    validTo: r.validTo,
    disabledAt: r.disabledAt === null ? null : r.disabledAt.toISOString(),
    disabledReason: r.disabledReason,
  };
}

const TAKEN: RuleIssue = { field: 'validFrom', key: 'addons.price_exists' };

/**
 * The staff console's add-on catalogue (issue 14). Each change is one transaction that locks
 * the row, writes it and writes its audit row (`addon_price.create`, `.update`, `.disable`,
 * before and after). Search shows no add-on prices, so no search cache is touched; the next
 * add-on list read sees the change. What an order already bought keeps its price.
 */
export function createAddonsAdminService(deps: AddonsAdminDeps) {
  const { repo, now } = deps;

  async function routeMap(): Promise<Map<string, RouteFacts>> {
    const [{ routes }, countries] = await Promise.all([
      deps.network.airportsAndRoutes(),
      deps.network.countries(),
    ]);
    return new Map(
      routes.map((r) => {
        const china =
          countries.get(r.origin) === CHINA_COUNTRY || countries.get(r.destination) === CHINA_COUNTRY;
        const currencies: Currency[] = china ? ['USD', 'CNY'] : ['USD'];
        return [
          r.code,
          { code: r.code, origin: r.origin, destination: r.destination, currency: r.currency, currencies },
        ];
      }),
    );
  }

  const today = () => localDate(now(), deps.network.hubZone);

  /** Runs a change; the live unique key already taken becomes a message on `validFrom`. */
  async function change<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
    try {
      return await repo.transaction(fn);
    } catch (err) {
      if (isUniqueViolation(err)) throw invalid([TAKEN]);
      throw err;
    }
  }

  return {
    /** The routes (with the currencies each may be filed in), kinds, seat types and steps the screens choose from. */
    async options(): Promise<AdminAddonOptions> {
      const routes = await routeMap();
      return {
        routes: [...routes.values()].sort((a, b) => a.code.localeCompare(b.code)),
        kinds: [...ADDON_KINDS],
        seatTypes: [...ADDON_SEAT_TYPES],
        baggageSteps: baggageSteps(),
        allowance: { ...FREE_BAGGAGE },
        percent: { ...REFUND_UPGRADE_PERCENT },
      };
    },

    async list(query: z.output<typeof ZAdminAddonQuery>): Promise<AdminAddonPage> {
      const [routes, page] = await Promise.all([
        routeMap(),
        repo.list({
          route: query.route,
          cabin: query.cabin,
          kind: query.kind,
          currency: query.currency,
          includeDisabled: query.disabled === '1',
          page: query.page,
          pageSize: query.pageSize,
        }),
      ]);
      const day = today();
      return {
        list: page.list.map((r) => rowOut(r, routes, day)),
        total: page.total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** Files a new row (checked with @wings/rules `checkAddonPrice`, and its route and currency). */
    async create(input: z.output<typeof ZAdminAddonCreate>, who: StaffChange): Promise<AdminAddonPrice> {
      const routes = await routeMap();
      const issues = checkAddonPrice(input);
      const route = routes.get(input.routeCode);
      if (!route) {
        issues.unshift({
          field: 'routeCode',
          key: 'admin.route_unknown',
          params: { route: input.routeCode },
        });
      } else if (!route.currencies.includes(input.currency)) {
        issues.push({
          field: 'currency',
          key: 'addons.currency_route',
          params: { route: input.routeCode, currency: input.currency },
        });
      }
      if (issues.length > 0) throw invalid(issues);
      const created = await change(async (tx) => {
        const row = await repo.insert(tx, {
          routeCode: input.routeCode,
          cabin: input.cabin,
          kind: input.kind,
          weightKg: input.weightKg,
          seatType: input.seatType,
          currency: input.currency,
          amount: input.amount,
          percent: input.percent,
          validFrom: input.validFrom,
          validTo: input.validTo,
        });
        await deps.audit.record(
          {
            actor: who.actor,
            action: 'addon_price.create',
            targetType: 'addon_price',
            targetId: String(row.id),
            before: null,
            after: auditOf(row),
            reason: input.reason ?? null,
            ip: who.ip,
          },
          tx,
        );
        return row;
      });
      return rowOut(created, routes, today());
    },

    /** Changes a row's price (or percent) and validity; 404 when unknown; a disabled row is refused (4xx). */
    async update(
      id: number,
      input: z.output<typeof ZAdminAddonUpdate>,
      who: StaffChange,
    ): Promise<AdminAddonPrice> {
      const updated = await change(async (tx) => {
        const before = await repo.forUpdate(tx, id);
        if (!before) throw new AppError('resourceNotFound');
        if (before.disabledAt !== null) throw invalid([{ field: 'id', key: 'addons.already_disabled' }]);
        const issues = checkAddonPrice({ ...before, ...input });
        if (issues.length > 0) throw invalid(issues);
        const after = await repo.update(
          tx,
          id,
          {
            amount: input.amount,
            percent: input.percent,
            validFrom: input.validFrom,
            validTo: input.validTo,
          },
          now(),
        );
        await deps.audit.record(
          {
            actor: who.actor,
            action: 'addon_price.update',
            targetType: 'addon_price',
            targetId: String(id),
            before: auditOf(before),
            after: auditOf(after),
            reason: input.reason ?? null,
            ip: who.ip,
          },
          tx,
        );
        return after;
      });
      return rowOut(updated, await routeMap(), today());
    },

    /**
     * Disables a row now, with the reason: it no longer prices anything from this instant (an
     * order that bought it keeps its price). No re-enabling: file a new row.
     */
    async disable(id: number, reason: string, who: StaffChange): Promise<AdminAddonPrice> {
      const at = now();
      const disabled = await repo.transaction(async (tx) => {
        const before = await repo.forUpdate(tx, id);
        if (!before) throw new AppError('resourceNotFound');
        if (before.disabledAt !== null) throw invalid([{ field: 'id', key: 'addons.already_disabled' }]);
        const after = await repo.disable(tx, id, reason, at);
        await deps.audit.record(
          {
            actor: who.actor,
            action: 'addon_price.disable',
            targetType: 'addon_price',
            targetId: String(id),
            before: auditOf(before),
            after: auditOf(after),
            reason,
            ip: who.ip,
          },
          tx,
        );
        return after;
      });
      return rowOut(disabled, await routeMap(), today());
    },
  };
}

/** The staff console's add-on catalogue service. */
export type AddonsAdminService = ReturnType<typeof createAddonsAdminService>;
