/**
 * Texts of linked orders and tickets: associate-order, associate-ticket and relevance-ticket pages (issue 15), in km. Part of the after-ticketing screens' namespace
 * (aftersales-km.ts), loaded with the first page past the tab bar. Keys start with
 * 'linked.' and never repeat one of km.ts.
 */
export const linkedKm: Readonly<Record<string, string>> = {};
