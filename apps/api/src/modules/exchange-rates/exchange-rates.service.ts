import { CURRENCY_MINOR_DIGITS, type RateCurrency } from '@wings/contracts';
import { AppError } from '../../platform/errors';
import type { ExchangeRatesRepository } from './exchange-rates.repository';

/** Rates are stored as integers: quote units per base unit times this. */
export const RATE_SCALE = 1_000_000;
const SCALE = BigInt(RATE_SCALE);
/** Cross rates go through the currency every rate is filed against. */
const PIVOT = 'USD';

/** A rate as an exact fraction: `num / den` quote units per base unit. */
interface Ratio {
  num: bigint;
  den: bigint;
  effectiveAt: Date;
}

export interface Rate {
  base: string;
  quote: string;
  /** The rate times 1,000,000, rounded half up (exact for a stored pair). */
  rateMicros: number;
  /** The newest of the stored rates it was made from; the epoch for a currency to itself. */
  effectiveAt: Date;
  /** The exact rate, which conversions use (an inverse or cross rate is not a whole number of micros). */
  ratio: { num: bigint; den: bigint };
}

/** Digits of a currency's minor unit; a currency without one is not convertible. */
export function minorDigits(currency: string): number {
  const digits = (CURRENCY_MINOR_DIGITS as Record<string, number | undefined>)[currency];
  if (digits === undefined) throw new AppError('exchangeRateUnavailable');
  return digits;
}

/**
 * `amount` minor units of `from` in minor units of `to` at `num/den` quote units per base
 * unit, exactly in integers (BigInt, never a float), then rounded half up: half a minor unit or
 * more goes up, so 0.5 fen is charged as 1 fen. A negative amount rounds half away from zero,
 * so a refund mirrors its charge.
 */
export function convertMinor(
  amount: number,
  ratio: { num: bigint; den: bigint },
  from: string,
  to: string,
): number {
  if (!Number.isSafeInteger(amount))
    throw new Error(`amount must be a whole number of minor units: ${amount}`);
  if (amount < 0) return -convertMinor(-amount, ratio, from, to);
  const num = BigInt(amount) * ratio.num * 10n ** BigInt(minorDigits(to));
  const den = ratio.den * 10n ** BigInt(minorDigits(from));
  return roundHalfUp(num, den);
}

/**
 * Exchange rates in force (spec §9: USD is converted to CNY for WeChat Pay). A rate is the
 * latest stored one effective at or before the moment asked; failing a stored pair, the
 * inverse of the reverse pair; failing that, a cross rate through USD. No rate answers
 * exchangeRateUnavailable (621).
 */
export class ExchangeRates {
  constructor(
    private readonly repo: ExchangeRatesRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async rate(
    base: RateCurrency | string,
    quote: RateCurrency | string,
    at: Date = this.now(),
  ): Promise<Rate> {
    minorDigits(base);
    minorDigits(quote);
    const r = await this.ratio(base, quote, at);
    return {
      base,
      quote,
      rateMicros: roundHalfUp(r.num * SCALE, r.den),
      effectiveAt: r.effectiveAt,
      ratio: { num: r.num, den: r.den },
    };
  }

  /** `amount` minor units of `from` in minor units of `to` at the rate in force now, rounded half up. */
  async convert(amount: number, from: string, to: string): Promise<number> {
    if (from === to) return amount;
    const r = await this.rate(from, to);
    return convertMinor(amount, r.ratio, from, to);
  }

  private async ratio(base: string, quote: string, at: Date): Promise<Ratio> {
    if (base === quote) return { num: 1n, den: 1n, effectiveAt: new Date(0) };
    const direct = await this.stored(base, quote, at);
    if (direct) return direct;
    if (base !== PIVOT && quote !== PIVOT) {
      const [a, b] = await Promise.all([this.stored(base, PIVOT, at), this.stored(PIVOT, quote, at)]);
      if (a && b) {
        return {
          num: a.num * b.num,
          den: a.den * b.den,
          effectiveAt: a.effectiveAt > b.effectiveAt ? a.effectiveAt : b.effectiveAt,
        };
      }
    }
    throw new AppError('exchangeRateUnavailable');
  }

  /** A stored pair, or the inverse of the reverse pair. */
  private async stored(base: string, quote: string, at: Date): Promise<Ratio | null> {
    const direct = await this.repo.latest(base, quote, at);
    if (direct && direct.rateMicros > 0) {
      return { num: BigInt(direct.rateMicros), den: SCALE, effectiveAt: direct.effectiveAt };
    }
    const reverse = await this.repo.latest(quote, base, at);
    if (!reverse || reverse.rateMicros <= 0) return null;
    return { num: SCALE, den: BigInt(reverse.rateMicros), effectiveAt: reverse.effectiveAt };
  }
}

/** num / den rounded half up, for non-negative integers. */
function roundHalfUp(num: bigint, den: bigint): number {
  return Number((2n * num + den) / (2n * den));
}
