import { z } from 'zod';

/**
 * The main-layer reply: `{ code: "0", message, data }`. A business failure keeps HTTP 200
 * with its own code from the catalogue (errors.ts); see DESIGN.md §5.
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
