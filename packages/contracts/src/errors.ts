import type { MessageKey } from './messages';

/**
 * The error catalogue: every code the API answers with, and the message key it carries.
 * Codes and keys are the spec's (booking-and-account.md §8) where the spec names them.
 * Business failures keep HTTP 200; `httpStatus` is set only for transport-level failures.
 */
export const ErrorCodes = {
  /** Success. */
  ok: { code: '0', key: 'ok' },
  /** A request body, query or path failed its schema or a shared rule; `data.fields` names each field. */
  invalidRequest: { code: '400', key: 'invalid_request', httpStatus: 400 },
  /** No access token on a call that needs one (spec §7: the client then fetches one). */
  accessTokenMissing: { code: '2000', key: 'access_token_missing' },
  /** The access token is unknown or past its 2-hour life (spec §7: the client renews it once). */
  accessTokenExpired: { code: '2007', key: 'access_token_expired' },
  /** getAccessToken: the appId is unknown or the MD5 signature does not match. */
  signInvalid: { code: '2001', key: 'sign_invalid' },
  /** getAccessToken: the timestamp is malformed or more than 5 minutes from server time. */
  timestampInvalid: { code: '2002', key: 'timestamp_invalid' },
  /** getAccessToken: this nonce was already used inside its window. */
  nonceReused: { code: '2003', key: 'nonce_reused' },
  /** queryFlight: no flight matches (spec §8: 204 flight_not_found). */
  flightNotFound: { code: '204', key: 'flight_not_found' },
  /** queryFlight: more passengers than seats on every fare (spec §8: 610 flight_select_limit). */
  flightSelectLimit: { code: '610', key: 'flight_select_limit' },
  /** queryFlight / queryFlightReturn: the route has no return service (spec §8: CAC2112). */
  noRoundTrip: { code: 'CAC2112', key: 'flight_no_support_round_trip' },
  /** The session token is missing, expired or revoked (spec §7: 600 means login expired). */
  loginExpired: { code: '600', key: 'login_expired' },
  /** login: the account is suspended or locked after repeated failures (spec §8: 203). */
  loginLimit: { code: '203', key: 'login_limit' },
  /** login: wrong account or password, never saying which (spec §8: 601). */
  incorrectToken: { code: '601', key: 'incorrect_token' },
  /** A captcha is missing, wrong or expired (spec §8: 602); `data.captchaRequired` tells the form. */
  captchaError: { code: '602', key: 'captcha_error' },
  /** register: the phone number already has an account (spec §8: 4001). */
  phoneExist: { code: '4001', key: 'phone_exist' },
  /** register / bind: the e-mail already has an account (spec §8: 4002). */
  emailExist: { code: '4002', key: 'email_exist' },
  /**
   * verifyEmail (user/testEmail, ibe/resetPassword): the code e-mail could not be handed to the mail
   * server (spec §8: verifyEmail 606 shows the system error; this text follows in `data.detail`).
   */
  emailCodeSendFailed: { code: '606', key: 'email_code_send_failed' },
  /** The e-mail code is wrong, expired, used, or out of tries. */
  emailCodeInvalid: { code: '4003', key: 'code_invalid' },
  /** An e-mail code was sent to this address less than a minute ago. */
  emailCodeTooSoon: { code: '4004', key: 'code_too_soon' },
  /** change password: the old password is not correct. */
  oldPasswordWrong: { code: '4006', key: 'old_password_wrong' },
  /** verify password: the password is not correct. */
  passwordWrong: { code: '4008', key: 'password_wrong' },
  /** The e-mail is already bound to an account. */
  emailBound: { code: '4007', key: 'email_bound' },
  /** A third-party sign-in could not be completed (provider refused, state mismatch, bad token). */
  oauthFailed: { code: '4010', key: 'oauth_failed' },
  /** Something that does not exist, or is not the caller's (answered alike, so ids cannot be probed). */
  resourceNotFound: { code: '404', key: 'not_found', httpStatus: 404 },
  /** saveTicketOrder: a guest booked a nationality outside the allowed three (spec §8: 609). */
  passengerLimit: { code: '609', key: 'passenger_limit' },
  /** The offer's 20 minutes are over, or it is unknown: search again (spec §8 "order invalid or expired"). */
  offerExpired: { code: '301', key: 'offer_expired' },
  /** saveTicketOrder: the fare's seats sold out since the offer (spec §8: 204 on saveTicketOrder). */
  seatsSoldOut: { code: '204', key: 'seats_sold_out' },
  /**
   * saveTicketOrder: this account (or guest address) already has the most unpaid orders allowed at
   * once (issue 9: seat hoarding); `data.limit`. The three hold limits share code 614.
   */
  unpaidOrdersLimit: { code: '614', key: 'unpaid_orders_limit' },
  /** saveTicketOrder: the unpaid orders of this account (or guest address) hold the most seats allowed. */
  unpaidSeatsLimit: { code: '614', key: 'unpaid_seats_limit' },
  /** saveTicketOrder: this account (or guest address) holds the most unpaid seats allowed on one flight. */
  flightHoldLimit: { code: '614', key: 'flight_hold_limit' },
  /**
   * saveTicketOrder: the idempotency key already made an order for another caller or another
   * request (passengers, contact, offer, promo code); `data.fields` names idempotencyKey.
   */
  idempotencyKeyReused: { code: '615', key: 'idempotency_key_reused' },
  /**
   * getPayUrl: no such order, or not the caller's, or no valid grant for it (answered alike, so order
   * numbers cannot be probed); spec §8: getPayUrl 204 shows the system error.
   */
  payOrderNotFound: { code: '204', key: 'order_not_found' },
  /** getPayUrl: the order is already paid; it is never paid twice (issue 5). */
  orderAlreadyPaid: { code: '613', key: 'order_already_paid' },
  /**
   * getPayUrl: the payment could not be started (the gateway is unreachable or refused, or no
   * gateway or exchange rate serves this method); spec §8 getPayUrl 500. Details go to the log.
   */
  paymentUnavailable: { code: '500', key: 'pay_unavailable' },
  /** A feature that is not open here, e.g. WeChat calls where WeChat is not configured (spec §8 close_tips). */
  featureNotOpen: { code: '620', key: 'close_tips' },
  /** No exchange rate is in force between the two currencies (WeChat Pay charges CNY at the stored rate). */
  exchangeRateUnavailable: { code: '621', key: 'exchange_rate_unavailable' },
  /**
   * getPayUrl: the order already has the most payments pending at gateways (issue 9: one order
   * started 100); `{max}` in the message. The traveller finishes one they started (getPayUrl of
   * that method answers its checkout again), or waits for one to fail.
   */
  tooManyPendingPayments: { code: '622', key: 'pay_too_many_pending' },
  /** getPayUrl: another request is starting this order's payment with this method right now; retry in a moment. */
  paymentStarting: { code: '623', key: 'pay_starting' },
  /** A chosen flight was retimed since it was shown: choose another (spec §8). */
  flightScheduleChanged: { code: '611', key: 'flight_time_changed' },
  /** An airport or route that does not exist in the network. */
  routeNotFound: { code: '205', key: 'route_not_found' },
  /** An order that does not exist, or that the caller may not read (spec §8 searchOrder: CAS912); never says which. */
  orderNotFound: { code: 'CAS912', key: 'order_not_found' },
  /** sendEItineraryByOrder: no such order, or not the caller's (answered alike); spec §8 shows the system error. */
  itineraryOrderNotFound: { code: '204', key: 'order_not_found' },
  /** sendEItineraryByOrder: the order was canceled, so it has no itinerary (same code as not found, spec §8: 204). */
  itineraryOrderCanceled: { code: '204', key: 'itinerary.order_canceled' },
  /** sendEItineraryByOrder: the mail could not be handed to the mail server (spec §8: 605). */
  itinerarySendFailed: { code: '605', key: 'itinerary.send_failed' },
  /** sendEItineraryByOrder: this order's itinerary was sent too often in the last hour (spec §8: 606). */
  itineraryTooMany: { code: '606', key: 'itinerary.too_many' },
  /** sendEItineraryByOrder: paid, but the e-tickets are still being issued (spec §8: 607). */
  itineraryNotTicketed: { code: '607', key: 'itinerary.not_ticketed' },
  /** sendEItineraryByOrder: the order is unpaid (spec §8: 608, "pay the order first"). */
  itineraryUnpaid: { code: '608', key: 'itinerary.unpaid' },
  // --- the staff console (issue 13, /api/admin) ---
  /** A staff call the signed-in member's roles do not allow (every admin route names its roles). */
  staffForbidden: { code: '403', key: 'staff.forbidden', httpStatus: 403 },
  /** Staff sign-in: the authenticator code is wrong or already used. */
  staffTotpInvalid: { code: '4020', key: 'staff.totp_invalid' },
  /** Staff sign-in: the step after the password has expired or was used; sign in again. */
  staffChallengeExpired: { code: '4021', key: 'staff.challenge_expired' },
  /** Staff sign-in: the account is disabled by an admin (said only after a right password). */
  staffDisabled: { code: '4022', key: 'staff.disabled' },
  /** Staff accounts: another account has this e-mail. */
  staffEmailTaken: { code: '4023', key: 'staff.email_taken' },
  /** Staff accounts: no such account. */
  staffNotFound: { code: '4024', key: 'staff.not_found' },
  /** Staff accounts: an admin cannot take their own admin role away or disable themselves. */
  staffSelfChange: { code: '4025', key: 'staff.self_change' },
  /**
   * A state-changing staff call without the header `x-wings-console: 1` (defence in depth against
   * cross-site requests: a form on another site cannot send it).
   */
  staffConsoleHeader: { code: '4026', key: 'staff.console_header', httpStatus: 403 },
  // admin: orders and tickets (add below)
  /** Staff console: no order has this number. */
  adminOrderNotFound: { code: '4100', key: 'admin.order_not_found' },
  /** Staff cancel: only an unpaid order can be canceled; `data.status` (and `data.ticketed`) say what it is. */
  adminOrderNotCancelable: { code: '4101', key: 'admin.order_not_cancelable' },
  /** Staff refund actions: the order has no refund with this id. */
  adminRefundNotFound: { code: '4102', key: 'admin.refund_not_found' },
  /** Staff refund actions: only a failed refund can be retried or settled by hand; `data.status` says what it is. */
  adminRefundNotFailed: { code: '4103', key: 'admin.refund_not_failed' },
  /** Staff refund actions: the payment's other refunds already take back what this one would (never more than was paid). */
  adminRefundExceedsPaid: { code: '4104', key: 'admin.refund_exceeds_paid' },
  // admin: network and flights (add below)
  /** Staff console: no dated flight with this id. */
  adminFlightNotFound: { code: '4730', key: 'admin.flight_not_found' },
  /** Staff console: the flight does not sell this booking class. */
  adminClassNotOnFlight: { code: '4731', key: 'admin.class_not_on_flight' },
  /** Staff console: an authorised limit below the seats the class has sold and held. */
  adminLimitBelowTaken: { code: '4732', key: 'admin.limit_below_taken' },
  /** Staff console: an authorised limit above the seats of the class's cabin. */
  adminLimitAboveCapacity: { code: '4733', key: 'admin.limit_above_capacity' },
  /** Staff console: a retime, cancellation or departure of a flight that is no longer scheduled. */
  adminFlightNotScheduled: { code: '4734', key: 'admin.flight_not_scheduled' },
  /** Staff console: a retime whose arrival is not after its departure; `data.fields` names it. */
  adminRetimeInvalid: { code: '4735', key: 'admin.retime_invalid' },
  /** Staff console: the flight was marked departed already; `params.departedAt` says when. */
  adminFlightDeparted: { code: '4736', key: 'admin.flight_departed' },
  /** Staff console: no airport with this code. */
  adminAirportNotFound: { code: '4737', key: 'admin.airport_not_found' },
  /** Staff console: no route with this code. */
  adminRouteNotFound: { code: '4738', key: 'admin.route_not_found' },
  /** Staff console: no schedule line with this id. */
  adminScheduleNotFound: { code: '4739', key: 'admin.schedule_not_found' },
  // admin: fares and promotions (add below)
  /** Staff console: the promo code is disabled already; `params.disabledAt` says when. */
  adminPromoDisabled: { code: '4750', key: 'admin.promo_disabled' },
  // insurance (issue 14, modules/insurance)
  /** Insurance is not sold now: no provider in this environment, or the insurer failed (spec §8 "insurance abnormal"). */
  insuranceAbnormal: { code: '650', key: 'insurance.abnormal' },
  /** Staff console: the insurance plan is disabled already; `params.disabledAt` says when. */
  adminInsurancePlanDisabled: { code: '4770', key: 'insurance.plan_disabled' },
  // seats (issue 14, modules/seating)
  /** A picked seat is held or confirmed by another order; `params.seat`, `data.seats` name it. */
  seatTaken: { code: '640', key: 'seat.taken' },
  // add-ons after ticketing (issue 14, modules/secondary-services)
  /** An add-on for a leg departing in less than 24 hours (spec §9); `params.departure` names the departure time. */
  addonCutoff: { code: '660', key: 'addons.cutoff' },
  /** The passenger abandoned an add-on payment less than 15 minutes ago (spec §4, §9); `data.opensAt` says when it opens. */
  addonBlocked: { code: '661', key: 'addons.blocked' },
  /** The passenger has an add-on order of this service waiting for payment; `data.secOrderNo` names it. */
  addonPending: { code: '662', key: 'addons.pending' },
  // online check-in (issue 15, modules/check-in)
  /** Check-in for the leg is not open yet (it opens 2 hours before departure, spec §9); `params.opensAt`. */
  checkInNotOpen: { code: '700', key: 'checkin.not_open' },
  /** Online check-in (or cancelling it) for the leg closed 60 minutes before departure (spec §9); `params.closesAt`. */
  checkInClosed: { code: '701', key: 'checkin.closed' },
  /** The passenger has no issued ticket for the leg, or the flight was cancelled or closed at departure. */
  checkInUnavailable: { code: '702', key: 'checkin.unavailable' },
  /** No free seat the passenger may take (seat rules) is left on the flight: check in at the airport. */
  checkInNoSeat: { code: '703', key: 'checkin.no_seat' },
  /** Boarding passes asked for an order with nobody checked in. */
  checkInNoneCheckedIn: { code: '704', key: 'checkin.none_checked_in' },
  // linked orders and tickets (issue 15, modules/booking order-links)
  /** The ticket number is not 13 digits starting with the airline's code (spec §8 "ticket number format incorrect"). */
  linkTicketFormat: { code: '690', key: 'linked.ticket_no_format' },
  /** No live ticket has this number and passenger name: unknown, refunded, voided or replaced (spec §8). */
  linkTicketNotFound: { code: '691', key: 'linked.ticket_not_found' },
  /** No order has this PNR with a passenger of this surname (spec §8 "no order matches"). */
  linkNoOrder: { code: '692', key: 'linked.no_order' },
  /** The order is the caller's own: it is in their order list already. */
  linkOwnOrder: { code: '693', key: 'linked.own_order' },
  /** The caller has no link to this order or ticket number (a detail asked of someone else's link answers this too). */
  linkNotFound: { code: '694', key: 'linked.not_linked' },
  /** The caller has linked as many orders (or tickets) as one account may; `params.max` says how many. */
  linkLimit: { code: '695', key: 'linked.limit' },
  // online refunds (issue 15, modules/refunds): main layer 670-689, staff layer 4110-4119
  /** A refund call on an order the caller may not refund (not its owner, no link, no full grant): spec §6, §8. */
  refundNotOwner: { code: '670', key: 'refund.not_owner', httpStatus: 403 },
  /** The order is not paid: nothing to refund (spec §8 "order unpaid"). */
  refundOrderUnpaid: { code: '671', key: 'refund.order_unpaid' },
  /** A segment to refund departs within 4 hours (spec §5, §9); `params.phone` is customer service. */
  refundWithin4h: { code: '672', key: 'refund.within_4h' },
  /** A chosen ticket was used or checked in (spec §5); `params.phone`. */
  refundUsedTicket: { code: '673', key: 'refund.used_ticket' },
  /** The booking has an infant (spec §5); `params.phone`. */
  refundInfant: { code: '674', key: 'refund.infant' },
  /** A route to or from mainland China (spec §5, §9; docs/decisions.md); `params.phone`. */
  refundChinaRoute: { code: '675', key: 'refund.china_route_blocked' },
  /** A fare (cabin) that is not refundable: Value (spec §5, §9); `params.phone`. */
  refundCabin: { code: '676', key: 'refund.cabin_blocked' },
  /** The flight is expired: departed beyond the 3-month no-show claim window (spec §5, §9); `params.phone`. */
  refundFlightExpired: { code: '677', key: 'refund.flight_expired' },
  /** No passenger chosen (spec §5 "at least one passenger"). */
  refundNoPassenger: { code: '678', key: 'refund.no_passenger' },
  /** Minors would stay without enough adults of 18+ (spec §5); `params.adultCount` is how many are needed. */
  refundMinorsAlone: { code: '679', key: 'refund.minors_alone' },
  /** A chosen passenger cannot be refunded (not ticketed, refunded, in another refund): spec §8 "no passenger meets refund conditions". */
  refundNoEligible: { code: '680', key: 'refund.no_eligible' },
  /** createRefund: the idempotency key was used for another request. */
  refundKeyReused: { code: '681', key: 'refund.key_reused' },
  /** No refund order with this number for the caller. */
  refundNotFound: { code: '682', key: 'refund.not_found' },
  /** confirmRefund: the draft was not confirmed in time; ask for the quote again. */
  refundDraftExpired: { code: '683', key: 'refund.draft_expired' },
  /** A chosen passenger's ticket is already being refunded (another request got there first). */
  refundInProgress: { code: '684', key: 'refund.in_progress' },
  /** A request the refund rules refuse otherwise (spec §8 "refund error, check the rules"). */
  refundError: { code: '685', key: 'refund.error' },
  /** Staff console: no refund order with this number. */
  adminRefundOrderNotFound: { code: '4110', key: 'admin.refund_order_not_found' },
  /** Staff console: approve or reject of a refund not waiting for audit; `data.status` says what it is. */
  adminRefundOrderNotAuditing: { code: '4111', key: 'admin.refund_order_not_auditing' },
  // ---- changes of date (issue 16; after-sales §5, §8): 710-739, staff 4120-4129
  /** checkChange and the change calls: the order is not the caller's (spec §5 "not the current user's order"). */
  changeNotOwner: { code: '710', key: 'change.not_owner', httpStatus: 403 },
  /** The order is not paid: nothing to change. */
  changeOrderUnpaid: { code: '711', key: 'change.order_unpaid' },
  /** A leg departs within 4 hours ({phone}). */
  changeWithin4h: { code: '712', key: 'change.within_4h' },
  /** A ticket of the leg was used or checked in ({phone}). */
  changeUsedTicket: { code: '713', key: 'change.used_ticket' },
  /** The booking has an infant ({phone}). */
  changeInfant: { code: '714', key: 'change.infant' },
  /** A China route, either direction ({phone}). */
  changeChinaRoute: { code: '715', key: 'change.china_route' },
  /** A fare family that cannot change (Value: §5 "unsupported cabins"). */
  changeFare: { code: '716', key: 'change.fare_blocked' },
  /** A flight of the order has left: the order is expired for online change. */
  changeFlightExpired: { code: '717', key: 'change.flight_expired' },
  /** The booking has the refundable-ticket upgrade (§8). */
  changeUpgrade: { code: '718', key: 'change.upgrade_blocked' },
  /** The order was already rescheduled once (§4). */
  changeAlreadyRescheduled: { code: '719', key: 'change.already_rescheduled' },
  /** Another change of this order is being made (quoted or waiting for payment): one at a time. */
  changeInProgress: { code: '720', key: 'change.in_progress' },
  /** §5: the new outbound date is later than the original return departure date ({date}). */
  changeOutboundAfterReturn: { code: '721', key: 'change.outbound_after_return' },
  /** §5: the new return date is before the original departure date ({date}). */
  changeReturnBeforeDeparture: { code: '722', key: 'change.return_before_departure' },
  /** §5: a reason is required. */
  changeReasonRequired: { code: '723', key: 'change.reason_required' },
  /** §8: the chosen flight's time changed since it was shown; choose another flight. */
  changeFlightTimeChanged: { code: '724', key: 'change.flight_time_changed' },
  /** §8: no flights on the date (queryChangeFlights). */
  changeNoFlights: { code: '725', key: 'change.no_flights' },
  /** The chosen flight has no seat left in the class the change needs. */
  changeSoldOut: { code: '726', key: 'change.sold_out' },
  /** No change order with this number for the caller. */
  changeNotFound: { code: '727', key: 'change.not_found' },
  /** saveChangeOrder: the quote was not confirmed in time; its seats went back. Choose again. */
  changeQuoteExpired: { code: '728', key: 'change.quote_expired' },
  /** checkChangeOrder: the idempotency key was used for another request. */
  changeKeyReused: { code: '729', key: 'change.key_reused' },
  /** §8: the insured period cannot follow the new dates (insurance abnormal). */
  changeInsuranceAbnormal: { code: '730', key: 'change.insurance_abnormal' },
  /** saveChangeOrder: an insured passenger's policy moves; its agreement must be accepted. */
  changeInsuranceTerms: { code: '731', key: 'change.insurance_terms' },
  /** The chosen flight is the one the leg is on already. */
  changeSameFlight: { code: '732', key: 'change.same_flight' },
  /** A free move of a flight the airline did not change, or beyond ±3 days of it. */
  changeNotDisrupted: { code: '733', key: 'change.not_disrupted' },
  /** A passenger's ticket is being refunded or was refunded. */
  changeRefunding: { code: '734', key: 'change.refunding' },
  /** The order is not ticketed yet. */
  changeNotTicketed: { code: '735', key: 'change.not_ticketed' },
  /** Staff console: no change order with this number. */
  adminChangeOrderNotFound: { code: '4120', key: 'admin.change_order_not_found' },
  /** Staff console: the flight was neither retimed nor canceled. */
  adminDisruptionNotFound: { code: '4121', key: 'admin.disruption_not_found' },
  // ---- the member programme (issue 17; booking-and-account §4, §8, after-sales §4, §5, §8): 800-859, staff 4130-4139
  /** consumer/login: wrong account, password or code, never saying which. */
  memberIncorrectLogin: { code: '800', key: 'member.incorrect_login' },
  /** consumer/login: too many failures for the account; locked for a while (as the app account). */
  memberLoginLimit: { code: '801', key: 'member.login_limit' },
  /** The registration was rejected too many times: blocked, contact customer service ({phone}). */
  memberRepeatedRejection: { code: '802', key: 'member.repeated_rejection' },
  /** updateRegisterInfo while staff are auditing it, or a call that needs an approved member. */
  memberAuditInProgress: { code: '803', key: 'member.audit_in_progress' },
  /** The call needs an approved member; the registration was rejected and must be fixed first. */
  memberInfoRejected: { code: '804', key: 'member.info_rejected' },
  /** Staff blocked the member: contact customer service ({phone}). */
  memberBlocked: { code: '805', key: 'member.blocked' },
  /** A verification code is wrong, expired, used, or out of tries. */
  memberCodeInvalid: { code: '806', key: 'member.code_invalid' },
  /** A code was sent to this address or number less than a minute ago. */
  memberCodeTooSoon: { code: '807', key: 'member.code_too_soon' },
  /** The e-mail or SMS could not be handed over for sending. */
  memberCodeSendFailed: { code: '808', key: 'member.code_send_failed' },
  /** register, contacts: the e-mail is already a member's. */
  memberEmailExist: { code: '809', key: 'member.email_exist' },
  /** register, contacts: the phone number is already a member's. */
  memberPhoneExist: { code: '810', key: 'member.phone_exist' },
  /** register, identities: this document is already another member's. */
  memberDocumentExist: { code: '811', key: 'member.document_exist' },
  /** updateUserPassword: the old password is not correct. */
  memberOldPasswordWrong: { code: '812', key: 'member.old_password_wrong' },
  /** register from an app account that already has a member. */
  memberAlreadyJoined: { code: '813', key: 'member.already_joined' },
  /** identities: the allowed set (an ID card and a passport) exists: no more documents. */
  memberDocumentsFull: { code: '820', key: 'member.documents_full' },
  /** identities: a document of this type exists already (one per type). */
  memberDocumentTypeExists: { code: '821', key: 'member.document_type_exists' },
  /** identities: the document could not be added (its photos were not the member's, or were removed). */
  memberDocumentAddFailed: { code: '822', key: 'member.document_add_failed' },
  /** identities, beneficiaries, register: a photo the document type needs is missing. */
  memberDocumentPhotoMissing: { code: '823', key: 'member.document_photo_missing' },
  /** identities: the registration's document, or the only one, cannot be deleted. */
  memberDocumentInUse: { code: '824', key: 'member.document_in_use' },
  /** The main address, main e-mail or main phone cannot be deleted (spec: delete_address_impor). */
  memberMainRecordDelete: { code: '830', key: 'delete_address_impor' },
  /** A main address already exists (spec: change_address_impor). */
  memberMainRecordExists: { code: '831', key: 'change_address_impor' },
  /** Contacts, addresses or beneficiaries: the most a member may keep. */
  memberRecordsFull: { code: '832', key: 'member.records_full' },
  /** common/uploadFile: not a JPEG, PNG or WebP image by its content. */
  uploadNotImage: { code: '840', key: 'upload.not_image' },
  /** common/uploadFile: larger than allowed. */
  uploadTooLarge: { code: '841', key: 'upload.too_large', httpStatus: 413 },
  /** common/uploadFile: the image carries something that is not a picture (a script, a document). */
  uploadUnsafe: { code: '842', key: 'upload.unsafe' },
  /** Staff console: no member, document or beneficiary with this id. */
  adminMemberNotFound: { code: '4130', key: 'admin.member_not_found' },
  /** Staff console: approve or reject of something not waiting for audit; `data.status` says what it is. */
  adminMemberNotAuditing: { code: '4131', key: 'admin.member_not_auditing' },
  /** Staff console: block of a blocked member, or unblock of one not blocked. */
  adminMemberBlockState: { code: '4132', key: 'admin.member_block_state' },
  // ---- the mileage programme (issue 18; after-sales §1, §4, §5, §8): 860-899, staff 4140-4149
  /** The member's miles are frozen: nothing can be spent (queryFreezeInfo says why). */
  mileageFrozen: { code: '860', key: 'mileage.frozen' },
  /** Not enough miles for this (an award, a staff debit). */
  mileageInsufficient: { code: '861', key: 'mileage.insufficient' },
  /** The ticket's passenger is not the member (a claim), or not the member or an effective beneficiary (an award). */
  mileagePassengerNotLegal: { code: '862', key: 'mileage.passenger_not_legal' },
  /** No flown flight of this ticket on that date (a claim); no award flight (redemption). */
  mileageNoFlightFound: { code: '863', key: 'mileage.no_flight_found' },
  /** No claim with this id for this member. */
  mileageNoClaim: { code: '864', key: 'mileage.no_claim' },
  /** queryFreezeInfo of miles that are not frozen. */
  mileageNoFreezeDetails: { code: '865', key: 'mileage.no_freeze_details' },
  /** Award: a connection departs 120 minutes or less after the earlier arrival. */
  mileageConnectionTooShort: { code: '866', key: 'mileage.connection_too_short' },
  /** Award: a passenger's document has expired or its number is not valid. */
  mileageIdIllegal: { code: '867', key: 'mileage.id_illegal' },
  /** Nothing to show (an empty list where one was asked for by id). */
  mileageEmptyData: { code: '868', key: 'mileage.empty_data' },
  /** Award: more than 9 tickets in one redemption. */
  mileageTooManyTickets: { code: '869', key: 'mileage.too_many_tickets' },
  /** Claim: the flight has not flown yet, or flew more than 6 months ago. */
  mileageClaimWindow: { code: '870', key: 'mileage.claim_window' },
  /** Claim: that flight is already credited, or a claim for it is waiting. */
  mileageClaimDuplicate: { code: '871', key: 'mileage.claim_duplicate' },
  /** Claim: the passenger missed that flight; its no-show refund is asked for from the ticket, within 3 months. */
  mileageClaimNoShow: { code: '872', key: 'mileage.claim_no_show' },
  /** Bill: that month is not one of the last 12, or the previous month before the 6th. */
  mileageBillNotAvailable: { code: '873', key: 'mileage.bill_not_available' },
  /** Calculator: a field is empty; `{field}` names it. */
  mileageFieldEmpty: { code: '874', key: 'mileage.field_empty' },
  /** Award: two beneficiaries of the same name on one flight. */
  mileageDuplicateName: { code: '875', key: 'mileage.duplicate_name' },
  /** Calculator or award: no route between these airports, or an unknown fare class or cabin. */
  mileageUnknownRoute: { code: '876', key: 'mileage.unknown_route' },
  /** Staff console: no claim with this id. */
  adminClaimNotFound: { code: '4140', key: 'admin.claim_not_found' },
  /** Staff console: approve or reject of a claim already decided; `data.status` says how. */
  adminClaimNotAuditing: { code: '4141', key: 'admin.claim_not_auditing' },
  /** Staff console: freeze of frozen miles, or unfreeze of miles not frozen. */
  adminMileageFreezeState: { code: '4142', key: 'admin.mileage_freeze_state' },
  /** Staff console: no booking class with this letter. */
  adminEarnRateUnknownClass: { code: '4143', key: 'admin.earn_rate_unknown_class' },
  /** Staff console: an award chart without every zone and cabin exactly once. */
  adminAwardChartIncomplete: { code: '4144', key: 'admin.award_chart_incomplete' },
  /** Staff console: the member is not approved (no card, no miles). */
  adminMemberNotApproved: { code: '4145', key: 'admin.member_not_approved' },
  // admin: translations (add below)
  // admin: dashboard (add below)
  /** A path that does not exist. */
  notFound: { code: '404', key: 'not_found', httpStatus: 404 },
  /** Too many requests from one client; retry later. */
  tooManyRequests: { code: '429', key: 'too_many_requests', httpStatus: 429 },
  /** Body larger than allowed. */
  payloadTooLarge: { code: '413', key: 'payload_too_large', httpStatus: 413 },
  /** The body's content type has no parser: calls take application/json (a few gateway callbacks take forms). */
  unsupportedMediaType: { code: '415', key: 'unsupported_media_type', httpStatus: 415 },
  /** Anything unexpected; details go to the log, never to the client. */
  systemError: { code: '500', key: 'system_error', httpStatus: 500 },
  /** The database is unreachable. */
  unavailable: { code: '503', key: 'system_error', httpStatus: 503 },
} as const satisfies Record<string, { code: string; key: string; httpStatus?: number }>;

export type ErrorName = keyof typeof ErrorCodes;

/** Codes that mean "the login has expired" (spec §7/§8). */
export const LOGIN_EXPIRED_CODES = ['600', 'CAC3002', 'CAF9999'] as const;
/** Codes that mean "get a new access token and replay" (spec §7). */
export const ACCESS_TOKEN_CODES = [
  ErrorCodes.accessTokenMissing.code,
  ErrorCodes.accessTokenExpired.code,
] as const;

/** `data.status` of a login-expired reply (spec §7: the main layer reads 600 there as well as in `code`). */
export const LOGIN_EXPIRED_DATA_STATUS = 600;

/**
 * Spec §8's per-call messages (booking-and-account.md §8, after-sales-and-loyalty.md §8): for a call
 * and a failure code, the message key the client shows, whatever the failure's own key. The server
 * answers with that message, and puts the failure's own text in `data.detail` and its key in
 * `data.reason` (apps/api/src/app.ts); the web client shows that message (apps/web/src/api). Paths
 * are below /api; `:name` stands for one path segment.
 */
export const CALL_ERROR_MESSAGES = [
  {
    call: 'queryFlight',
    // queryFlightReturn is the return leg of the same search (docs/api.md): the same mapping.
    paths: ['/travelsky/ibe/queryFlight', '/travelsky/ibe/queryFlightReturn'],
    codes: {
      '204': 'flight_not_found',
      '301': 'flight_not_found',
      '500': 'flight_not_found',
      '610': 'flight_select_limit',
      CAC2112: 'flight_no_support_round_trip',
    },
  },
  {
    call: 'saveTicketOrder',
    paths: ['/travelsky/ibe/saveTicketOrder'],
    codes: {
      '602': 'captcha_error',
      '301': 'system_error',
      '204': 'system_error',
      '500': 'system_error',
      '609': 'passenger_limit',
    },
  },
  {
    call: 'login',
    paths: ['/travelsky/user/login'],
    codes: { '203': 'login_limit', '601': 'incorrect_token', '500': 'system_error' },
  },
  {
    call: 'register',
    paths: ['/travelsky/user/register'],
    codes: { '500': 'system_error', '4001': 'phone_exist', '4002': 'email_exist' },
  },
  {
    call: 'verifyEmail',
    // Sending the e-mail code is how an address is verified: user/testEmail, and ibe/resetPassword for resets.
    paths: ['/travelsky/user/testEmail', '/travelsky/ibe/resetPassword'],
    codes: { '606': 'system_error', '500': 'system_error' },
  },
  {
    call: 'getPayUrl',
    paths: ['/travelsky/payment/getPayUrl/:orderNo'],
    codes: { '204': 'system_error', '500': 'system_error' },
  },
  {
    call: 'sendItinerary',
    paths: ['/travelsky/ibe/sendEItineraryByOrder'],
    codes: {
      '204': 'system_error',
      '605': 'system_error',
      '606': 'system_error',
      '607': 'system_error',
      '608': 'itinerary.unpaid',
    },
  },
  {
    call: 'searchOrder',
    paths: ['/travelsky/ibe/queryOrderByOrderNo'],
    codes: { CAS912: 'order_not_found' },
  },
  {
    call: 'getOrderDetail',
    paths: ['/travelsky/ibe/getOrderDetail/:orderNo'],
    codes: { '500': 'system_error' },
  },
] as const satisfies readonly {
  call: string;
  paths: readonly string[];
  codes: Readonly<Record<string, MessageKey>>;
}[];

function pathMatches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const got = path.split('/');
  return want.length === got.length && want.every((part, i) => part.startsWith(':') || part === got[i]);
}

/**
 * The message key spec §8 gives a failure `code` of the call at `path` (below /api, with or without
 * the /api prefix and a query string), or undefined when the spec maps none.
 */
export function callErrorMessageKey(path: string, code: string): MessageKey | undefined {
  const bare = (path.split('?')[0] ?? '').replace(/^\/api(?=\/)/, '').replace(/\/+$/, '');
  for (const entry of CALL_ERROR_MESSAGES) {
    const codes: Readonly<Record<string, MessageKey>> = entry.codes;
    if (Object.hasOwn(codes, code) && entry.paths.some((p) => pathMatches(p, bare))) return codes[code];
  }
  return undefined;
}
