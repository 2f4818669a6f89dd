import { ErrorCodes } from '@wings/contracts';

/** A 400 naming fields is shown on the fields by the form itself, not as a toast. */
export const FORM_QUIET_CODES: readonly string[] = [ErrorCodes.invalidRequest.code];
