import type { StaffRole } from '@wings/contracts';
import { useSignedInMember } from '../../app/session';
import { mayDo } from '../orders/order-roles';

/**
 * Who may do what with the mileage programme, as the API decides it (packages/contracts
 * admin-mileage.ts): agents, admins and auditors read; agents and admins adjust, freeze and audit
 * claims; only admins file the earn-rate table and the award chart. The console shows an action
 * only to a member holding one of its roles.
 */
export const MILEAGE_READERS: readonly StaffRole[] = ['admin', 'agent', 'auditor'];
/** Adjust a member's miles, freeze or unfreeze them, approve or reject a claim. */
export const MILEAGE_AGENTS: readonly StaffRole[] = ['admin', 'agent'];
/** Change an earn rate or the award chart. */
export const MILEAGE_FILERS: readonly StaffRole[] = ['admin'];

/** Whether the signed-in staff member holds one of `allowed`. */
export function useMay(allowed: readonly StaffRole[]): boolean {
  return mayDo(useSignedInMember().roles, allowed);
}
