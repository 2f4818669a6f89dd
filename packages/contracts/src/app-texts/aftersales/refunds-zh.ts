/**
 * Texts of online refunds: the refund pages, the refund records and their timeline (issue 15), in zh. Part of the after-ticketing screens' namespace
 * (aftersales-zh.ts), loaded with the first page past the tab bar. Keys start with
 * 'refunds.' and never repeat one of zh.ts.
 */
export const refundsZh: Readonly<Record<string, string>> = {};
