import type { StaffRole } from '@wings/contracts';

/**
 * Who reads changes of date and disrupted flights, as the API decides it (modules/changes' admin
 * routes): the same staff who read the refund queue and the flights. Staff only read them here; a
 * change is made by the traveller, a retime or cancellation on the flight's page.
 */
export const CHANGE_READERS: readonly StaffRole[] = ['admin', 'agent', 'finance', 'auditor'];
/** Who opens the disrupted flights: those who see the flights (pages/network/routes.tsx). */
export const DISRUPTION_READERS: readonly StaffRole[] = ['admin', 'agent', 'finance', 'auditor'];
