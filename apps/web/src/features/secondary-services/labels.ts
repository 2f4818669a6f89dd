import type { AddonOrderLine, AddonOrderView, Airport } from '@wings/contracts';
import { formatTime, toLocalIso } from '@wings/rules';

type T = (key: string, params?: Record<string, unknown>) => string;

/** The service codes of the spec (enums `AddedService`) as the add-on pages name them. */
export const SERVICE_KEYS = {
  10: 'secondary.service_insurance',
  11: 'secondary.service_priority',
  12: 'secondary.service_seat',
  13: 'secondary.service_baggage',
} as const;

export type AddonServiceCode = keyof typeof SERVICE_KEYS;

/** What one line of an add-on order is: "Seat 12C", "Extra baggage +10 kg", "Priority boarding", the plan. */
export function lineText(code: AddonServiceCode, line: AddonOrderLine, t: T): string {
  if (code === 12 && line.seat) return t('secondary.line_seat', { seat: line.seat });
  if (code === 13 && line.weightKg !== null) return t('secondary.line_baggage', { kg: line.weightKg });
  if (code === 10) return t('secondary.line_insurance', { plan: line.insuranceType ?? '' });
  return t(SERVICE_KEYS[code]);
}

/** The status of an add-on order in words. */
export function addonStatusKey(status: AddonOrderView['status']): string {
  return `secondary.status_${status}`;
}

/** The hub's time zone (Phnom Penh): where the 15-minute block is told, as the server tells it. */
export function hubZone(airports: ReadonlyMap<string, Airport>): string {
  for (const a of airports.values()) if (a.isHub) return a.timeZone;
  return 'Asia/Phnom_Penh';
}

/** `HH:mm` of a UTC instant on the clock of `timeZone`. */
export function clockAt(iso: string, timeZone: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '-';
  return formatTime(toLocalIso(at, timeZone));
}
