/**
 * Texts of online refunds: the refund pages, the refund records and their timeline (issue 15), in km. Part of the after-ticketing screens' namespace
 * (aftersales-km.ts), loaded with the first page past the tab bar. Keys start with
 * 'refunds.' and never repeat one of km.ts.
 */
export const refundsKm: Readonly<Record<string, string>> = {};
