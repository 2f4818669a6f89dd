import type { StaffRole } from '@wings/contracts';

/**
 * Who may do what with orders, as the API decides it (booking.admin-routes.ts, itinerary and
 * payments' admin routes): the console shows an action only to a member holding one of its roles.
 */
export const ORDER_READERS: readonly StaffRole[] = ['admin', 'agent', 'finance', 'auditor'];
/** Resend an itinerary, cancel an unpaid order. */
export const ORDER_AGENTS: readonly StaffRole[] = ['admin', 'agent'];
/** Retry a failed refund, settle it by hand. */
export const REFUND_HANDLERS: readonly StaffRole[] = ['admin', 'finance'];

/** Whether a member with `roles` holds one of `allowed`. */
export function mayDo(roles: readonly StaffRole[], allowed: readonly StaffRole[]): boolean {
  return roles.some((r) => allowed.includes(r));
}
