import {
  type AdminFare,
  type AdminFarePage,
  type AdminPricingOptions,
  type AdminPromo,
  type AdminTax,
  FARE_FAMILY_NAMES,
  type ZAdminFareCreate,
  type ZAdminFareQuery,
  type ZAdminFareUpdate,
  type ZAdminPromoCreate,
  type ZAdminPromoTerms,
  type ZAdminTaxCreate,
  type ZAdminTaxQuery,
  type ZAdminTaxUpdate,
} from '@wings/contracts';
import { checkPromotion, formatDateTime, inEveryLanguage, PROMO_CODE, type RuleIssue } from '@wings/rules';
import type { z } from 'zod';
import type { AuditActor, AuditRecord } from '../../platform/audit/audit-log';
import type { Executor } from '../../platform/db';
import { AppError, invalid } from '../../platform/errors';
import type { NetworkRoute } from '../network';
import type { SearchChange } from '../shopping';
import {
  type FareFiling,
  isUniqueViolation,
  type PricingAdminRepository,
  type PromoFiling,
  type PromoWrite,
  type TaxFiling,
} from './pricing-admin.repository';

/** Who makes a change, for its audit row. */
export interface StaffChange {
  actor: AuditActor;
  ip: string | null;
}

/** What the admin service needs from the network: its routes (for options and checks). */
export interface AdminRoutesPort {
  airportsAndRoutes(): Promise<{ routes: NetworkRoute[] }>;
}

/** What it needs from shopping: telling every process's search cache what a change touches. */
export interface SearchChangesPort {
  announce(executor: Executor, change: SearchChange): Promise<void>;
  dropHere(change: SearchChange): void;
}

export interface PricingAdminDeps {
  repo: PricingAdminRepository;
  now: () => Date;
  network: AdminRoutesPort;
  audit: { record(entry: AuditRecord, executor?: Executor): Promise<void> };
  searchChanges: SearchChangesPort;
}

function fareOut(f: FareFiling, routes: Map<string, NetworkRoute>): AdminFare {
  const route = routes.get(f.routeCode);
  return {
    id: f.id,
    routeCode: f.routeCode,
    origin: route?.origin ?? f.routeCode.slice(0, 3),
    destination: route?.destination ?? f.routeCode.slice(4),
    bookingClass: f.bookingClass,
    family: f.family,
    cabin: f.cabin,
    adultFare: { amount: f.adultAmount, currency: f.currency },
    validFrom: f.validFrom,
    validTo: f.validTo,
    updatedAt: f.updatedAt.toISOString(),
  };
}

function taxOut(t: TaxFiling): AdminTax {
  return {
    id: t.id,
    code: t.code,
    scope: t.scope,
    scopeCode: t.scopeCode,
    passengerType: t.passengerType,
    amount: { amount: t.amount, currency: t.currency },
    descriptionEn: t.descriptionEn,
    validFrom: t.validFrom,
    validTo: t.validTo,
    updatedAt: t.updatedAt.toISOString(),
  };
}

/** Where a promotion stands now: disabled first, then ended, used up, not started, usable. */
function promoState(p: PromoFiling, at: Date): AdminPromo['state'] {
  if (p.disabledAt !== null) return 'disabled';
  if (at.getTime() > p.validTo.getTime()) return 'ended';
  if (p.usageLimit !== null && p.usedCount >= p.usageLimit) return 'used_up';
  if (at.getTime() < p.validFrom.getTime()) return 'scheduled';
  return 'active';
}

function promoOut(p: PromoFiling, at: Date): AdminPromo {
  return {
    code: p.code,
    title: { zh: p.titleZh, en: p.titleEn, km: p.titleKm },
    kind: p.kind,
    value: p.value,
    currency: p.currency,
    minSpend: p.minSpend,
    validFrom: p.validFrom.toISOString(),
    validTo: p.validTo.toISOString(),
    routes: p.routes,
    usageLimit: p.usageLimit,
    usedCount: p.usedCount,
    listed: p.listed,
    state: promoState(p, at),
    disabledAt: p.disabledAt === null ? null : p.disabledAt.toISOString(),
    disabledReason: p.disabledReason,
    updatedAt: p.updatedAt.toISOString(),
  };
}

/** The audit's picture of a fare: what staff see, without timestamps that change anyway. */
function fareAudit(f: FareFiling) {
  return {
    routeCode: f.routeCode,
    bookingClass: f.bookingClass,
    currency: f.currency,
    adultAmount: f.adultAmount,
    validFrom: f.validFrom,
    validTo: f.validTo,
  };
}

function taxAudit(t: TaxFiling) {
  const { id: _id, updatedAt: _at, ...rest } = t;
  return rest;
}

function promoAudit(p: PromoFiling) {
  const { updatedAt: _at, ...rest } = p;
  return {
    ...rest,
    validFrom: p.validFrom.toISOString(),
    validTo: p.validTo.toISOString(),
    disabledAt: p.disabledAt === null ? null : p.disabledAt.toISOString(),
  };
}

const SCOPE_CODE = { country: /^[A-Z]{2}$/, airport: /^[A-Z]{3}$/ } as const;

/**
 * The staff console's fares, taxes and promo codes (issue 13). Each change is one transaction
 * that locks the row, writes it, writes its audit row (before and after) and, for a fare,
 * announces the change so every process's search cache drops that route (search-changes.ts in
 * shopping): a new search sees the new fare at once. An offer already priced keeps its price
 * until it expires (OFFER_MINUTES), and an order keeps what it was made with.
 */
export function createPricingAdminService(deps: PricingAdminDeps) {
  const { repo, now } = deps;

  async function routeMap(): Promise<Map<string, NetworkRoute>> {
    const { routes } = await deps.network.airportsAndRoutes();
    return new Map(routes.map((r) => [r.code, r]));
  }

  /** Runs a change; a unique key already taken becomes `taken`, a message on its field. */
  async function change<T>(fn: (tx: Executor) => Promise<T>, taken: RuleIssue): Promise<T> {
    try {
      return await repo.transaction(fn);
    } catch (err) {
      if (isUniqueViolation(err)) throw invalid([taken]);
      throw err;
    }
  }

  function checkValidity(validFrom: string, validTo: string | null): RuleIssue[] {
    return validTo !== null && validTo < validFrom
      ? [{ field: 'validTo', key: 'admin.valid_to_before_from' }]
      : [];
  }

  async function checkPromoTerms(
    terms: z.output<typeof ZAdminPromoTerms>,
    usedCount: number,
  ): Promise<RuleIssue[]> {
    const issues = checkPromotion(terms, usedCount);
    if (terms.routes !== null && !issues.some((i) => i.field === 'routes')) {
      const routes = await routeMap();
      const unknown = terms.routes.find((r) => !routes.has(r));
      if (unknown) issues.push({ field: 'routes', key: 'admin.route_unknown', params: { route: unknown } });
    }
    return issues;
  }

  function promoWrite(code: string, terms: z.output<typeof ZAdminPromoTerms>): PromoWrite {
    return {
      code,
      titleZh: terms.title.zh,
      titleEn: terms.title.en,
      titleKm: terms.title.km,
      kind: terms.kind,
      value: terms.value,
      currency: terms.currency,
      minSpend: terms.minSpend,
      validFrom: new Date(terms.validFrom),
      validTo: new Date(terms.validTo),
      routes: terms.routes === null ? null : [...new Set(terms.routes)],
      usageLimit: terms.usageLimit,
      listed: terms.listed,
    };
  }

  return {
    /** The routes, booking classes and families the screens choose from. */
    async options(): Promise<AdminPricingOptions> {
      const [routes, classes] = await Promise.all([routeMap(), repo.bookingClasses()]);
      return {
        routes: [...routes.values()]
          .map((r) => ({ code: r.code, origin: r.origin, destination: r.destination, currency: r.currency }))
          .sort((a, b) => a.code.localeCompare(b.code)),
        classes,
        families: [...FARE_FAMILY_NAMES],
      };
    },

    async fares(query: z.output<typeof ZAdminFareQuery>): Promise<AdminFarePage> {
      const [routes, page] = await Promise.all([routeMap(), repo.fares(query)]);
      return {
        list: page.list.map((f) => fareOut(f, routes)),
        total: page.total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** Files a new fare (a class on a route in a currency, from a date). */
    async createFare(input: z.output<typeof ZAdminFareCreate>, who: StaffChange): Promise<AdminFare> {
      const routes = await routeMap();
      const classes = await repo.bookingClasses();
      const issues: RuleIssue[] = [];
      if (!routes.has(input.routeCode)) {
        issues.push({ field: 'routeCode', key: 'admin.route_unknown', params: { route: input.routeCode } });
      }
      if (!classes.some((c) => c.letter === input.bookingClass)) {
        issues.push({
          field: 'bookingClass',
          key: 'admin.class_unknown',
          params: { bookingClass: input.bookingClass },
        });
      }
      issues.push(...checkValidity(input.validFrom, input.validTo));
      if (issues.length > 0) throw invalid(issues);
      const fare = await change(
        async (tx) => {
          const id = await repo.insertFare(tx, input);
          const created = (await repo.fareById(tx, id))!;
          await deps.audit.record(
            {
              actor: who.actor,
              action: 'fare.create',
              targetType: 'fare',
              targetId: String(id),
              before: null,
              after: fareAudit(created),
              reason: input.reason ?? null,
              ip: who.ip,
            },
            tx,
          );
          await deps.searchChanges.announce(tx, { routes: [created.routeCode] });
          return created;
        },
        { field: 'validFrom', key: 'admin.fare_exists' },
      );
      deps.searchChanges.dropHere({ routes: [fare.routeCode] });
      return fareOut(fare, routes);
    },

    /** Changes a filing's amount and validity; 404 when unknown. */
    async updateFare(
      id: number,
      input: z.output<typeof ZAdminFareUpdate>,
      who: StaffChange,
    ): Promise<AdminFare> {
      const issues = checkValidity(input.validFrom, input.validTo);
      if (issues.length > 0) throw invalid(issues);
      const fare = await change(
        async (tx) => {
          const before = await repo.fareForUpdate(tx, id);
          if (!before) throw new AppError('resourceNotFound');
          await repo.updateFare(tx, id, { ...input, at: now() });
          const after = (await repo.fareById(tx, id))!;
          await deps.audit.record(
            {
              actor: who.actor,
              action: 'fare.update',
              targetType: 'fare',
              targetId: String(id),
              before: fareAudit(before),
              after: fareAudit(after),
              reason: input.reason ?? null,
              ip: who.ip,
            },
            tx,
          );
          await deps.searchChanges.announce(tx, { routes: [after.routeCode] });
          return after;
        },
        { field: 'validFrom', key: 'admin.fare_exists' },
      );
      deps.searchChanges.dropHere({ routes: [fare.routeCode] });
      return fareOut(fare, await routeMap());
    },

    async taxes(query: z.output<typeof ZAdminTaxQuery>): Promise<{ list: AdminTax[] }> {
      return { list: (await repo.taxes(query)).map(taxOut) };
    },

    /**
     * Files a tax. Taxes are read afresh by every priced offer (search shows fares alone), so a
     * change applies to the next offer without touching the search caches.
     */
    async createTax(input: z.output<typeof ZAdminTaxCreate>, who: StaffChange): Promise<AdminTax> {
      const issues: RuleIssue[] = [];
      if (!SCOPE_CODE[input.scope].test(input.scopeCode)) {
        issues.push({ field: 'scopeCode', key: 'admin.scope_code_format' });
      }
      issues.push(...checkValidity(input.validFrom, input.validTo));
      if (issues.length > 0) throw invalid(issues);
      const { reason, ...filing } = input;
      const tax = await change(
        async (tx) => {
          const created = await repo.insertTax(tx, filing);
          await deps.audit.record(
            {
              actor: who.actor,
              action: 'tax.create',
              targetType: 'tax',
              targetId: String(created.id),
              before: null,
              after: taxAudit(created),
              reason: reason ?? null,
              ip: who.ip,
            },
            tx,
          );
          return created;
        },
        { field: 'validFrom', key: 'admin.tax_exists' },
      );
      return taxOut(tax);
    },

    async updateTax(
      id: number,
      input: z.output<typeof ZAdminTaxUpdate>,
      who: StaffChange,
    ): Promise<AdminTax> {
      const issues = checkValidity(input.validFrom, input.validTo);
      if (issues.length > 0) throw invalid(issues);
      const { reason, ...values } = input;
      const tax = await change(
        async (tx) => {
          const before = await repo.taxForUpdate(tx, id);
          if (!before) throw new AppError('resourceNotFound');
          const after = await repo.updateTax(tx, id, { ...values, at: now() });
          await deps.audit.record(
            {
              actor: who.actor,
              action: 'tax.update',
              targetType: 'tax',
              targetId: String(id),
              before: taxAudit(before),
              after: taxAudit(after),
              reason: reason ?? null,
              ip: who.ip,
            },
            tx,
          );
          return after;
        },
        { field: 'validFrom', key: 'admin.tax_exists' },
      );
      return taxOut(tax);
    },

    async promos(): Promise<{ list: AdminPromo[] }> {
      const at = now();
      return { list: (await repo.promos()).map((p) => promoOut(p, at)) };
    },

    /** Creates a code, checked with @wings/rules `checkPromotion` (the console's form applies it too). */
    async createPromo(input: z.output<typeof ZAdminPromoCreate>, who: StaffChange): Promise<AdminPromo> {
      const issues: RuleIssue[] = [];
      if (!PROMO_CODE.test(input.code)) issues.push({ field: 'code', key: 'admin.promo_code_format' });
      issues.push(...(await checkPromoTerms(input, 0)));
      if (issues.length > 0) throw invalid(issues);
      const promo = await change(
        async (tx) => {
          const created = await repo.insertPromo(tx, promoWrite(input.code, input));
          await deps.audit.record(
            {
              actor: who.actor,
              action: 'promo.create',
              targetType: 'promo',
              targetId: created.code,
              before: null,
              after: promoAudit(created),
              reason: input.reason ?? null,
              ip: who.ip,
            },
            tx,
          );
          return created;
        },
        { field: 'code', key: 'admin.promo_exists' },
      );
      return promoOut(promo, now());
    },

    /**
     * Changes a code's terms; its uses so far stay (the limit may not go below them). The next
     * order with the code is priced and counted by the new terms; orders already made keep theirs.
     */
    async updatePromo(
      code: string,
      input: z.output<typeof ZAdminPromoTerms>,
      who: StaffChange,
    ): Promise<AdminPromo> {
      const promo = await repo.transaction(async (tx) => {
        const before = await repo.promoForUpdate(tx, code);
        if (!before) throw new AppError('resourceNotFound');
        const issues = await checkPromoTerms(input, before.usedCount);
        if (issues.length > 0) throw invalid(issues);
        const after = await repo.updatePromo(tx, promoWrite(code, input), now());
        await deps.audit.record(
          {
            actor: who.actor,
            action: 'promo.update',
            targetType: 'promo',
            targetId: code,
            before: promoAudit(before),
            after: promoAudit(after),
            reason: input.reason ?? null,
            ip: who.ip,
          },
          tx,
        );
        return after;
      });
      return promoOut(promo, now());
    },

    /**
     * Disables a code now, with the reason (its dates and uses stay as filed): travellers are
     * refused it with `promo.disabled` from this instant on. There is no re-enabling; a code
     * disabled already is refused with 4750.
     */
    async disablePromo(code: string, reason: string, who: StaffChange): Promise<AdminPromo> {
      const at = now();
      const promo = await repo.transaction(async (tx) => {
        const before = await repo.promoForUpdate(tx, code);
        if (!before) throw new AppError('resourceNotFound');
        const since = before.disabledAt;
        if (since !== null) {
          throw new AppError('adminPromoDisabled', {
            params: {
              disabledAt: inEveryLanguage((lang) => `${formatDateTime(since.toISOString(), lang)} UTC`),
            },
          });
        }
        const after = await repo.disablePromo(tx, code, reason, at);
        await deps.audit.record(
          {
            actor: who.actor,
            action: 'promo.disable',
            targetType: 'promo',
            targetId: code,
            before: promoAudit(before),
            after: promoAudit(after),
            reason,
            ip: who.ip,
          },
          tx,
        );
        return after;
      });
      return promoOut(promo, at);
    },
  };
}

/** The staff console's pricing service (fares, taxes, promo codes). */
export type PricingAdminService = ReturnType<typeof createPricingAdminService>;
