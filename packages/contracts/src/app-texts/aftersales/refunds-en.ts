/**
 * Texts of online refunds: the refund pages, the refund records and their timeline (issue 15), in en. Part of the after-ticketing screens' namespace
 * (aftersales-en.ts), loaded with the first page past the tab bar. Keys start with
 * 'refunds.' and never repeat one of en.ts.
 */
export const refundsEn: Readonly<Record<string, string>> = {};
