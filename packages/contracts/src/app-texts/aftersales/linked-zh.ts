/**
 * Texts of linked orders and tickets: associate-order, associate-ticket and relevance-ticket pages (issue 15), in zh. Part of the after-ticketing screens' namespace
 * (aftersales-zh.ts), loaded with the first page past the tab bar. Keys start with
 * 'linked.' and never repeat one of zh.ts.
 */
export const linkedZh: Readonly<Record<string, string>> = {};
