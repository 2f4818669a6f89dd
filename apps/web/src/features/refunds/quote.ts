import type { Money, RefundQuote, RefundQuoteRequest } from '@wings/contracts';
import type { RefundChoice } from './refund-session';

/** The amounts a quote, a draft or a refund order shows. */
export type RefundAmountsOf = Pick<
  RefundQuote,
  'lines' | 'addons' | 'shouldRefund' | 'handlingFee' | 'actual' | 'currency'
>;

/** What each refunded passenger gets back: their segments' refunds and their add-ons'. */
export function perPassenger(shown: RefundAmountsOf): { seq: number; name: string; refund: Money }[] {
  const rows = new Map<number, { seq: number; name: string; amount: number }>();
  for (const l of shown.lines) {
    const row = rows.get(l.passengerSeq) ?? { seq: l.passengerSeq, name: l.passengerName, amount: 0 };
    row.amount += l.refund.amount;
    rows.set(l.passengerSeq, row);
  }
  for (const a of shown.addons) {
    const row = rows.get(a.passengerSeq);
    if (row) row.amount += a.refund.amount;
  }
  return [...rows.values()]
    .sort((a, b) => a.seq - b.seq)
    .map((r) => ({
      seq: r.seq,
      name: r.name,
      refund: { amount: r.amount, currency: shown.actual.currency },
    }));
}

/** The quote request of a held choice, or null while a step is missing. */
export function quoteRequestOf(held: RefundChoice | null): RefundQuoteRequest | null {
  if (!held || held.seqs.length === 0 || !held.reasonCode) return null;
  return { orderNo: held.orderNo, passengerSeqs: held.seqs, reasonCode: held.reasonCode };
}
