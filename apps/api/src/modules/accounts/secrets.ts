import { createHmac } from 'node:crypto';

/** The stored form of an e-mail code: an HMAC keyed with the server secret's e-mail-code key, bound to address and purpose. */
export function hashEmailCode(key: Buffer, email: string, purpose: string, code: string): string {
  return createHmac('sha256', key).update(`${email}\n${purpose}\n${code}`).digest('hex');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids are UUIDs; anything else cannot name a row (and must not reach a uuid column). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
