import { randomInt } from 'node:crypto';
import { localDate } from '@wings/rules';

/** PNR letters (docs/architecture.md §7): A-Z and 2-9 without the look-alikes I, O, 0 and 1 (32 symbols). */
export const PNR_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const PNR_PATTERN = /^[A-HJ-NP-Z2-9]{6}$/;

/** A record locator: 6 symbols of PNR_ALPHABET, uniformly random (32^6 ≈ 1.07e9). */
export function newPnr(): string {
  let pnr = '';
  for (let i = 0; i < 6; i++) pnr += PNR_ALPHABET[randomInt(PNR_ALPHABET.length)];
  return pnr;
}

export const ORDER_NO_PATTERN = /^W\d{12}$/;

/**
 * A readable order number: `W`, the order's date at the hub (yyMMdd, in `hubZone`: config
 * HUB_TIME_ZONE) and 6 random digits, e.g. W260314583920. Uniqueness is the database's (a
 * collision is retried by the caller).
 */
export function newOrderNo(at: Date, hubZone: string): string {
  const day = localDate(at, hubZone).replace(/-/g, '').slice(2);
  return `W${day}${String(randomInt(1_000_000)).padStart(6, '0')}`;
}
