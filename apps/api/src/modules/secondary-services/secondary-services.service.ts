import { createHash } from 'node:crypto';
import {
  type AddonBar,
  type AddonCreateOrderReply,
  type AddonCreateOrderRequest,
  type AddonInfoListReply,
  type AddonOrderState,
  type AddonOrderView,
  CheckInStatus,
  type Currency,
  formatMessage,
  type InsurancePriceResponse,
  type JsPrepayOrderResponse,
  type LanguageTag,
  type MessageParam,
  OrderPayStatus,
  type PayMethod,
  type PayStatus,
  type PayUrlResponse,
  type SeatMap,
  TicketStatus,
  ZWechatPayParams,
} from '@wings/contracts';
import {
  ADDON_PAY_MINUTES,
  addonBlockedUntil,
  addonLegBar,
  checkInsuranceEntry,
  clockTime,
  localDate,
  localDateTime,
  type RuleIssue,
  seatBar,
  toLocalIso,
  tripCover,
} from '@wings/rules';
import { type Actor, mayPayOrder } from '../../platform/access';
import type { Db } from '../../platform/db';
import { AppError, invalid } from '../../platform/errors';
import type { AddonsService } from '../addons';
import { type TicketedOrder, type TicketedPassenger, type TicketedSegment, ticketedOrder } from '../booking';
import type { InsuranceService } from '../insurance';
import type { AirportZones } from '../network';
import { createPayable, type PaymentView, paymentsOf } from '../payments';
import type { Seating } from '../seating';
import type { TicketView } from '../tickets';
import {
  type AddonSteps,
  actorName,
  addonOrdersOfOrder,
  addonOrderView,
  closeAddon,
  deliverAddon,
  recordAddonEvent,
} from './addon-orders';
import {
  type AddonOrderRecord,
  createAddonOrdersRepository,
  type NewAddonLine,
} from './secondary-services.repository';

/** What the add-on calls need of payments (its service: `app.payments`). */
export interface AddonPayments {
  getPayUrl(
    reference: string,
    method: PayMethod,
    actor: Actor,
    options: { clientIp: string; language?: number; kind: 'addon' },
  ): Promise<PayUrlResponse>;
  startPayment(
    reference: string,
    method: PayMethod,
    actor: Actor,
    options: { clientIp: string; openid?: string; kind: 'addon' },
  ): Promise<PayUrlResponse & { clientParams: Record<string, string> | null }>;
  status(reference: string, actor: Actor, kind: 'addon'): Promise<PayStatus>;
  refundPart(
    paymentId: string,
    part: { amount: number; reason: 'ticket_refund'; passengerRef?: string | null; lineRef?: string | null },
  ): Promise<string>;
}

export interface SecondaryServicesDeps extends AddonSteps {
  db: Db;
  now: () => Date;
  zones: AirportZones;
  tickets: { currentByPassenger(orderId: string): Promise<Map<string, TicketView>> };
  addons: Pick<AddonsService, 'legPrices'>;
  seating: AddonSteps['seating'] & Pick<Seating, 'seatMap' | 'holdSeats' | 'seatsOfPassengers'>;
  insurance:
    | (AddonSteps['insurance'] & Pick<InsuranceService, 'price' | 'policyViews' | 'wakePurchase'>)
    | null;
  payments: AddonPayments;
}

type Code = 10 | 11 | 12 | 13;
const SERVICE_CODES: readonly Code[] = [10, 11, 12, 13];
const MINUTE = 60_000;

/** One passenger's standing for add-ons: their ticket and each leg's bar. */
type LegBar = 'flown' | 'within_24h' | 'not_ticketed' | null;

interface Standing {
  ticket: TicketView | null;
  /** By segment id; null: may buy on this leg now. */
  legBars: Map<string, LegBar>;
}

/**
 * Add-ons bought after ticketing (issue 14; booking-and-account.md §4 service purchase, §7
 * secondaryIncrService, §9 the 24-hour cut-off and the 15-minute block): what each ticketed
 * passenger can buy now, the add-on order (priced by the server, a seat held at once), its
 * payment through payments (kind `addon`), the traveller's abandon, the expiry of an unpaid one,
 * and the refund of a ticket's add-ons. Access is the ticketed order's: its logged-in owner or
 * a grant for it (platform/access.ts `mayPayOrder`); anyone else is answered as for an unknown order.
 */
export class SecondaryServices {
  constructor(private readonly deps: SecondaryServicesDeps) {}

  private get repo() {
    return createAddonOrdersRepository(this.deps.db);
  }

  /** The order `actor` may buy add-ons for, or 404 as for an unknown order. */
  private async orderFor(orderNo: string, actor: Actor): Promise<TicketedOrder> {
    const order = await ticketedOrder(this.deps.db, { orderNo });
    if (!order || !mayPayOrder(actor, { orderNo: order.orderNo, userId: order.userId })) {
      throw new AppError('resourceNotFound');
    }
    return order;
  }

  /** An add-on order and its ticketed order, for an actor who may pay that order; else 404. */
  private async addonFor(
    secOrderNo: string,
    actor: Actor,
  ): Promise<{ rec: AddonOrderRecord; order: TicketedOrder }> {
    const rec = await this.repo.bySecOrderNo(secOrderNo);
    const order = rec && (await ticketedOrder(this.deps.db, { id: rec.orderId }));
    if (!rec || !order || !mayPayOrder(actor, { orderNo: order.orderNo, userId: order.userId })) {
      throw new AppError('resourceNotFound');
    }
    return { rec, order };
  }

  private passengerOf(order: TicketedOrder, seq: number): TicketedPassenger {
    const p = order.passengers.find((x) => x.seq === seq);
    if (!p) throw invalid([{ field: 'seq', key: 'addons.no_such_passenger' }]);
    return p;
  }

  /** The passenger's ticket and each leg's bar: not ticketed, flown (departed or coupon used), within 24 h. */
  private standing(
    order: TicketedOrder,
    p: TicketedPassenger,
    tickets: Map<string, TicketView>,
    now: Date,
  ): Standing {
    const t = tickets.get(p.id) ?? null;
    const ticketed = order.status === OrderPayStatus.paid && t?.status === TicketStatus.issued;
    const legBars = new Map<string, LegBar>();
    for (const s of order.segments) {
      if (!ticketed) {
        legBars.set(s.id, 'not_ticketed');
        continue;
      }
      const coupon = t?.coupons.find((c) => c.segmentId === s.id);
      const used = coupon
        ? coupon.usage === CheckInStatus.used || coupon.status !== TicketStatus.issued
        : false;
      legBars.set(s.id, addonLegBar({ depUtc: s.depUtc, used }, now));
    }
    return { ticket: ticketed ? t : null, legBars };
  }

  private async zoneOf(code: string): Promise<string> {
    return (await this.deps.zones.zones()).get(code) ?? this.deps.zones.hubZone;
  }

  private async legPricesOf(order: TicketedOrder, segments: readonly TicketedSegment[]) {
    const zones = await this.deps.zones.zones();
    const prices = await this.deps.addons.legPrices(
      segments.map((s) => ({
        routeCode: `${s.depCode}-${s.arrCode}`,
        cabin: s.cabin,
        currency: order.currency,
        date: localDate(s.depUtc, zones.get(s.depCode) ?? this.deps.zones.hubZone),
      })),
    );
    return new Map(segments.map((s, i) => [s.id, prices[i]!]));
  }

  /** Lapsed unpaid add-on orders of the order are expired before anything is read or bought. */
  private async expireLapsedOf(addons: readonly AddonOrderRecord[], now: Date): Promise<boolean> {
    let any = false;
    for (const a of addons) {
      if (a.status === 'unpaid' && a.payDeadline <= now) any = (await this.expire(a.secOrderNo)) || any;
    }
    return any;
  }

  private bar(
    reason: AddonBar['reason'],
    lang: LanguageTag,
    key: string,
    params: Record<string, MessageParam> = {},
    extra: Partial<AddonBar> = {},
  ): AddonBar {
    return { reason, message: formatMessage(key, lang, params), ...extra };
  }

  private async legBarView(
    reason: 'flown' | 'within_24h' | 'not_ticketed',
    s: TicketedSegment,
    lang: LanguageTag,
  ): Promise<AddonBar> {
    if (reason === 'within_24h') {
      return this.bar(reason, lang, 'addons.cutoff', {
        departure: localDateTime(s.depUtc, await this.zoneOf(s.depCode)),
      });
    }
    return this.bar(reason, lang, reason === 'flown' ? 'addons.flown' : 'addons.not_ticketed');
  }

  /** The bar of a service for a passenger now: an add-on order of it waiting for payment, or the 15-minute block. */
  private async serviceBar(
    p: TicketedPassenger,
    code: Code,
    addons: readonly AddonOrderRecord[],
    now: Date,
    lang: LanguageTag,
  ): Promise<AddonBar | null> {
    const pending = addons.find(
      (a) => a.passengerId === p.id && a.serviceCode === code && a.status === 'unpaid' && a.payDeadline > now,
    );
    if (pending) {
      return this.bar(
        'pending',
        lang,
        'addons.pending',
        { secOrderNo: pending.secOrderNo },
        { secOrderNo: pending.secOrderNo },
      );
    }
    const opens = addonBlockedUntil(await this.repo.lastAbandoned(p.id, code), now);
    if (opens) {
      return this.bar(
        'blocked',
        lang,
        'addons.blocked',
        { time: clockTime(opens, this.deps.zones.hubZone) },
        { opensAt: opens.toISOString() },
      );
    }
    return null;
  }

  private async view(rec: AddonOrderRecord, order: TicketedOrder): Promise<AddonOrderView> {
    return addonOrderView(rec, order);
  }

  /** secondaryIncrService/infoList: per passenger and leg, what can be bought now and what they already have. */
  async infoList(
    req: { orderNo: string; seq?: number | undefined },
    actor: Actor,
    lang: LanguageTag,
  ): Promise<AddonInfoListReply> {
    const order = await this.orderFor(req.orderNo, actor);
    const now = this.deps.now();
    let addons = await this.repo.ofOrder(order.id);
    if (await this.expireLapsedOf(addons, now)) addons = await this.repo.ofOrder(order.id);
    const passengers = req.seq === undefined ? order.passengers : [this.passengerOf(order, req.seq)];
    const [tickets, seats, prices, policies] = await Promise.all([
      this.deps.tickets.currentByPassenger(order.id),
      this.deps.seating.seatsOfPassengers(passengers.map((p) => p.id)),
      this.legPricesOf(order, order.segments),
      this.deps.insurance ? this.deps.insurance.policyViews(order.id) : Promise.resolve([]),
    ]);
    const paid = addons.filter((a) => a.status === 'paid');
    const remaining = await this.remainingTrip(order, now);
    const result: AddonInfoListReply['passengers'] = [];
    for (const p of passengers) {
      const st = this.standing(order, p, tickets, now);
      const mine = paid.filter((a) => a.passengerId === p.id);
      const legs = [];
      for (const s of order.segments) {
        const reason = st.legBars.get(s.id) ?? null;
        const price = prices.get(s.id);
        const bags =
          order.bought
            .filter((b) => b.passengerId === p.id && b.segmentId === s.id && b.code === '13')
            .reduce((sum, b) => sum + (b.weightKg ?? 0), 0) +
          mine
            .filter((a) => a.serviceCode === 13)
            .flatMap((a) => a.lines.filter((l) => l.segmentId === s.id))
            .reduce((sum, l) => sum + (l.weightKg ?? 0), 0);
        const priority =
          order.bought.some((b) => b.passengerId === p.id && b.segmentId === s.id && b.code === '11') ||
          mine.some((a) => a.serviceCode === 11 && a.lines.some((l) => l.segmentId === s.id));
        const open = reason === null && p.passengerType !== 3;
        legs.push({
          leg: s.seq,
          flightId: s.flightId,
          flightNo: s.flightNo,
          depCode: s.depCode,
          arrCode: s.arrCode,
          depTime: toLocalIso(s.depUtc, await this.zoneOf(s.depCode)),
          cabin: s.cabin,
          seat: seats.find((x) => x.passengerRef === p.id && x.segmentRef === s.id)?.seat ?? null,
          extraBaggageKg: bags,
          priority,
          bar: reason
            ? await this.legBarView(reason, s, lang)
            : p.passengerType === 3
              ? this.bar('infant', lang, 'addons.infant_no_service')
              : null,
          offers: {
            seat: open && (price?.seats.size ?? 0) > 0,
            baggage: open ? (price?.baggage ?? []) : [],
            priority: open && !priority ? (price?.priority ?? null) : null,
          },
        });
      }
      const policy = policies.find((x) => x.policy.passengerId === p.id) ?? null;
      const insuranceBar = !st.ticket
        ? this.bar('not_ticketed', lang, 'addons.not_ticketed')
        : !remaining
          ? this.bar('flown', lang, 'addons.flown')
          : remaining.cutoff
            ? await this.legBarView('within_24h', remaining.first, lang)
            : policy
              ? this.bar('insured', lang, 'addons.already_insured')
              : !this.deps.insurance
                ? this.bar('not_sold', lang, 'insurance.abnormal')
                : null;
      const serviceBars = [];
      for (const code of SERVICE_CODES) {
        const bar = await this.serviceBar(p, code, addons, now, lang);
        if (bar) serviceBars.push({ serviceCode: code, bar });
      }
      const views = [];
      for (const a of addons.filter(
        (x) => x.passengerId === p.id && (x.status === 'paid' || x.status === 'unpaid'),
      )) {
        views.push(await this.view(a, order));
      }
      result.push({
        seq: p.seq,
        name: `${p.surname}/${p.givenName}`,
        passengerType: p.passengerType,
        ticketNo: st.ticket?.ticketNo ?? null,
        bar: st.ticket ? null : this.bar('not_ticketed', lang, 'addons.not_ticketed'),
        legs,
        insurance: {
          owned: policy
            ? {
                insuranceType: policy.plan?.code ?? '',
                status: policy.policy.status,
                policyNo: policy.policy.policyNo,
              }
            : null,
          bar: insuranceBar,
          coverFrom: remaining?.cover.from ?? null,
          coverTo: remaining?.cover.to ?? null,
        },
        serviceBars,
        addonOrders: views,
      });
    }
    return { orderNo: order.orderNo, currency: order.currency, passengers: result };
  }

  /**
   * The rest of the trip: the legs not yet departed, the local dates they cover, and whether the
   * next departure is within the 24-hour cut-off; null when every leg has departed.
   */
  private async remainingTrip(order: TicketedOrder, now: Date) {
    const legs = order.segments.filter((s) => s.depUtc > now);
    const first = legs[0];
    if (!first) return null;
    const local = [];
    for (const s of legs) {
      local.push({
        depTime: toLocalIso(s.depUtc, await this.zoneOf(s.depCode)),
        arrTime: toLocalIso(s.arrUtc, await this.zoneOf(s.arrCode)),
      });
    }
    const cover = tripCover(local)!;
    return { legs, first, cover, cutoff: addonLegBar({ depUtc: first.depUtc }, now) !== null };
  }

  /** secondaryIncrService/seatDetailsInfo: the leg's seat map, with the passenger's bars. */
  async seatDetails(
    req: { orderNo: string; seq: number; leg: number },
    actor: Actor,
    lang: LanguageTag,
  ): Promise<SeatMap> {
    const order = await this.orderFor(req.orderNo, actor);
    const p = this.passengerOf(order, req.seq);
    const s = order.segments.find((x) => x.seq === req.leg);
    if (!s) throw invalid([{ field: 'leg', key: 'addons.no_such_leg' }]);
    const now = this.deps.now();
    await this.checkLeg(order, p, s, 'leg', now);
    if (p.passengerType === 3) throw invalid([{ field: 'seq', key: 'seat.infant_no_seat' }]);
    const [current] = (await this.deps.seating.seatsOfPassengers([p.id])).filter(
      (x) => x.segmentRef === s.id,
    );
    return this.deps.seating.seatMap(s.flightId, {
      cabin: s.cabin,
      party: [
        {
          ref: String(p.seq),
          passengerType: p.passengerType as 1 | 2,
          birthday: p.birthday,
          withInfant: p.withInfant,
          ...(current ? { seat: current.seat } : {}),
        },
      ],
      lang,
    });
  }

  /** Refuses a leg that cannot get an add-on now: not ticketed or flown (the field), within 24 h (660). */
  private async checkLeg(
    order: TicketedOrder,
    p: TicketedPassenger,
    s: TicketedSegment,
    field: string,
    now: Date,
  ) {
    const tickets = await this.deps.tickets.currentByPassenger(order.id);
    const reason = this.standing(order, p, tickets, now).legBars.get(s.id) ?? null;
    if (reason === 'not_ticketed') throw invalid([{ field: 'seq', key: 'addons.not_ticketed' }]);
    if (reason === 'flown') throw invalid([{ field, key: 'addons.flown' }]);
    if (reason === 'within_24h') {
      throw new AppError('addonCutoff', {
        params: { departure: localDateTime(s.depUtc, await this.zoneOf(s.depCode)) },
        data: { departure: s.depUtc.toISOString(), flightNo: s.flightNo },
      });
    }
  }

  /** secondaryIncrService/getInsurancePrice: a plan's price for the rest of the passenger's trip. */
  async insurancePrice(
    req: { orderNo: string; seq: number; insuranceType: string },
    actor: Actor,
  ): Promise<InsurancePriceResponse> {
    const order = await this.orderFor(req.orderNo, actor);
    const p = this.passengerOf(order, req.seq);
    const { cover } = await this.insurableTrip(order, p, this.deps.now());
    return this.priceInsurance(order.currency, req.insuranceType, cover, 'insuranceType');
  }

  /** The rest of the trip an insurance add-on covers; refused when not ticketed, flown or within 24 h. */
  private async insurableTrip(order: TicketedOrder, p: TicketedPassenger, now: Date) {
    const trip = await this.remainingTrip(order, now);
    if (!trip) throw invalid([{ field: 'seq', key: 'addons.flown' }]);
    await this.checkLeg(order, p, trip.first, 'seq', now);
    return trip;
  }

  private async priceInsurance(
    currency: Currency,
    insuranceType: string,
    cover: { from: string; to: string },
    field: string,
  ): Promise<InsurancePriceResponse> {
    if (!this.deps.insurance) throw new AppError('insuranceAbnormal');
    try {
      return await this.deps.insurance.price({
        insuranceType,
        startDate: cover.from,
        endDate: cover.to,
        currency,
        insuredCount: 1,
      });
    } catch (err) {
      // The insurer's refusal (plan not sold, trip too long) is the plan's field; 650 stands.
      if (err instanceof AppError && err.errorName === 'invalidRequest') {
        const fields = err.fields.length > 0 ? err.fields : [{ field: '', key: 'insurance.plan_unknown' }];
        throw invalid(fields.map((f) => ({ ...f, field })));
      }
      throw err;
    }
  }

  /**
   * secondaryIncrService/createOrder: an add-on order for one passenger and service, priced here
   * (the catalogue in the order's currency, the insurer for the rest of the trip), a seat held at
   * once (all or nothing: 640 when taken), its payable opened for 15 minutes. The same
   * idempotency key answers the same add-on order again; under another request it is refused.
   */
  async createOrder(
    req: AddonCreateOrderRequest,
    actor: Actor,
    lang: LanguageTag,
  ): Promise<AddonCreateOrderReply> {
    const order = await this.orderFor(req.orderNo, actor);
    const p = this.passengerOf(order, req.seq);
    const hash = createHash('sha256')
      .update(
        JSON.stringify([
          req.seq,
          req.serviceCode,
          [...req.legs].sort(),
          req.seat ?? null,
          req.baggageKg ?? null,
          req.insurance ?? null,
        ]),
      )
      .digest('hex');
    const again = await this.repo.byKey(order.id, req.idempotencyKey);
    if (again) return this.replay(again, hash, order);

    const now = this.deps.now();
    const addons = await this.repo.ofOrder(order.id);
    await this.expireLapsedOf(addons, now);
    const code = req.serviceCode;
    const tickets = await this.deps.tickets.currentByPassenger(order.id);
    if (!this.standing(order, p, tickets, now).ticket)
      throw invalid([{ field: 'seq', key: 'addons.not_ticketed' }]);
    const serviceBar = await this.serviceBar(p, code, await this.repo.ofOrder(order.id), now, lang);
    if (serviceBar?.reason === 'blocked') {
      const opens = new Date(serviceBar.opensAt!);
      throw new AppError('addonBlocked', {
        params: { time: clockTime(opens, this.deps.zones.hubZone) },
        data: { opensAt: opens.toISOString() },
      });
    }
    if (serviceBar?.reason === 'pending') {
      throw new AppError('addonPending', {
        params: { secOrderNo: serviceBar.secOrderNo! },
        data: { secOrderNo: serviceBar.secOrderNo },
      });
    }

    const priced =
      code === 10
        ? await this.priceInsuranceAddon(req, order, p, now)
        : await this.priceLegAddon(req, order, p, now, lang);
    const amount = priced.lines.reduce((sum, l) => sum + l.amount, 0);
    const payDeadline = new Date(now.getTime() + ADDON_PAY_MINUTES * MINUTE);
    const actorLabel = actorName(actor);

    const made = await this.deps.db
      .transaction(async (tx) => {
        const repo = createAddonOrdersRepository(tx);
        const secOrderNo = await repo.nextSecOrderNo(now);
        const id = await repo.insert({
          secOrderNo,
          orderId: order.id,
          passengerId: p.id,
          serviceCode: code,
          amount,
          currency: order.currency,
          payDeadline,
          idempotencyKey: req.idempotencyKey,
          requestHash: hash,
          insurance: priced.insurance,
          lines: priced.lines,
          now,
        });
        if (!id) return null;
        await recordAddonEvent(
          tx,
          id,
          { type: 'created', actor: actorLabel, data: { amount, currency: order.currency } },
          now,
        );
        if (code === 12) {
          const line = priced.lines[0]!;
          const s = order.segments.find((x) => x.id === line.segmentId)!;
          await this.deps.seating.holdSeats(tx, id, [
            {
              flightId: s.flightId,
              seat: line.seat!,
              cabin: s.cabin,
              passengerRef: p.id,
              segmentRef: s.id,
              taker: { birthday: p.birthday, passengerType: p.passengerType, withInfant: p.withInfant },
            },
          ]);
        }
        const rec = (await repo.bySecOrderNo(secOrderNo))!;
        if (amount === 0) {
          // A free seat (a standard seat some routes file at 0) has nothing to pay: it is confirmed at once.
          await repo.move(id, ['unpaid'], 'paid', now);
          const { emds } = await deliverAddon(tx, this.deps, rec, order, now);
          await recordAddonEvent(
            tx,
            id,
            { type: 'paid', actor: actorLabel, data: { free: true, emds } },
            now,
          );
        } else {
          await createPayable(tx, {
            kind: 'addon',
            reference: secOrderNo,
            ownerUserId: order.userId,
            amount,
            currency: order.currency,
            lines: priced.lines.map((l) => ({
              kind: 'addon',
              code: String(code),
              passengerRef: p.id,
              segmentRef: l.segmentId,
              amount: l.amount,
            })),
            dueAt: payDeadline,
            contact: { ...order.contact, language: order.language },
            now,
          });
        }
        return secOrderNo;
      })
      .catch(async (err: unknown) => {
        // A concurrent purchase of the same service for the passenger won: this one waits for it.
        if (!violates(err, 'addon_orders_one_unpaid_key')) throw err;
        const open = (await this.repo.ofOrder(order.id)).find(
          (a) => a.passengerId === p.id && a.serviceCode === code && a.status === 'unpaid',
        );
        throw new AppError('addonPending', {
          params: { secOrderNo: open?.secOrderNo ?? '' },
          data: { secOrderNo: open?.secOrderNo ?? null },
        });
      });
    if (made === null) {
      // Another request with this key won the race: answer what it made.
      const winner = await this.repo.byKey(order.id, req.idempotencyKey);
      if (!winner) throw new Error('add-on order key taken, and no add-on order under it');
      return this.replay(winner, hash, order);
    }
    if (amount === 0) this.deps.insurance?.wakePurchase();
    return this.createdReply((await this.repo.bySecOrderNo(made))!, order);
  }

  private async replay(
    rec: AddonOrderRecord,
    hash: string,
    order: TicketedOrder,
  ): Promise<AddonCreateOrderReply> {
    if (rec.requestHash !== hash) {
      throw new AppError('idempotencyKeyReused', {
        fields: [{ field: 'idempotencyKey', key: 'idempotency_key_reused' }],
      });
    }
    return this.createdReply(rec, order);
  }

  private async createdReply(rec: AddonOrderRecord, order: TicketedOrder): Promise<AddonCreateOrderReply> {
    const v = await this.view(rec, order);
    return {
      orderNo: rec.secOrderNo,
      secOrderNo: rec.secOrderNo,
      totalAmt: v.totalAmt,
      serviceCode: rec.serviceCode,
      payDeadline: v.payDeadline,
      lines: v.lines,
    };
  }

  /** Prices a seat, baggage or priority add-on on the chosen legs; a 400 names every bad field. */
  private async priceLegAddon(
    req: AddonCreateOrderRequest,
    order: TicketedOrder,
    p: TicketedPassenger,
    now: Date,
    lang: LanguageTag,
  ): Promise<{ lines: NewAddonLine[]; insurance: null }> {
    if (p.passengerType === 3) throw invalid([{ field: 'seq', key: 'addons.infant_no_service' }]);
    if (req.legs.length === 0) throw invalid([{ field: 'legs', key: 'addons.legs_required' }]);
    const issues: RuleIssue[] = [];
    const segments: TicketedSegment[] = [];
    req.legs.forEach((leg, i) => {
      const s = order.segments.find((x) => x.seq === leg);
      if (!s || segments.includes(s)) issues.push({ field: `legs.${i}`, key: 'addons.no_such_leg' });
      else segments.push(s);
    });
    if (issues.length > 0) throw invalid(issues);
    for (const [i, s] of segments.entries()) await this.checkLeg(order, p, s, `legs.${i}`, now);
    const prices = await this.legPricesOf(order, segments);
    const lines: NewAddonLine[] = [];
    const line = (s: TicketedSegment, amount: number, extra: Partial<NewAddonLine> = {}): NewAddonLine => ({
      segmentId: s.id,
      seat: null,
      weightKg: null,
      insuranceType: null,
      coverFrom: null,
      coverTo: null,
      amount,
      ...extra,
    });
    if (req.serviceCode === 13) {
      if (!req.baggageKg) throw invalid([{ field: 'baggageKg', key: 'addons.baggage_required' }]);
      for (const s of segments) {
        const step = prices.get(s.id)?.baggage.find((b) => b.weightKg === req.baggageKg);
        if (!step)
          issues.push({ field: 'baggageKg', key: 'addons.baggage_not_sold', params: { kg: req.baggageKg } });
        else lines.push(line(s, step.price.amount, { weightKg: step.weightKg }));
      }
    } else if (req.serviceCode === 11) {
      const paid = (await this.repo.ofOrder(order.id)).filter(
        (a) => a.passengerId === p.id && a.serviceCode === 11 && a.status === 'paid',
      );
      for (const [i, s] of segments.entries()) {
        const owned =
          order.bought.some((b) => b.passengerId === p.id && b.segmentId === s.id && b.code === '11') ||
          paid.some((a) => a.lines.some((l) => l.segmentId === s.id));
        const price = prices.get(s.id)?.priority;
        if (owned) issues.push({ field: `legs.${i}`, key: 'addons.priority_owned' });
        else if (!price) issues.push({ field: `legs.${i}`, key: 'addons.priority_not_sold' });
        else lines.push(line(s, price.amount));
      }
    } else {
      if (!req.seat) throw invalid([{ field: 'seat', key: 'addons.seat_required' }]);
      if (segments.length !== 1) throw invalid([{ field: 'legs', key: 'addons.seat_one_leg' }]);
      const s = segments[0]!;
      const seat = req.seat;
      const map = await this.deps.seating.seatMap(s.flightId, { cabin: s.cabin, lang });
      const entry = map.seats.find((x) => x.seat === seat);
      const [current] = (await this.deps.seating.seatsOfPassengers([p.id])).filter(
        (x) => x.segmentRef === s.id,
      );
      const typePrice = entry ? prices.get(s.id)?.seats.get(entry.seatType) : undefined;
      if (!entry) issues.push({ field: 'seat', key: 'seat.not_on_map', params: { seat } });
      else if (entry.cabin !== s.cabin)
        issues.push({ field: 'seat', key: 'seat.wrong_cabin', params: { seat } });
      else if (current?.seat === seat)
        issues.push({ field: 'seat', key: 'addons.seat_same', params: { seat } });
      else {
        const bar = seatBar(
          { birthday: p.birthday, passengerType: p.passengerType, withInfant: p.withInfant },
          entry,
          map.date,
          'seat',
        );
        if (bar) issues.push(bar);
        else if (!typePrice) issues.push({ field: 'seat', key: 'addons.seat_not_sold', params: { seat } });
        else lines.push(line(s, typePrice.amount, { seat }));
      }
    }
    if (issues.length > 0) throw invalid(issues);
    return { lines, insurance: null };
  }

  /** Prices an insurance add-on for the rest of the trip; the insured's entry is kept for the policy. */
  private async priceInsuranceAddon(
    req: AddonCreateOrderRequest,
    order: TicketedOrder,
    p: TicketedPassenger,
    now: Date,
  ): Promise<{ lines: NewAddonLine[]; insurance: Record<string, unknown> }> {
    if (!req.insurance) throw invalid([{ field: 'insurance', key: 'addons.insurance_required' }]);
    const entryIssues = checkInsuranceEntry(req.insurance);
    if (entryIssues.length > 0)
      throw invalid(entryIssues.map((x) => ({ ...x, field: `insurance.${x.field}` })));
    const { cover } = await this.insurableTrip(order, p, now);
    const policies = this.deps.insurance ? await this.deps.insurance.policyViews(order.id) : [];
    if (policies.some((x) => x.policy.passengerId === p.id)) {
      throw invalid([{ field: 'insurance', key: 'addons.already_insured' }]);
    }
    const code = req.insurance.insuranceType.trim().toUpperCase();
    const q = await this.priceInsurance(order.currency, code, cover, 'insurance.insuranceType');
    return {
      lines: [
        {
          segmentId: null,
          seat: null,
          weightKg: null,
          insuranceType: code,
          coverFrom: q.cover.coverFrom,
          coverTo: q.cover.coverTo,
          amount: q.unitPrice.amount,
        },
      ],
      insurance: {
        insuranceType: code,
        coverFrom: q.cover.coverFrom,
        coverTo: q.cover.coverTo,
        insuredName: `${p.surname}/${p.givenName}`,
        entry: { ...req.insurance, insuranceType: code },
      },
    };
  }

  /** secondaryIncrService/payUrl: start paying an add-on order (as payment/getPayUrl; 204 for one not the caller's). */
  async payUrl(
    req: { secOrderNo: string; method: PayMethod },
    actor: Actor,
    options: { clientIp: string; language?: number },
  ): Promise<PayUrlResponse> {
    const rec = await this.repo.bySecOrderNo(req.secOrderNo);
    if (rec?.status === 'unpaid' && rec.payDeadline <= this.deps.now()) await this.expire(rec.secOrderNo);
    return this.deps.payments.getPayUrl(req.secOrderNo, req.method, actor, { ...options, kind: 'addon' });
  }

  /**
   * secondaryIncrService/updateOrderStatus: `abandoned` cancels an unpaid add-on order (its seat
   * freed; the same purchase waits 15 minutes); `check` asks the gateway about a pending payment.
   * Either answers the add-on order's state.
   */
  async updateStatus(
    req: { secOrderNo: string; status: 'abandoned' | 'check' },
    actor: Actor,
  ): Promise<AddonOrderState> {
    const { rec } = await this.addonFor(req.secOrderNo, actor);
    const now = this.deps.now();
    if (req.status === 'abandoned' && rec.status === 'unpaid') {
      await this.deps.db.transaction((tx) =>
        closeAddon(tx, this.deps, rec.secOrderNo, 'canceled', 'abandoned', actorName(actor), now),
      );
    }
    let paymentStatus: string | null = null;
    if (rec.amount > 0) {
      // The pay status asks the gateway about a pending payment first and applies a success.
      paymentStatus = (await this.deps.payments.status(rec.secOrderNo, actor, 'addon')).paymentStatus;
    }
    return this.state((await this.repo.bySecOrderNo(rec.secOrderNo))!, paymentStatus);
  }

  private async state(rec: AddonOrderRecord, paymentStatus: string | null): Promise<AddonOrderState> {
    const opens = addonBlockedUntil(
      await this.repo.lastAbandoned(rec.passengerId, rec.serviceCode),
      this.deps.now(),
    );
    return {
      secOrderNo: rec.secOrderNo,
      serviceCode: rec.serviceCode,
      status: rec.status,
      payStatus:
        rec.status === 'paid' || rec.status === 'refunded'
          ? OrderPayStatus.paid
          : rec.status === 'unpaid'
            ? OrderPayStatus.un_paid
            : OrderPayStatus.canceled,
      paymentStatus,
      emdNumbers: rec.lines.flatMap((l) => (l.emdNo ? [l.emdNo] : [])),
      opensAt: opens?.toISOString() ?? null,
    };
  }

  /** secondaryIncrService/updateOrderStatus/weChat: a WeChat (mini-program) payment of the add-on order. */
  async wechatPay(
    req: { secOrderNo: string; openid?: string | undefined },
    actor: Actor,
    clientIp: string,
  ): Promise<JsPrepayOrderResponse> {
    const rec = await this.repo.bySecOrderNo(req.secOrderNo);
    if (rec?.status === 'unpaid' && rec.payDeadline <= this.deps.now()) await this.expire(rec.secOrderNo);
    const started = await this.deps.payments.startPayment(req.secOrderNo, 'wechat', actor, {
      clientIp,
      ...(req.openid ? { openid: req.openid } : {}),
      kind: 'addon',
    });
    return {
      ...started,
      clientParams: started.clientParams ? ZWechatPayParams.parse(started.clientParams) : null,
    };
  }

  /** Expires an unpaid add-on order past its deadline (its payable closed, its seat freed); whether it did. */
  async expire(secOrderNo: string): Promise<boolean> {
    const now = this.deps.now();
    return this.deps.db.transaction((tx) =>
      closeAddon(tx, this.deps, secOrderNo, 'expired', 'expired', 'system', now),
    );
  }

  /** The expiry sweep: every unpaid add-on order past its deadline; how many were expired. */
  async expireLapsed(limit = 100): Promise<number> {
    let n = 0;
    for (const no of await this.repo.lapsed(this.deps.now(), limit)) if (await this.expire(no)) n++;
    return n;
  }

  /** The paid (and refunded) add-on orders of an order, with their EMD numbers: order detail, the itinerary. */
  ofOrder(orderId: string): Promise<AddonOrderView[]> {
    return addonOrdersOfOrder(this.deps.db, orderId);
  }

  /** Staff: every add-on order of an order, any status (the console's order page); null for an unknown order. */
  async allOfOrder(orderNo: string): Promise<AddonOrderView[] | null> {
    const order = await ticketedOrder(this.deps.db, { orderNo });
    if (!order) return null;
    const views = [];
    for (const a of await this.repo.ofOrder(order.id)) views.push(await this.view(a, order));
    return views;
  }

  /**
   * Refunds the paid add-on orders of a ticket (a passenger's journey in an order) when the ticket
   * is refunded (the ticket refund calls it where its rules allow): each one's payment is refunded
   * in part for its amount through payments (reason `ticket_refund`, a job sends it to the
   * gateway and mails the notice), then the add-on is marked refunded and its seat freed. A
   * second call refunds nothing again. The add-on orders refunded by this call.
   */
  async refundTicketAddons(
    ticket: { orderId: string; passengerId: string },
    actor: Actor,
  ): Promise<Array<{ secOrderNo: string; refundId: string | null }>> {
    const done: Array<{ secOrderNo: string; refundId: string | null }> = [];
    const ofPassenger = (await this.repo.ofOrder(ticket.orderId)).filter(
      (a) => a.passengerId === ticket.passengerId,
    );
    // Those not paid yet are dropped: their payables closed, a held seat freed for good; a payment
    // arriving later is refunded (the payable owner's settle answers `gone`).
    for (const a of ofPassenger.filter((x) => x.status === 'unpaid')) {
      const now = this.deps.now();
      const closed = await this.deps.db.transaction((tx) =>
        closeAddon(tx, this.deps, a.secOrderNo, 'canceled', 'ticket_refund', actorName(actor), now),
      );
      if (closed) done.push({ secOrderNo: a.secOrderNo, refundId: null });
    }
    const paid = ofPassenger.filter((a) => a.status === 'paid');
    for (const a of paid) {
      let refundId: string | null = null;
      if (a.amount > 0) {
        const payments: PaymentView[] = await paymentsOf(this.deps.db, 'addon', a.secOrderNo);
        const kept = payments.find((x) => x.status === 'succeeded');
        // Already refunded in full by an earlier run that stopped before marking: only the mark is left.
        if (kept && kept.refundedTotal < a.amount) {
          refundId = await this.deps.payments.refundPart(kept.id, {
            amount: a.amount - kept.refundedTotal,
            reason: 'ticket_refund',
            passengerRef: a.passengerId,
            lineRef: a.secOrderNo,
          });
        }
      }
      const now = this.deps.now();
      const moved = await this.deps.db.transaction(async (tx) => {
        if (!(await createAddonOrdersRepository(tx).move(a.id, ['paid'], 'refunded', now, 'ticket_refund')))
          return false;
        if (a.serviceCode === 12) await this.deps.seating.releaseSeats(tx, a.id, 'refunded');
        await recordAddonEvent(
          tx,
          a.id,
          { type: 'refunded_with_ticket', actor: actorName(actor), data: { refundId } },
          now,
        );
        return true;
      });
      if (moved) done.push({ secOrderNo: a.secOrderNo, refundId });
    }
    return done;
  }
}

/** Whether a PostgreSQL error (or its cause) is a unique violation of `constraint`. */
function violates(err: unknown, constraint: string): boolean {
  let e: unknown = err;
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    const pgErr = e as { code?: string; constraint?: string; cause?: unknown };
    if (pgErr.code === '23505' && pgErr.constraint === constraint) return true;
    e = pgErr.cause;
  }
  return false;
}
