import { randomInt, randomUUID } from 'node:crypto';
import type { LanguageTag } from '@wings/contracts';
import {
  SANDBOX_SIGNATURE_HEADER,
  sandboxNotification,
  signSandbox,
} from '../../src/platform/payments/sandbox/sandbox.gateway';
import { serverKeys } from '../../src/platform/secrets';
import type { TestApp } from '../helpers';
import { contact as defaultContact, knownCaptcha, party } from '../support/booking';
import type { PrivateFlight } from './flights';

/**
 * Orders for tests (CODE_STYLE.md §11), made the way the modules make them (a priced offer, the booking
 * service, a sandbox payment, the ticketing step), not through HTTP: what a test sets up is what
 * the product would have stored.
 */

export type OrderStatus = 'unpaid' | 'paid' | 'canceled';

export interface OrderSpec {
  /** The flights of the journey in order: one, or out and back. */
  flight: PrivateFlight | PrivateFlight[];
  /** `[adults, children, infants]`; one adult by default. */
  passengers?: [number, number, number];
  /** Field overrides of the i-th passenger (a document number, a name). */
  passengerDetails?: Array<Record<string, unknown>>;
  /** `unpaid` (holding its seats until its pay deadline) by default. */
  status?: OrderStatus;
  /** The member who books it; a guest (with a solved captcha) when absent. */
  userId?: string | null;
  /** The language the order is made in (its mail and documents); English by default. */
  lang?: LanguageTag;
  /** Booking class on every segment; M by default. */
  bookingClass?: string;
  /** The contact; its e-mail is one of the order's own by default. */
  contact?: Partial<typeof defaultContact>;
  promoCode?: string;
}

export interface ScenarioOrder {
  id: string;
  orderNo: string;
  pnr: string;
  flightId: string;
  flights: PrivateFlight[];
  /** Amount due in the order's currency, minor units. */
  total: number;
  currency: string;
  email: string;
  /** The order grant booking answered with (a guest sends it in the `orderToken` header). */
  orderToken: string;
  /** The passengers' document numbers, in order. */
  docs: string[];
  status: OrderStatus;
  /** The sandbox payment that paid it, when paid. */
  paymentId?: string;
}

/** An order in the given status. */
export async function anOrder(t: TestApp, spec: OrderSpec): Promise<ScenarioOrder> {
  const flights = Array.isArray(spec.flight) ? spec.flight : [spec.flight];
  const counts = spec.passengers ?? [1, 0, 0];
  const userId = spec.userId ?? null;
  const lang = spec.lang ?? 'en';
  const first = flights[0]!;

  const offer = await t.app.pricing.createOffer({
    passengers: counts,
    segments: flights.map((f) => ({ flightId: f.flightId, bookingClass: spec.bookingClass ?? 'M' })),
    userId,
  });
  const tag = randomUUID().slice(0, 6).toUpperCase();
  const passengers = party(counts, first.depLocalDate).map((p, i) => ({
    ...p,
    docNumber: `S${tag}${String(i).padStart(2, '0')}`,
    ...spec.passengerDetails?.[i],
  }));
  const email = spec.contact?.email ?? `o${randomUUID().slice(0, 13)}@example.com`;
  const saved = await t.app.booking.saveTicketOrder(
    {
      offerId: offer.offerId,
      passengers: passengers as never,
      contact: { ...defaultContact, ...spec.contact, email },
      promoCode: spec.promoCode ?? null,
      idempotencyKey: randomUUID(),
      acceptTerms: true,
      ...(userId ? {} : { captchaId: await knownCaptcha(t), captcha: 'abcd' }),
    },
    { userId, lang, ip: `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}` },
  );
  const { rows } = await t.database.pool.query<{ id: string }>('select id from orders where order_no = $1', [
    saved.orderNo,
  ]);
  const order: ScenarioOrder = {
    id: rows[0]!.id,
    orderNo: saved.orderNo,
    pnr: saved.pnr,
    flightId: first.flightId,
    flights,
    total: saved.amountDue.amount,
    currency: saved.amountDue.currency,
    email,
    orderToken: saved.orderToken ?? '',
    docs: passengers.map((p) => p.docNumber as string),
    status: 'unpaid',
  };
  if (spec.status === 'paid') await payOrder(t, order);
  if (spec.status === 'canceled') await cancelOrder(t, order);
  return order;
}

/** A paid order whose tickets are issued, as the ticketing step leaves it; with its ticket numbers. */
export async function aPaidOrderWithTickets(
  t: TestApp,
  spec: Omit<OrderSpec, 'status'>,
): Promise<ScenarioOrder & { tickets: string[] }> {
  const order = await anOrder(t, { ...spec, status: 'paid' });
  return { ...order, tickets: await ticketOrder(t, order) };
}

/**
 * Pays an unpaid order in full through the sandbox gateway: a card payment started for it, then
 * the gateway's signed notification of success. Ticketing is left to the test (the
 * job runner does not run in tests): see `ticketOrder`.
 */
export async function payOrder(
  t: TestApp,
  order: Pick<ScenarioOrder, 'orderNo'> & Partial<ScenarioOrder>,
): Promise<string> {
  // Started by the system for the order's owner: the builder stands in for whoever pays.
  const started = await t.app.payments.startPayment(
    order.orderNo,
    'card',
    { kind: 'system', name: 'scenario' },
    { clientIp: '127.0.0.1' },
  );
  if (started.gateway !== 'sandbox')
    throw new Error(`scenario payments use the sandbox, not ${started.gateway}`);
  const raw = JSON.stringify(
    sandboxNotification(started.paymentId, 'succeeded', started.amount.amount, started.amount.currency),
  );
  const at = Math.floor((t.now?.() ?? new Date()).getTime() / 1000);
  const outcome = await t.app.payments.handleNotification('sandbox', raw, {
    [SANDBOX_SIGNATURE_HEADER]: signSandbox(serverKeys(t.config).sandboxPayment.current, raw, at),
  });
  if (outcome !== 'paid') throw new Error(`the scenario payment was not applied: ${outcome}`);
  order.status = 'paid';
  order.paymentId = started.paymentId;
  return started.paymentId;
}

/** Runs the ticketing step of a paid order (what its job does); the ticket numbers, sorted. */
export async function ticketOrder(t: TestApp, order: Pick<ScenarioOrder, 'id'>): Promise<string[]> {
  await t.app.ticketing.issueTickets(order.id);
  const { rows } = await t.database.pool.query<{ ticket_no: string }>(
    'select ticket_no from tickets where order_id = $1 order by ticket_no',
    [order.id],
  );
  return rows.map((r) => r.ticket_no);
}

/** Cancels an unpaid order now, as booking cancels it (its seats go back; a `canceled` event). */
export async function cancelOrder(t: TestApp, order: Pick<ScenarioOrder, 'id'> & Partial<ScenarioOrder>) {
  const { canceled } = await t.app.booking.cancelUnpaid(order.id, { kind: 'system', name: 'scenario' });
  if (!canceled) throw new Error('the scenario order could not be canceled');
  order.status = 'canceled';
}
