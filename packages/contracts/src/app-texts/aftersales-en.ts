import { changesEn } from './aftersales/changes-en';
import { checkinEn } from './aftersales/checkin-en';
import { linkedEn } from './aftersales/linked-en';
import { memberRecordsEn } from './aftersales/member-records-en';
import { membersEn } from './aftersales/members-en';
import { mileageEn } from './aftersales/mileage-en';
import { refundsEn } from './aftersales/refunds-en';
import { rescheduledEn } from './aftersales/rescheduled-en';

/**
 * The after-sales screens' texts in en (issue 15: check-in and the boarding pass, linked orders
 * and tickets, online refunds), one part per area. Loaded with the add-on screens' texts as one
 * namespace of the pages past the tab bar (app/i18n), never with the first paint.
 */
export const aftersalesEn: Readonly<Record<string, string>> = {
  ...checkinEn,
  ...linkedEn,
  ...refundsEn,
  ...changesEn,
  ...rescheduledEn,
  ...membersEn,
  ...memberRecordsEn,
  ...mileageEn,
};
