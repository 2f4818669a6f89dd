import type { StaffRole } from '@wings/contracts';

/**
 * Who may do what with refund requests, as the API decides it (modules/refunds
 * refunds.admin-routes.ts): the console shows an action only to a member holding one of its roles.
 */
export const REFUND_QUEUE_READERS: StaffRole[] = ['admin', 'agent', 'finance', 'auditor'];
/** Approve or reject a request waiting for audit. */
export const REFUND_AUDITORS: readonly StaffRole[] = ['admin', 'agent', 'finance'];
