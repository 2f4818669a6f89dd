import { ErrorCodes } from '@wings/contracts';

/**
 * Refusals of the member's records that the forms show themselves, next to the field they are
 * about or at the top of the form (no toast): a 400 naming fields, a used e-mail or phone, a wrong
 * code, a full list, a second main address, and the documents' codes 820-824.
 */
export const RECORD_FORM_CODES: readonly string[] = [
  ErrorCodes.invalidRequest.code,
  ErrorCodes.memberEmailExist.code,
  ErrorCodes.memberPhoneExist.code,
  ErrorCodes.memberCodeInvalid.code,
  ErrorCodes.memberDocumentExist.code,
  ErrorCodes.memberDocumentsFull.code,
  ErrorCodes.memberDocumentTypeExists.code,
  ErrorCodes.memberDocumentAddFailed.code,
  ErrorCodes.memberDocumentPhotoMissing.code,
  ErrorCodes.memberDocumentInUse.code,
  ErrorCodes.memberMainRecordDelete.code,
  ErrorCodes.memberMainRecordExists.code,
  ErrorCodes.memberRecordsFull.code,
];

/** Keys of the member's record lists in the query cache. */
export const recordKeys = {
  all: ['members', 'records'] as const,
  contacts: ['members', 'records', 'contacts'] as const,
  identities: ['members', 'records', 'identities'] as const,
  addresses: ['members', 'records', 'addresses'] as const,
  beneficiaries: ['members', 'records', 'beneficiaries'] as const,
};
