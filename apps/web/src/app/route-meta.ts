import { paths } from './paths';

/** What the guard knows about a page. */
export interface RouteMeta {
  /** Anonymous visitors are sent to login (or to `redirectTo`) and come back afterwards. */
  requiresLogin?: boolean;
  /** The page's own redirect target for anonymous visitors, instead of the login page. */
  redirectTo?: string;
  /**
   * A member programme page (issue 17): a visitor without a member session is sent to the member
   * login and comes back afterwards. Independent of the app account's login.
   */
  requiresMember?: boolean;
}

const loginOnly: RouteMeta = { requiresLogin: true };
const memberOnly: RouteMeta = { requiresMember: true };

/**
 * The pages that need a signed-in traveller (spec §2, §6), by path. Kept beside the routes rather
 * than in their `handle`, which only a data router reads: the app runs the lighter declarative
 * router (router.tsx).
 */
const ROUTE_META: Readonly<Record<string, RouteMeta>> = {
  [paths.selectPassenger]: loginOnly,
  [paths.changePassword]: loginOnly,
  [paths.userInfo]: loginOnly,
  [paths.editUserInfo]: loginOnly,
  [paths.verifyPassword]: loginOnly,
  [paths.verifyEmail]: loginOnly,
  [paths.associateEmail]: loginOnly,
  [paths.passengerList]: loginOnly,
  [paths.editPassenger]: loginOnly,
  // Linked orders and tickets (issue 15): every page is the logged-in traveller's.
  [paths.associateOrderList]: loginOnly,
  [paths.associateOrderAdd]: loginOnly,
  [paths.associateOrderDetail]: loginOnly,
  [paths.associateTicketList]: loginOnly,
  [paths.associateTicketAdd]: loginOnly,
  [paths.associateTicketDetail]: loginOnly,
  [paths.relevanceQuery]: loginOnly,
  [paths.relevanceList]: loginOnly,
  [paths.relevanceDetail]: loginOnly,
  // Online refunds (issue 15): the records are the signed-in traveller's; the request's pages
  // and one refund's are open to a guest holding the order's grant (order number + document).
  [paths.refundOrderList]: loginOnly,
  // Changes of date (issue 16): the records are the signed-in traveller's; the change's pages
  // and one change are open to a guest holding the order's grant, as refunds.
  [paths.rescheduledRecord]: loginOnly,
  // The member programme (issue 17): every page but the member login, code login, registration
  // and password reset needs a member session (features/members/member-paths.ts MEMBER_OPEN_PATHS).
  [paths.vipRegisterInfo]: memberOnly,
  [paths.vipHome]: memberOnly,
  [paths.vipChangePassword]: memberOnly,
  [paths.vipProfile]: memberOnly,
  [paths.vipSettings]: memberOnly,
  [paths.vipContacts]: memberOnly,
  [paths.vipContactEdit]: memberOnly,
  [paths.vipIdentities]: memberOnly,
  [paths.vipIdentityEdit]: memberOnly,
  [paths.vipAddresses]: memberOnly,
  [paths.vipAddressEdit]: memberOnly,
  [paths.vipBeneficiaries]: memberOnly,
  [paths.vipBeneficiaryEdit]: memberOnly,
  [paths.vipTransactions]: memberOnly,
  [paths.vipBills]: memberOnly,
  [paths.vipBillDetail]: memberOnly,
  [paths.vipClaims]: memberOnly,
  [paths.vipClaimNew]: memberOnly,
  [paths.vipFreeze]: memberOnly,
};

/** Route paths match whatever the case and a trailing slash, as the router matches them. */
const normalise = (pathname: string) => pathname.toLowerCase().replace(/\/+$/, '');
const BY_PATH = new Map(Object.entries(ROUTE_META).map(([path, meta]) => [normalise(path), meta]));

/** The meta of the page at `pathname` (none for an open page). */
export function routeMetaOf(pathname: string): RouteMeta {
  return BY_PATH.get(normalise(pathname)) ?? {};
}
