import {
  type AddonOrderView,
  LANGUAGE_TAGS,
  type LanguageTag,
  type Money,
  type OrderDetail,
  OrderPayStatus,
  type SendItineraryRequest,
  type SendItineraryResponse,
  TicketStatus,
} from '@wings/contracts';
import { toLocalIso } from '@wings/rules';
import { type Actor, SYSTEM } from '../../platform/access';
import { AppError } from '../../platform/errors';
import {
  BRAND_NAME,
  customerServiceContactLine,
  customerServiceHoursLine,
  customerServiceNow,
} from '../../platform/mail/layout';
import type { Mailer } from '../../platform/mail/mailer';
import type { RateLimiter } from '../../platform/rate-limit';
import type { AirportZones } from '../network';
import { CHECK_IN, fill, LABELS } from './itinerary-labels';
import { itineraryMail } from './itinerary-mail';
import { type ItineraryDocument, type ItineraryLeg, renderItineraryPdf } from './itinerary-pdf';

/** Itinerary mails per order: 5 in an hour, then 606 until the hour is over. */
export const ITINERARY_SEND_LIMIT = { max: 5, windowMs: 60 * 60_000 } as const;

/** What the itinerary needs of an order beyond its detail: where and in which language to mail it. */
export interface OrderMailFacts {
  contactEmail: string;
  /** 0 zh, 1 en, 2 km (the order's language). */
  language: number;
  /** When every passenger had an e-ticket; null while ticketing is still owed. */
  ticketedAt: Date | null;
}

/** What the itinerary needs of the order's owner, the booking module (its orders service). */
export interface ItineraryOrders {
  /** The order as `actor` may read it (owner, grant or staff); CAS912 when they may not. */
  detail(orderNo: string, actor: Actor): Promise<OrderDetail>;
  /** The order's contact e-mail (unmasked), language and ticketing time; asked after `detail`. */
  mailFacts(orderNo: string): Promise<OrderMailFacts | null>;
}

export interface ItineraryServiceDeps {
  /** Booking's reading of an order, with its access rule. */
  orders: ItineraryOrders;
  /** The add-ons bought after ticketing (secondary-services), each line with its EMD number. */
  addonOrders?(orderNo: string): Promise<AddonOrderView[]>;
  /** Airport names by code, in the three languages (the network module's data). */
  airportNames(): Promise<ReadonlyMap<string, Record<LanguageTag, string>>>;
  zones: AirportZones;
  limiter: RateLimiter;
  mailer: () => Mailer;
  log: { info(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
}

/** `d***@example.com`: enough for the traveller to recognise the address, not to harvest it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

function minutesBefore(localIso: string, minutes: number, zone: string): string {
  return toLocalIso(new Date(Date.parse(localIso) - minutes * 60_000), zone);
}

/**
 * Sends the e-ticket itinerary of a paid, ticketed order as a PDF (after-sales-and-loyalty.md
 * §7, §8 sendItinerary), to the order's contact e-mail or to the address the caller gives.
 * Only the order's logged-in owner or a guest with the look-up grant may ask, so letting them
 * choose the address gives nothing away they cannot already read.
 */
export class ItineraryService {
  constructor(private readonly deps: ItineraryServiceDeps) {}

  async send(request: SendItineraryRequest, actor: Actor): Promise<SendItineraryResponse> {
    const { deps } = this;
    let detail: OrderDetail;
    try {
      detail = await deps.orders.detail(request.orderNo, actor);
    } catch (err) {
      // Unknown or not the caller's: the same 204 either way, so nothing can be probed.
      if (err instanceof AppError && err.errorName === 'orderNotFound') {
        throw new AppError('itineraryOrderNotFound');
      }
      throw err;
    }
    // A canceled order was never paid (or its payment was given back): it has no itinerary.
    if (detail.status === OrderPayStatus.canceled) throw new AppError('itineraryOrderCanceled');
    if (detail.status !== OrderPayStatus.paid) throw new AppError('itineraryUnpaid');
    const facts = await deps.orders.mailFacts(detail.orderNo);
    if (!facts) throw new AppError('itineraryOrderNotFound');
    if (!facts.ticketedAt || detail.passengers.some((p) => !p.ticket)) {
      throw new AppError('itineraryNotTicketed');
    }
    const allowed = await deps.limiter.take(
      `itinerary:${detail.orderNo}`,
      ITINERARY_SEND_LIMIT.max,
      ITINERARY_SEND_LIMIT.windowMs,
    );
    if (!allowed) throw new AppError('itineraryTooMany');

    const document = await this.document(detail, facts, facts.ticketedAt);
    const pdf = await renderItineraryPdf(document);
    const to = request.email ?? facts.contactEmail;
    try {
      await deps.mailer().send(itineraryMail(to, document, pdf));
    } catch (err) {
      deps.log.error({ err, orderNo: detail.orderNo }, 'itinerary mail could not be sent');
      throw new AppError('itinerarySendFailed', { cause: err });
    }
    deps.log.info({ orderNo: detail.orderNo, to: maskEmail(to), bytes: pdf.length }, 'itinerary sent');
    return { sentTo: maskEmail(to) };
  }

  /**
   * Mails the itinerary again on the system's initiative, to the order's contact e-mail: after a
   * change of date committed (issue 16, modules/changes), so the traveller holds the new flights
   * and ticket numbers. Best effort, after the commit: an order not paid or not ticketed is
   * skipped, and a failure is logged, never thrown (the change stands; the traveller or an agent
   * can send it again). It is not counted against the traveller's per-order send limit.
   */
  async resend(orderNo: string, reason: 'rescheduled'): Promise<void> {
    const { deps } = this;
    try {
      const detail = await deps.orders.detail(orderNo, SYSTEM);
      const facts = await deps.orders.mailFacts(orderNo);
      if (
        detail.status !== OrderPayStatus.paid ||
        !facts?.ticketedAt ||
        detail.passengers.some((p) => !p.ticket)
      ) {
        deps.log.info({ orderNo, reason }, 'itinerary not resent: the order is not paid and ticketed');
        return;
      }
      const document = await this.document(detail, facts, facts.ticketedAt);
      const pdf = await renderItineraryPdf(document);
      await deps.mailer().send(itineraryMail(facts.contactEmail, document, pdf));
      deps.log.info({ orderNo, reason, to: maskEmail(facts.contactEmail) }, 'itinerary resent');
    } catch (err) {
      deps.log.error({ err, orderNo, reason }, 'itinerary could not be resent');
    }
  }

  /** What the PDF shows, in the order's language, every time in its airport's zone. */
  private async document(
    detail: OrderDetail,
    facts: OrderMailFacts,
    ticketedAt: Date,
  ): Promise<ItineraryDocument> {
    const lang = LANGUAGE_TAGS[facts.language] ?? 'zh';
    const [names, zones] = await Promise.all([this.deps.airportNames(), this.deps.zones.zones()]);
    const nameOf = (code: string) => names.get(code)?.[lang] ?? code;
    const legs: ItineraryLeg[] = detail.legs.map((leg) => {
      const zone = zones.get(leg.depCode) ?? this.deps.zones.hubZone;
      return {
        flightNo: leg.flightNo,
        dep: { code: leg.depCode, name: nameOf(leg.depCode), time: leg.depTime },
        arr: { code: leg.arrCode, name: nameOf(leg.arrCode), time: leg.arrTime },
        cabin: leg.cabin,
        bookingClass: leg.bookingClass,
        family: leg.family,
        aircraft: leg.aircraft,
        checkIn: {
          opens: minutesBefore(leg.depTime, CHECK_IN.opensMinutes, zone),
          closes: minutesBefore(leg.depTime, CHECK_IN.closesMinutes, zone),
          gateCloses: minutesBefore(leg.depTime, CHECK_IN.gateClosesMinutes, zone),
        },
      };
    });
    const { price } = detail;
    const later = this.deps.addonOrders ? await this.deps.addonOrders(detail.orderNo) : [];
    // The admin's customer-service contact (modules/settings keeps each process's copy current).
    const contact = customerServiceNow();
    return {
      lang,
      brand: BRAND_NAME[lang],
      orderNo: detail.orderNo,
      pnr: detail.pnr,
      // Tickets are issued by the airline at its hub; the date is Phnom Penh's.
      issuedAt: toLocalIso(ticketedAt, this.deps.zones.hubZone),
      passengers: detail.passengers.map((p) => ({
        surname: p.surname,
        givenName: p.givenName,
        title: p.title,
        passengerType: p.passengerType,
        ticketNo: p.ticket?.ticketNo ?? '',
        ticketStatus: p.ticket?.status ?? TicketStatus.issued,
      })),
      legs,
      price: {
        currency: price.currency,
        fareTotal: price.fareTotal,
        taxes: price.taxes,
        addonTotal: price.addonTotal,
        addons: [...addonRows(detail, lang), ...emdRows(later, lang)],
        discount: price.discount,
        total: price.total,
        promoCode: price.promoCode,
      },
      serviceHours: customerServiceHoursLine(lang, contact),
      serviceContact: customerServiceContactLine(lang, contact),
    };
  }
}

/**
 * The order's add-ons as the itinerary lists them (issue 14), in the traveller's language: what
 * each is (a seat and its number, a baggage step, priority boarding, an insurance plan, the
 * refundable upgrade), whose and on which flight (every flight for a line of the whole trip:
 * insurance and the upgrade), and its amount.
 */
export function addonRows(
  detail: Pick<OrderDetail, 'price' | 'passengers' | 'legs' | 'insurance'>,
  lang: LanguageTag,
): Array<{ label: string; detail: string; amount: Money }> {
  const l = LABELS[lang];
  const lines = detail.price.addonLines ?? [];
  const names = new Map(detail.passengers.map((p) => [p.seq, `${p.surname} ${p.givenName}`.trim()]));
  const plans = new Map(
    (detail.insurance ?? []).map((i) => [i.passengerSeq, i.planName[lang] || i.insuranceType]),
  );
  // The upgrade is priced per leg but bought once: one row per passenger, its legs summed.
  const rows: Array<{ key: string; label: string; detail: string; amount: Money }> = [];
  for (const line of lines) {
    const seq = line.passengerSeq ?? -1;
    const whole = line.code === '10' || line.code === 'ERT';
    const flight = whole
      ? detail.legs.map((leg) => leg.flightNo).join(' / ')
      : (detail.legs[line.leg ?? 0]?.flightNo ?? '');
    const label =
      line.code === '12'
        ? fill(l.addonSeat, { seat: line.seat ?? '' }).trim()
        : line.code === '13'
          ? fill(l.addonBaggage, { kg: line.weightKg ?? '' })
          : line.code === '11'
            ? l.addonPriority
            : line.code === '10'
              ? fill(l.addonInsurance, { plan: plans.get(seq) ?? line.insuranceType ?? '' }).trim()
              : l.addonUpgrade;
    const key = whole ? `${line.code}/${seq}` : `${line.code}/${seq}/${line.leg}`;
    const same = rows.find((r) => r.key === key);
    if (same) {
      same.amount = { ...same.amount, amount: same.amount.amount + line.amount.amount };
      continue;
    }
    rows.push({
      key,
      label,
      detail: fill(l.addonFor, { name: names.get(seq) ?? '', flight }),
      amount: line.amount,
    });
  }
  return rows.map(({ key: _key, ...row }) => row);
}

/**
 * The add-ons bought after ticketing, paid (a refunded one is no longer the traveller's), one row
 * per line: what it is, whose, on which flight, its EMD number, its amount.
 */
export function emdRows(
  orders: readonly AddonOrderView[],
  lang: LanguageTag,
): Array<{ label: string; detail: string; amount: Money }> {
  const l = LABELS[lang];
  return orders
    .filter((o) => o.status === 'paid')
    .flatMap((o) =>
      o.lines.map((line) => {
        const label =
          o.serviceCode === 12
            ? fill(l.addonSeat, { seat: line.seat ?? '' }).trim()
            : o.serviceCode === 13
              ? fill(l.addonBaggage, { kg: line.weightKg ?? '' })
              : o.serviceCode === 11
                ? l.addonPriority
                : fill(l.addonInsurance, { plan: line.insuranceType ?? '' }).trim();
        const whose = fill(l.addonFor, { name: o.passengerName, flight: line.flightNo ?? '' }).replace(
          / · $/,
          '',
        );
        const emd = line.emdNo ? ` · ${fill(l.addonEmd, { emd: line.emdNo })}` : '';
        return { label, detail: `${whose}${emd}`, amount: line.amount };
      }),
    );
}
