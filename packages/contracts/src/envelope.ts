import { z } from 'zod';

/**
 * The main-layer reply: `{ code: "0", message, data }`. A business failure keeps HTTP 200
 * with its own code from the catalogue (errors.ts); see docs/api.md, Conventions.
 */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({
    code: z.string(),
    message: z.string(),
    data,
  });

export interface Envelope<T> {
  code: string;
  message: string;
  data: T;
}

/** One problem with one field of a request, as the API reports it and the forms show it. */
export const ZFieldIssue = z.object({
  field: z.string(),
  key: z.string(),
  message: z.string(),
});
export type FieldIssue = z.infer<typeof ZFieldIssue>;

/** The `data` of a failed reply, when the failure is about fields of the request. */
export const ZFailureData = z.object({ fields: z.array(ZFieldIssue) }).nullable();

/** The member layer's success status (booking-and-account.md §7: status '200'). */
export const MEMBER_OK_STATUS = '200';
/** The member layer's login expiry (booking-and-account.md §7, §8: 'CAF9999'; the main layer says 600). */
export const MEMBER_LOGIN_EXPIRED_STATUS = 'CAF9999';

/**
 * The member-layer reply (`/api/fqt`, spec §7): `{ status: "200", message, data }`. A failure
 * carries its catalogue code in `status` (login expiry as 'CAF9999'); see docs/architecture.md §3.
 */
export const memberEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({
    status: z.string(),
    message: z.string(),
    data,
  });

export interface MemberEnvelope<T> {
  status: string;
  message: string;
  data: T;
}
