import { accrualFor, flightDistanceMiles, localDate } from '@wings/rules';
import { AppError } from '../../platform/errors';
import type { LegFact } from '../booking';
import type { MileageMember } from '../loyalty';
import { earnRates } from '../pricing';
import type { CreditEntry } from './ledger-types';
import type { MileageContext } from './mileage-context';

/** The distance of a route in whole miles from its airports' coordinates; null when an airport is unknown. */
export async function routeMiles(
  ctx: Pick<MileageContext, 'network'>,
  depCode: string,
  arrCode: string,
): Promise<number | null> {
  const { airports } = await ctx.network.airportsAndRoutes();
  const from = airports.find((a) => a.code === depCode);
  const to = airports.find((a) => a.code === arrCode);
  if (!from || !to) return null;
  return flightDistanceMiles(
    { lat: from.latitude, lon: from.longitude },
    { lat: to.latitude, lon: to.longitude },
  );
}

/** Every booking class's earn rate, by letter (read once per batch). */
export async function earnRateTable(ctx: Pick<MileageContext, 'platform'>): Promise<Map<string, number>> {
  const rates = await earnRates(ctx.platform.db);
  return new Map(rates.map((r) => [r.letter, r.earnRatePercent]));
}

/**
 * What one flown coupon credits a member: great-circle miles × the booking class's earn rate, plus
 * the member's tier bonus today (packages/rules `accrualFor`). The sweep (`kind: 'flight'`) and an
 * approved claim (`kind: 'claim'`) both write it under the coupon's key, so a coupon counts once.
 */
export async function flightCredit(
  ctx: Pick<MileageContext, 'network' | 'platform'>,
  input: {
    member: Pick<MileageMember, 'id' | 'level'>;
    couponId: string;
    ticketNo: string;
    leg: LegFact;
    kind: 'flight' | 'claim';
    actor: string;
    rates?: Map<string, number>;
  },
): Promise<CreditEntry> {
  const { leg } = input;
  const distance = await routeMiles(ctx, leg.depCode, leg.arrCode);
  if (distance === null) throw new AppError('mileageUnknownRoute');
  const rates = input.rates ?? (await earnRateTable(ctx));
  const rate = rates.get(leg.bookingClass) ?? 0;
  const accrual = accrualFor(distance, rate, input.member.level);
  const zones = new Map((await ctx.network.airportsAndRoutes()).airports.map((a) => [a.code, a.timeZone]));
  return {
    memberId: input.member.id,
    kind: input.kind,
    miles: accrual.totalMiles,
    bonusMiles: accrual.bonusMiles,
    eliteMiles: accrual.eliteMiles,
    eliteSegments: accrual.eliteSegments,
    sourceKey: `coupon:${input.couponId}`,
    couponId: input.couponId,
    ticketNo: input.ticketNo,
    flightNo: leg.flightNo,
    depCode: leg.depCode,
    arrCode: leg.arrCode,
    flightDate: localDate(leg.depUtc, zones.get(leg.depCode) ?? ctx.network.hubZone),
    bookingClass: leg.bookingClass,
    occurredAt: leg.depUtc,
    actor: input.actor,
  };
}
