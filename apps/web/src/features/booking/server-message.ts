import type { TFunction } from 'i18next';
import type { ServerFieldError } from './booking-store';

/** The traveller's-language text of a server field problem: its key when we know it, else its message. */
export function serverMessage(
  t: TFunction,
  exists: (key: string) => boolean,
  error: ServerFieldError,
): string {
  if (error.key && error.key !== 'invalid_request' && exists(error.key)) {
    const text = t(error.key);
    // A message with parameters we were not given reads better as the server wrote it.
    if (!text.includes('{{')) return text;
  }
  return error.message || t('common.enter_correct_data');
}
