/**
 * Texts of linked orders and tickets: associate-order, associate-ticket and relevance-ticket pages (issue 15), in en. Part of the after-ticketing screens' namespace
 * (aftersales-en.ts), loaded with the first page past the tab bar. Keys start with
 * 'linked.' and never repeat one of en.ts.
 */
export const linkedEn: Readonly<Record<string, string>> = {};
