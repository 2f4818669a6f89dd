import {
  ErrorCodes,
  MEMBER_LOGIN_EXPIRED_STATUS,
  MEMBER_OK_STATUS,
  ZAddIncreaseServiceReply,
  ZAddonCreateOrderReply,
  ZAddonInfoListReply,
  ZAddonMenuReply,
  ZAddonOrderState,
  ZAddPassengerResponse,
  ZAvailabilityResponse,
  ZAwardCalculatorResult,
  ZBillCycleList,
  ZBindAssociatedReply,
  ZBoardingPassBundle,
  ZBookingSettingsResponse,
  ZCaptchaResponse,
  ZChangeFlightsResponse,
  ZChangeOrderListResponse,
  ZChangeOrderView,
  ZCheckBindEmailResult,
  ZCheckCalendarResponse,
  ZCheckChangeResponse,
  ZCheckEmailCodeResponse,
  ZCheckFlightScheduleResponse,
  ZCheckInState,
  ZConvertAmountResponse,
  ZCustomerServiceResponse,
  ZDisruptionResponse,
  ZDoneResponse,
  ZEarnCalculatorResult,
  ZEarnRateOptions,
  ZExchangeRateResponse,
  ZFailureData,
  ZFareRule,
  ZFareRuleList,
  ZFlightTimeCheckResponse,
  ZFreezeInfo,
  ZGetAccessTokenResponse,
  ZGetAirportResponse,
  ZGetFlightByDepartCityResponse,
  ZGetSignResponse,
  ZInsuranceGradeResponse,
  ZInsurancePriceResponse,
  ZJsPrepayOrderResponse,
  ZLinkedItem,
  ZLinkedList,
  ZLinkedOrderList,
  ZLinkedTicketList,
  ZLinkOrderReply,
  ZLinkTicketReply,
  ZMemberBaseInfo,
  ZMemberGetTokenResponse,
  ZMemberHome,
  ZMemberOrderList,
  ZMemberRegisterInfo,
  ZMemberSession,
  ZMileageBill,
  ZMileageClaim,
  ZMileageClaimList,
  ZMileageSummary,
  ZMileageTransactionPage,
  ZOAuthProviders,
  ZOAuthSessionResponse,
  ZOffer,
  ZOpenidResponse,
  ZOrderDetail,
  ZOrderLinksReply,
  ZOrderLookupResponse,
  ZPassengerTicketCheckResponse,
  ZPayStatus,
  ZPayUrlResponse,
  ZPriceBreakdown,
  ZPriceCalendarResponse,
  ZPromoListResponse,
  ZQueryFlightResponse,
  ZRefundListResponse,
  ZRefundOrderView,
  ZRefundPassengersResponse,
  ZRefundQuote,
  ZRefundReasonListResponse,
  ZRouteInfoResponse,
  ZSavedOrder,
  ZSavedPassenger,
  ZSavedPassengerList,
  ZSeatMap,
  ZSendEmailCodeResponse,
  ZSendItineraryResponse,
  ZSessionResponse,
  ZTicketMatchList,
  ZTranslationListResponse,
  ZUnlinkReply,
  ZUploadedFile,
  ZUser,
  ZVerifyPasswordResponse,
} from '@wings/contracts';

/** What the checks need of a Zod schema (the web app does not depend on zod itself). */
interface ReplySchema {
  safeParse(data: unknown): { success: true; data: unknown } | { success: false; error: { message: string } };
}

/**
 * The `data` schema of every API call's success reply, exactly as the API's route declares it
 * (`response: { 200: envelope(Z...) }` in apps/api/src/modules/<area>/<area>.routes.ts), by method
 * and path under /api. Fake replies in web tests are parsed with these (fake-api.ts), so a fake
 * that drifts from the API fails its test. A new call gets its line here with the route.
 */
const REPLY_SCHEMAS: Record<string, ReplySchema> = {
  // platform/auth
  'POST /api/travelsky/common/getAccessToken': ZGetAccessTokenResponse,
  // accounts
  'POST /api/travelsky/user/testEmail': ZSendEmailCodeResponse,
  'POST /api/travelsky/user/testRandomNumber': ZCheckEmailCodeResponse,
  'POST /api/travelsky/user/register': ZSessionResponse,
  'GET /api/travelsky/user/validateUserName/:name': ZAvailabilityResponse,
  'GET /api/travelsky/user/checkUserEmail/:email': ZAvailabilityResponse,
  'GET /api/getCaptcha': ZCaptchaResponse,
  'GET /api/travelsky/ibe/getRandomCode': ZCaptchaResponse,
  'POST /api/travelsky/user/login': ZSessionResponse,
  'GET /api/travelsky/user/logout': ZDoneResponse,
  'GET /api/travelsky/ibe/resetPassword': ZSendEmailCodeResponse,
  'POST /api/travelsky/user/resetPassword': ZDoneResponse,
  'POST /api/travelsky/user/changePassword': ZDoneResponse,
  'POST /api/travelsky/user/verifyPassword': ZVerifyPasswordResponse,
  'GET /api/travelsky/user/getMember/:id': ZUser,
  'POST /api/travelsky/user/update': ZUser,
  'GET /api/travelsky/user/memberpassenger/selectByMemberId/:id': ZSavedPassengerList,
  'POST /api/travelsky/user/memberpassenger/insert': ZSavedPassenger,
  'POST /api/travelsky/user/memberpassenger/update': ZSavedPassenger,
  'POST /api/travelsky/user/memberpassenger/delete/:id': ZDoneResponse,
  // oauth
  'GET /api/travelsky/thirdoauth/providers': ZOAuthProviders,
  'POST /api/travelsky/thirdoauth/login': ZOAuthSessionResponse,
  'POST /api/travelsky/thirdoauth/facebook/getAccessToken': ZOAuthSessionResponse,
  'POST /api/travelsky/thirdoauth/checkBindEmail': ZCheckBindEmailResult,
  'POST /api/travelsky/user/associateEmail': ZOAuthSessionResponse,
  // content
  'POST /api/ca/caweb/backend/international/config/queryList': ZTranslationListResponse,
  // shopping
  'GET /api/travelsky/ibe/getAirport': ZGetAirportResponse,
  'GET /api/travelsky/ibe/getFlightByDepartCity/:code': ZGetFlightByDepartCityResponse,
  'POST /api/travelsky/ibe/queryFlight': ZQueryFlightResponse,
  'POST /api/travelsky/ibe/queryFlightReturn': ZQueryFlightResponse,
  'POST /api/ca/caweb/backend/price/getPriceCalendar': ZPriceCalendarResponse,
  'POST /api/ca/caweb/backend/price/getAroundPriceCalendar': ZPriceCalendarResponse,
  'POST /api/ca/caweb/backend/price/checkCalendarIsYear': ZCheckCalendarResponse,
  'GET /api/travelsky/flightinfo/selectByFlight/:route': ZRouteInfoResponse,
  // pricing
  'POST /api/travelsky/ibe/chooseFlight': ZOffer,
  'POST /api/ca/caweb/backend/checkFlightSchedule': ZCheckFlightScheduleResponse,
  'POST /api/travelsky/ibe/computePrice': ZPriceBreakdown,
  // seating (issue 14)
  'POST /api/travelsky/ibe/getSeatLeaveInfo': ZSeatMap,
  'POST /api/ca/caweb/backend/usePromoCode/queryCodeList': ZPromoListResponse,
  'GET /api/ca/caweb/backend/userInfo/getTicketRuleInfo': ZFareRuleList,
  'GET /api/ca/caweb/backend/getFatherRuleListByPlace': ZFareRuleList,
  'GET /api/ca/caweb/backend/getRuleManageById': ZFareRule,
  'GET /api/ca/caweb/backend/queryOne/:id': ZFareRule,
  // insurance (issue 14)
  'POST /api/travelsky/insurance/getInsuranceGrade': ZInsuranceGradeResponse,
  'POST /api/travelsky/insurance/getInsurancePrice': ZInsurancePriceResponse,
  // booking (orders and their reads)
  'GET /api/booking/settings': ZBookingSettingsResponse,
  // modules/settings
  'GET /api/settings/customer-service': ZCustomerServiceResponse,
  'POST /api/travelsky/ibe/addPassenger': ZAddPassengerResponse,
  // add-ons in the booking (issue 14)
  'GET /api/travelsky/ibe/backService/:id': ZAddonMenuReply,
  'POST /api/travelsky/ibe/addIncreaseService': ZAddIncreaseServiceReply,
  'POST /api/travelsky/ibe/addIncreaseServiceNext': ZAddIncreaseServiceReply,
  'POST /api/travelsky/ibe/saveTicketOrder': ZSavedOrder,
  'POST /api/travelsky/ibe/queryOrderByOrderNo': ZOrderLookupResponse,
  'POST /api/travelsky/ibe/upgradeOrderAccess': ZOrderLookupResponse,
  'GET /api/travelsky/ibe/getOrderDetail/:orderNo': ZOrderDetail,
  'POST /api/travelsky/user/getMemberOrder': ZMemberOrderList,
  // linked orders and tickets (issue 15)
  'POST /api/travelsky/user/memberrelateorder/getOrderList': ZLinkedOrderList,
  'POST /api/travelsky/user/memberrelateorder/insert': ZLinkOrderReply,
  'POST /api/travelsky/user/memberrelateorder/deleteByUserIdAndOrderNo': ZUnlinkReply,
  'POST /api/ca/caweb/backend/associatedTicket/queryAssociatedTicket': ZLinkedTicketList,
  'POST /api/ca/caweb/backend/associatedTicket/queryAssociatedTicketByTiktNoAndName': ZTicketMatchList,
  'POST /api/ca/caweb/backend/associatedTicket/bindAssociatedTicket': ZLinkTicketReply,
  'POST /api/ca/caweb/backend/associatedTicket/cancelAssociatedTicket': ZUnlinkReply,
  'POST /api/ca/caweb/backend/associate/queryAssociatedList': ZLinkedList,
  'POST /api/ca/caweb/backend/associate/queryAssociatedInfoByAssociatedNo': ZLinkedItem,
  'POST /api/ca/caweb/backend/associate/bindAssociatedInfo': ZBindAssociatedReply,
  'POST /api/ca/caweb/backend/associate/cancelAssociatedInfo': ZUnlinkReply,
  'POST /api/ca/caweb/backend/associate/queryAssociatedOrderByOrderNo': ZOrderLinksReply,
  // add-ons after ticketing (issue 14, secondaryIncrService)
  'POST /api/ca/caweb/backend/secondaryIncrService/infoList': ZAddonInfoListReply,
  'POST /api/ca/caweb/backend/secondaryIncrService/seatDetailsInfo': ZSeatMap,
  'POST /api/ca/caweb/backend/secondaryIncrService/createOrder': ZAddonCreateOrderReply,
  'POST /api/ca/caweb/backend/secondaryIncrService/payUrl': ZPayUrlResponse,
  'POST /api/ca/caweb/backend/secondaryIncrService/getInsurancePrice': ZInsurancePriceResponse,
  'POST /api/ca/caweb/backend/secondaryIncrService/updateOrderStatus': ZAddonOrderState,
  'POST /api/ca/caweb/backend/secondaryIncrService/updateOrderStatus/weChat': ZJsPrepayOrderResponse,
  // online check-in (issue 15)
  'POST /api/travelsky/checkin/queryCheckIn': ZCheckInState,
  'POST /api/travelsky/checkin/checkIn': ZCheckInState,
  'POST /api/travelsky/checkin/cancelCheckIn': ZCheckInState,
  'POST /api/travelsky/checkin/getBoardingPasses': ZBoardingPassBundle,
  // online refunds (issue 15, modules/refunds)
  'POST /api/travelsky/refund/flightTimeCheck': ZFlightTimeCheckResponse,
  'POST /api/travelsky/refund/queryPassengerInfo': ZRefundPassengersResponse,
  'POST /api/travelsky/refund/pasngerTicketCheck': ZPassengerTicketCheckResponse,
  'POST /api/travelsky/refund/getUserReasonList': ZRefundReasonListResponse,
  'POST /api/travelsky/refund/refundSchedule': ZRefundQuote,
  'POST /api/travelsky/refund/createRefund': ZRefundOrderView,
  'POST /api/travelsky/refund/confirmRefund': ZRefundOrderView,
  'POST /api/travelsky/refund/getRefundList': ZRefundListResponse,
  'POST /api/travelsky/refund/getRefundDetail': ZRefundOrderView,
  // changes of date: the records and the airline's disruptions (issue 16, modules/changes)
  'POST /api/ca/caweb/backend/changeTicketInfo/queryChangeOrderList': ZChangeOrderListResponse,
  'POST /api/ca/caweb/backend/changeTicketInfo/queryChangeOrderDetail/:changeNo': ZChangeOrderView,
  'POST /api/ca/caweb/backend/changeTicket/queryDisruption': ZDisruptionResponse,
  // chooseDisruption answers the order's disruptions after the choice (the banner asks again anyway).
  'POST /api/ca/caweb/backend/changeTicket/chooseDisruption': ZDisruptionResponse,
  // changes of date: the traveller's flow (issue 16, modules/changes)
  'POST /api/ca/caweb/backend/changeTicket/checkChange': ZCheckChangeResponse,
  'POST /api/ca/caweb/backend/changeTicket/queryChangeFlights': ZChangeFlightsResponse,
  'POST /api/ca/caweb/backend/changeTicket/checkChangeOrder': ZChangeOrderView,
  'POST /api/ca/caweb/backend/changeTicket/saveChangeOrder': ZChangeOrderView,
  'POST /api/ca/caweb/backend/changeTicket/getPayUrl/:changeNo': ZPayUrlResponse,
  // itinerary
  'POST /api/travelsky/ibe/sendEItineraryByOrder': ZSendItineraryResponse,
  // payments
  'POST /api/travelsky/payment/getPayUrl/:orderNo': ZPayUrlResponse,
  'GET /api/travelsky/payment/status/:orderNo': ZPayStatus,
  'POST /api/pay/payment/wechat/exchangeRate': ZExchangeRateResponse,
  'POST /api/pay/payment/wechat/convertAmount': ZConvertAmountResponse,
  'POST /api/pay/payment/wechat/jsPrepayOrder/:orderNo': ZJsPrepayOrderResponse,
  'GET /api/pay/payment/wechat/queryOrder': ZPayStatus,
  'POST /api/pay/payment/wechat/getSign': ZGetSignResponse,
  'GET /api/travelsky/thirdoauth/wechat/getOpenid/:code': ZOpenidResponse,
  // the member programme's account calls (issue 17, modules/loyalty members.routes.ts), member envelope
  'POST /api/fqt/consumer/getToken': ZMemberGetTokenResponse,
  'POST /api/fqt/consumer/login': ZMemberSession,
  'POST /api/fqt/consumer/register': ZMemberSession,
  'POST /api/fqt/consumer/user/queryRegisterInfo': ZMemberRegisterInfo,
  'POST /api/fqt/consumer/user/updateRegisterInfo': ZMemberRegisterInfo,
  'POST /api/fqt/consumer/home/queryUserInfo': ZMemberHome,
  'GET /api/fqt/consumer/user/queryUserBaseInfo': ZMemberBaseInfo,
  'GET /api/fqt/consumer/user/queryUserInfoById/:id': ZMemberBaseInfo,
  'POST /api/fqt/consumer/user/updateUserSettings': ZMemberBaseInfo,
  'POST /api/fqt/consumer/user/updateUserPassword': ZDoneResponse,
  'POST /api/fqt/consumer/resetPwd': ZDoneResponse,
  'GET /api/fqt/consumer/userLogout': ZDoneResponse,
  // the member's document photos (modules/loyalty records.routes.ts), while registering too
  'POST /api/fqt/common/uploadFile': ZUploadedFile,
  // the mileage programme (issue 18, packages/contracts mileage.ts), member envelope
  'POST /api/fqt/consumer/mileage/queryMileageInfo': ZMileageSummary,
  'POST /api/fqt/consumer/mileage/queryTransactionList': ZMileageTransactionPage,
  'POST /api/fqt/consumer/mileage/queryBillList': ZBillCycleList,
  'POST /api/fqt/consumer/mileage/queryBillDetail': ZMileageBill,
  'POST /api/fqt/consumer/mileage/queryFreezeInfo': ZFreezeInfo,
  'POST /api/fqt/consumer/claim/saveClaim': ZMileageClaim,
  'POST /api/fqt/consumer/claim/queryClaimList': ZMileageClaimList,
  'POST /api/fqt/consumer/calculator/earnMileage': ZEarnCalculatorResult,
  'POST /api/fqt/consumer/calculator/awardMileage': ZAwardCalculatorResult,
  'POST /api/fqt/consumer/calculator/queryEarnRates': ZEarnRateOptions,
};

const ROUTES = Object.entries(REPLY_SCHEMAS).map(([key, schema]) => {
  const [method, path] = key.split(' ') as [string, string];
  const pattern = new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}$`);
  return { key, method, pattern, schema };
});

/** The schema of the call's success reply, or undefined for a call the API does not serve. */
function replySchemaOf(method: string, path: string): { key: string; schema: ReplySchema } | undefined {
  return ROUTES.find((r) => r.method === method && r.pattern.test(path));
}

const KNOWN_CODES = new Set<string>(Object.values(ErrorCodes).map((e) => e.code));

/**
 * Why a fake reply could not have come from the API, or null when it could: a success reply that
 * is not an envelope, an unknown call, a
 * success `data` its route's schema refuses or would change (a field the API never sends), an
 * error code outside the catalogue (packages/contracts errors.ts), or `data.fields` not shaped
 * as the API reports them.
 */
export function fakeReplyDrift(method: string, path: string, status: number, body: unknown): string | null {
  const call = `${method} ${path}`;
  // The member layer (/api/fqt) answers { status, message, data }: status "200" is success and
  // CAF9999 its login expiry; otherwise its codes are the catalogue's, as the main layer's.
  if (path === '/api/fqt' || path.startsWith('/api/fqt/')) {
    const member = body as { status?: unknown; message?: unknown; data?: unknown } | null;
    const isMemberEnvelope =
      member !== null &&
      typeof member === 'object' &&
      typeof member.status === 'string' &&
      typeof member.message === 'string' &&
      'data' in member;
    if (!isMemberEnvelope)
      return status >= 400 ? null : `${call}: the reply is not a member envelope { status, message, data }`;
    if (member.status === MEMBER_LOGIN_EXPIRED_STATUS) return null;
    const memberStatus = member.status as string;
    const code = memberStatus === MEMBER_OK_STATUS ? ErrorCodes.ok.code : memberStatus;
    return envelopeDrift(method, path, code, member.data);
  }
  const isEnvelope =
    body !== null &&
    typeof body === 'object' &&
    typeof (body as { code?: unknown }).code === 'string' &&
    typeof (body as { message?: unknown }).message === 'string' &&
    'data' in body;
  // A transport failure (a proxy's 502 page, a 503 while busy) need not be an envelope.
  if (!isEnvelope)
    return status >= 400 ? null : `${call}: the reply is not an envelope { code, message, data }`;
  const { code, data } = body as { code: string; data: unknown };
  return envelopeDrift(method, path, code, data);
}

/** Why an envelope's code and data could not have come from the API for this call, or null. */
function envelopeDrift(method: string, path: string, code: string, data: unknown): string | null {
  const call = `${method} ${path}`;
  if (code !== ErrorCodes.ok.code) {
    if (!KNOWN_CODES.has(code)) return `${call}: code ${code} is not in the error catalogue`;
    if (data && typeof data === 'object' && 'fields' in data && !ZFailureData.safeParse(data).success) {
      return `${call}: data.fields is not a list of { field, key, message }`;
    }
    return null;
  }
  const route = replySchemaOf(method, path);
  if (!route) return `${call}: the API serves no such call (or add its route to test/api-replies.ts)`;
  const parsed = route.schema.safeParse(data);
  if (!parsed.success) return `${route.key}: the fake reply does not parse: ${parsed.error.message}`;
  // The API sends what its schema serialises: a fake with fields the schema drops is drifting too.
  if (canonical(parsed.data) !== canonical(data)) {
    return `${route.key}: the API would not send this reply as it is (unknown or reshaped fields): ${JSON.stringify(data)}`;
  }
  return null;
}

/** JSON with the keys of every object sorted, so two values compare whatever their key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}
