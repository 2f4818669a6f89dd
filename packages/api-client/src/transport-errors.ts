/**
 * Transport failures and the toast each one shows (booking-and-account.md §8, transport table).
 * Status 0 is "no reply at all", 1 is the client's own 60 s timeout.
 */
export const NETWORK_ERROR_STATUS = 0;
export const TIMEOUT_STATUS = 1;

export function transportMessageKey(status: number): string {
  switch (status) {
    case NETWORK_ERROR_STATUS:
      return 'http.network';
    case TIMEOUT_STATUS:
    case 408:
      return 'http.timeout';
    case 404:
      return 'http.404';
    case 401:
      return 'http.401';
    case 403:
      return 'http.403';
    case 500:
      return 'http.500';
    case 501:
      return 'http.501';
    case 502:
    case 503:
      return 'http.503';
    case 504:
      return 'http.504';
    case 510:
      return 'http.510';
    default:
      return 'http.failed';
  }
}
