/**
 * Texts of online check-in and the boarding pass (issue 15), in en. Part of the after-ticketing screens' namespace
 * (aftersales-en.ts), loaded with the first page past the tab bar. Keys start with
 * 'checkin.' and never repeat one of en.ts.
 */
export const checkinEn: Readonly<Record<string, string>> = {};
