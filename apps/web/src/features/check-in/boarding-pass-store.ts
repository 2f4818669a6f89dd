import type { BoardingPassBundle } from '@wings/contracts';

/**
 * Boarding passes kept on the phone (issue 15): the last bundle the server gave for an order, in
 * localStorage, so the boarding pass page opens at the gate without a connection (the app shell
 * and the page's code come from the service worker). One entry per order; cancelling a check-in
 * forgets it.
 */
const PREFIX = 'wings.boardingPasses.';

export function saveBoardingPasses(bundle: BoardingPassBundle): void {
  try {
    localStorage.setItem(`${PREFIX}${bundle.orderNo}`, JSON.stringify(bundle));
  } catch {
    // Storage full or refused (private browsing): the passes still show while online.
  }
}

/** The bundle kept for the order, or null (none kept, or not one the app can read). */
export function savedBoardingPasses(orderNo: string): BoardingPassBundle | null {
  try {
    const raw = localStorage.getItem(`${PREFIX}${orderNo}`);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isBundle(parsed, orderNo) ? parsed : null;
  } catch {
    return null;
  }
}

export function forgetBoardingPasses(orderNo: string): void {
  try {
    localStorage.removeItem(`${PREFIX}${orderNo}`);
  } catch {
    // nothing kept
  }
}

/** A kept bundle as this app wrote it: the order's, with its passes and their barcodes. */
function isBundle(value: unknown, orderNo: string): value is BoardingPassBundle {
  if (typeof value !== 'object' || value === null) return false;
  const b = value as Partial<BoardingPassBundle>;
  return (
    b.orderNo === orderNo &&
    typeof b.issuedAt === 'string' &&
    Array.isArray(b.passes) &&
    b.passes.every((p) => typeof p?.bcbp === 'string' && typeof p.flightNo === 'string')
  );
}
