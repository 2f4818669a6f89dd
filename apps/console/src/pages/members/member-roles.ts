import type { StaffRole } from '@wings/contracts';

/**
 * Who may do what with members, as the API decides it (modules/loyalty loyalty.admin-routes.ts,
 * packages/contracts admin-members.ts): agents, admins and auditors read the queues and members;
 * the console shows an action only to a member holding one of its roles.
 */
export const MEMBER_READERS: readonly StaffRole[] = ['admin', 'agent', 'auditor'];
/** Approve or reject a registration, a document or a beneficiary; block or unblock a member. */
export const MEMBER_AUDITORS: readonly StaffRole[] = ['admin', 'agent'];
