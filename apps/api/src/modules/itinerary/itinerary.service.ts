import {
  LANGUAGE_TAGS,
  type LanguageTag,
  type OrderDetail,
  type SendItineraryRequest,
  type SendItineraryResponse,
} from '@wings/contracts';
import { toLocalIso } from '@wings/rules';
import { HUB_TIME_ZONE } from '../../db/seed/network-data';
import { AppError } from '../../platform/errors';
import { BRAND_NAME, SERVICE_HOURS } from '../../platform/mail/layout';
import type { Mailer } from '../../platform/mail/mailer';
import type { RateLimiter } from '../../platform/rate-limit';
import type { DetailCaller, OrdersService } from '../orders/orders.service';
import type { AirportZones } from '../shopping/airport-zones';
import type { OrderMailFacts } from './itinerary.repository';
import { CHECK_IN } from './itinerary-labels';
import { itineraryMail } from './itinerary-mail';
import { type ItineraryDocument, type ItineraryLeg, renderItineraryPdf } from './itinerary-pdf';

/** Itinerary mails per order: 5 in an hour, then 606 until the hour is over. */
export const ITINERARY_SEND_LIMIT = { max: 5, windowMs: 60 * 60_000 } as const;

export interface ItineraryServiceDeps {
  /** The orders module's reading of an order, with its access rule (owner or guest grant). */
  orders: Pick<OrdersService, 'detail'>;
  /** The contact e-mail, language and ticketing time of an order. */
  mailFacts(orderNo: string): Promise<OrderMailFacts | null>;
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

  async send(request: SendItineraryRequest, caller: DetailCaller): Promise<SendItineraryResponse> {
    const { deps } = this;
    let detail: OrderDetail;
    try {
      detail = await deps.orders.detail(request.orderNo, caller);
    } catch (err) {
      // Unknown or not the caller's: the same 204 either way, so nothing can be probed.
      if (err instanceof AppError && err.errorName === 'orderNotFound') {
        throw new AppError('itineraryOrderNotFound');
      }
      throw err;
    }
    // A canceled order was never paid (or its payment was given back): it has no itinerary.
    if (detail.status === 2) throw new AppError('itineraryOrderCanceled');
    if (detail.status !== 1) throw new AppError('itineraryUnpaid');
    const facts = await deps.mailFacts(detail.orderNo);
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
      const zone = zones.get(leg.depCode) ?? HUB_TIME_ZONE;
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
    return {
      lang,
      brand: BRAND_NAME[lang],
      orderNo: detail.orderNo,
      pnr: detail.pnr,
      // Tickets are issued by the airline at its hub; the date is Phnom Penh's.
      issuedAt: toLocalIso(ticketedAt, HUB_TIME_ZONE),
      passengers: detail.passengers.map((p) => ({
        surname: p.surname,
        givenName: p.givenName,
        title: p.title,
        passengerType: p.passengerType,
        ticketNo: p.ticket?.ticketNo ?? '',
        ticketStatus: p.ticket?.status ?? 0,
      })),
      legs,
      price: {
        currency: price.currency,
        fareTotal: price.fareTotal,
        taxes: price.taxes,
        addonTotal: price.addonTotal,
        discount: price.discount,
        total: price.total,
        promoCode: price.promoCode,
      },
      serviceHours: SERVICE_HOURS[lang],
    };
  }
}
