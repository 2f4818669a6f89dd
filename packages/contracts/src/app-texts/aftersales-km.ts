import { changesKm } from './aftersales/changes-km';
import { checkinKm } from './aftersales/checkin-km';
import { linkedKm } from './aftersales/linked-km';
import { memberRecordsKm } from './aftersales/member-records-km';
import { membersKm } from './aftersales/members-km';
import { mileageKm } from './aftersales/mileage-km';
import { refundsKm } from './aftersales/refunds-km';
import { rescheduledKm } from './aftersales/rescheduled-km';

/**
 * The after-sales screens' texts in km (issue 15: check-in and the boarding pass, linked orders
 * and tickets, online refunds), one part per area. Loaded with the add-on screens' texts as one
 * namespace of the pages past the tab bar (app/i18n), never with the first paint.
 */
export const aftersalesKm: Readonly<Record<string, string>> = {
  ...checkinKm,
  ...linkedKm,
  ...refundsKm,
  ...changesKm,
  ...rescheduledKm,
  ...membersKm,
  ...memberRecordsKm,
  ...mileageKm,
};
