import type { CouponCheckIn, LanguageTag } from '@wings/contracts';
import { formatDate, localDateOf, localTimeOf } from '../../lib/format';

/** The text key and badge tone of a coupon's check-in state (ticket detail, check-in). */
export function checkInStateKey(state: CouponCheckIn): string {
  return `checkin.state_${state}`;
}

export function checkInStateTone(state: CouponCheckIn): 'wait' | 'ok' | 'off' | 'bad' {
  switch (state) {
    case 'checked_in':
      return 'ok';
    case 'flown':
      return 'off';
    case 'no_show':
      return 'bad';
    case 'not_checked_in':
      return 'wait';
  }
}

/** An airport's wall-clock time (ISO with offset) as `DD MMM YYYY HH:mm` in the traveller's language. */
export function whenLocal(iso: string, lang: LanguageTag): string {
  return `${formatDate(localDateOf(iso), lang)} ${localTimeOf(iso)}`;
}
