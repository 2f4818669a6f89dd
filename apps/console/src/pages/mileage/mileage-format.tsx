import { formatInstant } from '../../lib/format';

/** An instant in the hub's zone, or a dash. */
export const when = (iso: string | null | undefined) => (iso ? formatInstant(iso) : '—');

/** Miles as staff read them: `12,500`, and signed (`+500`, `−2,000`) for a ledger row. */
export function miles(n: number, signed = false): string {
  const text = Math.abs(n).toLocaleString('en-US');
  if (!signed) return n < 0 ? `−${text}` : text;
  return n > 0 ? `+${text}` : n < 0 ? `−${text}` : '0';
}
