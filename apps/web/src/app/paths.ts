/**
 * Page paths of the hash router (DESIGN.md §7 follows the spec's `/pages/<area>/<page>/<page>`
 * pattern). `order` drives the slide direction: a higher order slides in from the right.
 */
export const paths = {
  home: '/pages/tab-bar/home/home',
  book: '/pages/book/book-ticket/book-ticket',
  tickets: '/pages/tab-bar/ticket/ticket',
  more: '/pages/tab-bar/more/more',
  flightList: '/pages/book/flight-list/flight-list',
  returnTicket: '/pages/book/return-ticket/return-ticket',
  tripSummary: '/pages/book/trip-summary/trip-summary',
  /** Member login (spec §2). The login page comes in a later issue; until then it shows the More tab. */
  login: '/pages/tab-bar/vip/login/login',
} as const;

export const TAB_PATHS: readonly string[] = [paths.home, paths.book, paths.tickets, paths.more];

const ORDER: Record<string, number> = {
  [paths.home]: 0,
  [paths.book]: 1,
  [paths.tickets]: 2,
  [paths.more]: 3,
  [paths.login]: 4,
  [paths.flightList]: 10,
  [paths.returnTicket]: 11,
  [paths.tripSummary]: 12,
};

export function pageOrder(pathname: string): number {
  return ORDER[pathname] ?? 5;
}

export function isTabPath(pathname: string): boolean {
  return TAB_PATHS.includes(pathname);
}

/** Pages drawn with the navy booking theme (spec §2). */
export function isBookingPath(pathname: string): boolean {
  return pathname.startsWith('/pages/book/');
}
