import { currentLanguage, LOCALE_OF } from '../app/i18n';

/**
 * The zone staff read times in: the hub's (Phnom Penh). Instants are UTC on the wire; the console
 * shows them in the hub's zone, naming it, whatever the zone of the computer.
 */
export const HUB_ZONE = 'Asia/Phnom_Penh';

/** An instant in the console's language and the hub's zone. */
export function formatInstant(iso: string): string {
  return new Intl.DateTimeFormat(LOCALE_OF[currentLanguage()], {
    dateStyle: 'medium',
    timeStyle: 'medium',
    timeZone: HUB_ZONE,
  }).format(new Date(iso));
}
