import type { Envelope } from '@wings/contracts';

/**
 * A successful reply. The message is filled in the caller's language by the onSend hook
 * in app.ts, so routes stay free of presentation.
 */
export function ok<T>(data: T): Envelope<T> {
  return { code: '0', message: '', data };
}
