/**
 * Texts of online check-in and the boarding pass (issue 15), in km. Part of the after-ticketing screens' namespace
 * (aftersales-km.ts), loaded with the first page past the tab bar. Keys start with
 * 'checkin.' and never repeat one of km.ts.
 */
export const checkinKm: Readonly<Record<string, string>> = {};
