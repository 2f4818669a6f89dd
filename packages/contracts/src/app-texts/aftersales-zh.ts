import { checkinZh } from './aftersales/checkin-zh';
import { linkedZh } from './aftersales/linked-zh';
import { refundsZh } from './aftersales/refunds-zh';

/**
 * The after-sales screens' texts in zh (issue 15: check-in and the boarding pass, linked orders
 * and tickets, online refunds), one part per area. Loaded with the add-on screens' texts as one
 * namespace of the pages past the tab bar (app/i18n), never with the first paint.
 */
export const aftersalesZh: Readonly<Record<string, string>> = {
  ...checkinZh,
  ...linkedZh,
  ...refundsZh,
};
