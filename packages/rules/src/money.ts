import type { Money } from '@wings/contracts';

const MINOR_DIGITS: Record<string, number> = { USD: 2, CNY: 2 };
const SYMBOL: Record<string, string> = { USD: '$', CNY: '¥' };

/** The placeholder shown for a missing amount (spec §9). */
export const EMPTY_AMOUNT = '-';

/**
 * An amount for display: two decimals, thousands separators from 1,000 (spec §9),
 * prefixed by the currency's symbol, e.g. "$1,234.50", "¥350.00". Null reads "-".
 */
export function formatMoney(money: Money | null | undefined): string {
  if (!money) return EMPTY_AMOUNT;
  const digits = MINOR_DIGITS[money.currency] ?? 2;
  const negative = money.amount < 0;
  const abs = Math.abs(money.amount);
  const whole = Math.floor(abs / 10 ** digits);
  const fraction = String(abs % 10 ** digits).padStart(digits, '0');
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${SYMBOL[money.currency] ?? `${money.currency} `}${grouped}.${fraction}`;
}

/** Sum of amounts in one currency; throws if currencies differ, since that is always a bug. */
export function sumMoney(currency: Money['currency'], items: readonly Money[]): Money {
  let amount = 0;
  for (const item of items) {
    if (item.currency !== currency) throw new Error(`cannot add ${item.currency} to ${currency}`);
    amount += item.amount;
  }
  return { amount, currency };
}

/** `money` times a whole count. */
export function timesMoney(money: Money, count: number): Money {
  return { amount: money.amount * count, currency: money.currency };
}
