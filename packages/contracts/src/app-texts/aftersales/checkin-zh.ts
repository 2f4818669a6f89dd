/**
 * Texts of online check-in and the boarding pass (issue 15), in zh. Part of the after-ticketing screens' namespace
 * (aftersales-zh.ts), loaded with the first page past the tab bar. Keys start with
 * 'checkin.' and never repeat one of zh.ts.
 */
export const checkinZh: Readonly<Record<string, string>> = {};
