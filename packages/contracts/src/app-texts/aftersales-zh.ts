import { changesZh } from './aftersales/changes-zh';
import { checkinZh } from './aftersales/checkin-zh';
import { linkedZh } from './aftersales/linked-zh';
import { memberRecordsZh } from './aftersales/member-records-zh';
import { membersZh } from './aftersales/members-zh';
import { mileageZh } from './aftersales/mileage-zh';
import { refundsZh } from './aftersales/refunds-zh';
import { rescheduledZh } from './aftersales/rescheduled-zh';

/**
 * The after-sales screens' texts in zh (issue 15: check-in and the boarding pass, linked orders
 * and tickets, online refunds), one part per area. Loaded with the add-on screens' texts as one
 * namespace of the pages past the tab bar (app/i18n), never with the first paint.
 */
export const aftersalesZh: Readonly<Record<string, string>> = {
  ...checkinZh,
  ...linkedZh,
  ...refundsZh,
  ...changesZh,
  ...rescheduledZh,
  ...membersZh,
  ...memberRecordsZh,
  ...mileageZh,
};
