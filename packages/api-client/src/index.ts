/**
 * The HTTP client both browser apps share (the traveller app, the staff console): the envelope
 * adapters of the API's request layers, one ApiError for every failed call, the transport
 * failures' table, and the request core (JSON, headers, language, timeout, reading the envelope).
 * What is an app's own (the traveller's access token and toasts, the console's sign-in redirect)
 * stays in the app, wired through `configureClientHooks`. docs/decisions.md, "The api-client package".
 */
export { ApiError, isApiError } from './api-error';
export { type ClientHooks, clientHooks, configureClientHooks } from './client-hooks';
export {
  adapterFor,
  type EnvelopeAdapter,
  type EnvelopeResult,
  EXPIRED_LOGIN_CODES,
  type LayerName,
  MAIN_OK_CODE,
  mainAdapter,
  memberAdapter,
  RENEW_ACCESS_TOKEN_CODES,
  staffAdapter,
  withBodyContext,
} from './envelopes';
export { API_BASE, type ExchangeOptions, exchange, REQUEST_TIMEOUT_MS, transportError } from './request';
export { NETWORK_ERROR_STATUS, TIMEOUT_STATUS, transportMessageKey } from './transport-errors';
export type { Infer } from './types';
