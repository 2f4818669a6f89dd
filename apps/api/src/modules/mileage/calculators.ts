import type {
  AwardCalculatorInput,
  AwardCalculatorResult,
  EarnCalculatorInput,
  EarnCalculatorResult,
} from '@wings/contracts';
import {
  AWARD_CALCULATOR_FIELDS,
  accrualFor,
  awardMiles,
  awardZone,
  CALCULATOR_FIELD_LABELS,
  EARN_CALCULATOR_FIELDS,
  emptyCalculatorField,
  type MemberTier,
} from '@wings/rules';
import { AppError } from '../../platform/errors';
import { earnRates } from '../pricing';
import { awardChartRows } from './award-chart';
import { routeMiles } from './flight-credit';
import type { MileageContext } from './mileage-context';

/** 874 naming the first empty field, in the caller's language. */
function requireFields<K extends string>(fields: readonly K[], values: Partial<Record<K, unknown>>): void {
  const empty = emptyCalculatorField(
    fields,
    values as Partial<Record<K, string | number | null | undefined>>,
  );
  if (empty !== null) {
    const label = CALCULATOR_FIELD_LABELS[empty];
    throw new AppError('mileageFieldEmpty', { params: { field: label ?? empty } });
  }
}

function choice<T extends number>(value: unknown, allowed: readonly T[]): T | null {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d$/.test(value.trim())
        ? Number(value)
        : NaN;
  return (allowed as readonly number[]).includes(n) ? (n as T) : null;
}

/**
 * The calculators anyone may use (after-sales §5): what a flight earns in a fare class at a tier,
 * and what an award ticket costs. Both need a route the airline flies between the two airports.
 */
export class Calculators {
  constructor(private readonly ctx: Pick<MileageContext, 'network' | 'platform'>) {}

  /** The distance of a route the network flies (either way), or 876. */
  private async flownDistance(depCode: string, arrCode: string): Promise<number> {
    const { routes } = await this.ctx.network.airportsAndRoutes();
    const flown = routes.some(
      (r) =>
        (r.origin === depCode && r.destination === arrCode) ||
        (r.origin === arrCode && r.destination === depCode),
    );
    const miles = flown ? await routeMiles(this.ctx, depCode, arrCode) : null;
    if (miles === null) throw new AppError('mileageUnknownRoute');
    return miles;
  }

  /** Miles a flight earns: 874 for an empty field, 876 for an unknown route, cabin or class. */
  async earn(input: EarnCalculatorInput): Promise<EarnCalculatorResult> {
    requireFields(EARN_CALCULATOR_FIELDS, input);
    const level = choice<MemberTier>(input.level, [0, 1, 2]);
    if (level === null)
      throw new AppError('invalidRequest', { params: { detail: 'level: must be 0, 1 or 2' } });
    const rates = await earnRates(this.ctx.platform.db);
    const rate = rates.find((r) => r.letter === input.fareClass && r.cabin === input.cabin);
    if (!rate) throw new AppError('mileageUnknownRoute');
    const distance = await this.flownDistance(input.depCode ?? '', input.arrCode ?? '');
    const a = accrualFor(distance, rate.earnRatePercent, level);
    return {
      distanceMiles: distance,
      earnRatePercent: rate.earnRatePercent,
      baseMiles: a.baseMiles,
      bonusMiles: a.bonusMiles,
      totalMiles: a.totalMiles,
      eliteMiles: a.eliteMiles,
      eliteSegments: a.eliteSegments,
    };
  }

  /** Miles an award costs per person: 874 for an empty field, 876 for an unknown route or cabin. */
  async award(input: AwardCalculatorInput): Promise<AwardCalculatorResult> {
    requireFields(AWARD_CALCULATOR_FIELDS, input);
    const tripType = choice<0 | 1>(input.tripType, [0, 1]);
    if (tripType === null)
      throw new AppError('invalidRequest', { params: { detail: 'tripType: must be 0 or 1' } });
    if (input.cabin !== 'Y' && input.cabin !== 'C') throw new AppError('mileageUnknownRoute');
    const distance = await this.flownDistance(input.depCode ?? '', input.arrCode ?? '');
    const zone = awardZone(distance);
    const filed = (await awardChartRows(this.ctx.platform.db)).find(
      (r) => r.zone === zone && r.cabin === input.cabin,
    );
    if (!filed) throw new AppError('mileageUnknownRoute');
    return {
      distanceMiles: distance,
      zone,
      oneWayMiles: filed.miles,
      totalMiles: awardMiles(filed.miles, tripType),
    };
  }

  /** The fare classes the earn calculator offers, with their filed earn rates. */
  async earnRateOptions(): Promise<{
    list: { letter: string; family: string; cabin: 'Y' | 'C'; earnRatePercent: number }[];
  }> {
    const rates = await earnRates(this.ctx.platform.db);
    return {
      list: rates.map((r) => ({
        letter: r.letter,
        family: r.family,
        cabin: r.cabin,
        earnRatePercent: r.earnRatePercent,
      })),
    };
  }
}
