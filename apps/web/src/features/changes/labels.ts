import type { ChangeOrderView, Money } from '@wings/contracts';

/** A leg's name by its position in the order: 0 the outbound, 1 the return. */
export const legKey = (segmentSeq: number) =>
  segmentSeq === 0 ? 'changes.leg.outbound' : 'changes.leg.return';

/** Add-on codes (after-sales §3 "Added service") and what the change pages call them. */
export const SERVICE_LABELS: Readonly<Record<string, string>> = {
  '10': 'changes.service.insurance',
  '11': 'changes.service.boarding',
  '12': 'changes.service.seat',
  '13': 'changes.service.baggage',
};
/** The order the add-ons are told in: boarding, baggage, seat, insurance. */
export const SERVICE_ORDER: readonly string[] = ['11', '13', '12', '10'];
export const INSURANCE_CODE = '10';

/** Seats left as the spec shows them: above 9 as "more than 9" (after-sales §9). */
export function seatsLeftKey(seats: number): { key: string; count: number } {
  return seats > 9 ? { key: 'changes.seats_many', count: 9 } : { key: 'changes.seats_left', count: seats };
}

/** Some line's new fare is lower than the old one: the difference is not paid back. */
export function hasLowerFare(view: Pick<ChangeOrderView, 'lines'>): boolean {
  return view.lines.some((l) => l.newFare.amount < l.oldFare.amount);
}

/** Nothing to pay (a free family or a disruption, no difference). */
export const isFree = (m: Money) => m.amount === 0;
