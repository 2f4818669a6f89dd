// What the HTTP client needs to word a failure, loaded the first time one is worded
// (http-client.ts): the error catalogue is not part of a first view that fails no call.
export { callErrorMessageKey, ErrorCodes } from '@wings/contracts';
