import type {
  AddIncreaseServiceReply,
  AddIncreaseServiceRequest,
  AddonLine,
  AddonMenuReply,
} from '@wings/contracts';
import { DEP_DATE, makePrice, RET_DATE, usd } from './booking';
import type { FakeCall } from './fake-api';
import { ok } from './fake-api';

const BAGGAGE = [
  { weightKg: 5, totalCheckedKg: 25, price: usd(1200) },
  { weightKg: 10, totalCheckedKg: 30, price: usd(2200) },
  { weightKg: 15, totalCheckedKg: 35, price: usd(3200) },
];
const SEAT_PRICE: Record<string, number> = { UPST: 1000, SEAT: 0 };
/** The upgrade's share per leg by passenger type: 12% of 208.00, 156.00 and 20.80. */
const UPGRADE = { 1: 2496, 2: 1872, 3: 250 } as const;

/** The add-on menu of the test offer (test/booking makeOffer): priority boarding sold outbound only. */
export function makeMenu(patch: { upgrade?: boolean } = {}): AddonMenuReply {
  const upgrade = patch.upgrade ?? true;
  const leg = (segment: number, flightNo: string, route: string, depDate: string, priority: boolean) => ({
    segment,
    flightId: `${flightNo}-${depDate}`,
    flightNo,
    route,
    depDate,
    cabin: 'Y' as const,
    baggage: BAGGAGE,
    priority: priority ? usd(800) : null,
    seatTypes: [
      { seatType: 'UPST' as const, price: usd(SEAT_PRICE.UPST!) },
      { seatType: 'SEAT' as const, price: usd(SEAT_PRICE.SEAT!) },
    ],
    refundUpgrade: upgrade
      ? {
          percent: 12,
          prices: Object.entries(UPGRADE).map(([type, amount]) => ({
            passengerType: Number(type),
            price: usd(amount),
          })),
        }
      : null,
  });
  return {
    offerId: 'offer-1',
    currency: 'USD',
    allowance: { carryOnKg: 7, checkedKg: 20 },
    legs: [leg(0, 'WA101', 'KTI-BKK', DEP_DATE, true), leg(1, 'WA102', 'BKK-KTI', RET_DATE, false)],
  };
}

/** What the server would price for a request: one line per choice, the upgrade one per leg. */
export function priceAddons(request: AddIncreaseServiceRequest): AddIncreaseServiceReply {
  const lines: AddonLine[] = [];
  request.services.forEach((s, passenger) => {
    if (!s) return;
    const type = request.passengers[passenger]?.passengerType ?? 1;
    (s.legs ?? []).forEach((choice, leg) => {
      if (!choice) return;
      if (choice.seat) lines.push({ code: '12', passenger, leg, seat: choice.seat, amount: usd(1000) });
      if (choice.baggageKg) {
        const option = BAGGAGE.find((o) => o.weightKg === choice.baggageKg);
        lines.push({
          code: '13',
          passenger,
          leg,
          weightKg: choice.baggageKg,
          amount: option?.price ?? usd(0),
        });
      }
      if (choice.priority) lines.push({ code: '11', passenger, leg, amount: usd(800) });
    });
    if (s.refundUpgrade) {
      for (const leg of [0, 1]) lines.push({ code: 'ERT', passenger, leg, amount: usd(UPGRADE[type]) });
    }
  });
  const addons = lines.reduce((sum, l) => sum + l.amount.amount, 0);
  return {
    offerId: request.offerId,
    currency: 'USD',
    lines,
    price: makePrice({ addons: usd(addons), total: usd(71280 + addons) }),
  };
}

/** A 400 as the API answers a refused add-on, on its field. */
export function refused(field: string, key: string, message: string) {
  return {
    status: 400,
    body: { code: '400', message: 'The request is not valid.', data: { fields: [{ field, key, message }] } },
  };
}

/** Insurance plans for the trip (none needed here): only whether insurance is sold. */
export function insuranceGrades(available: boolean) {
  return ok({ available, currency: 'USD', insuredCount: 4, cover: null, grades: [] });
}

/** The add-on calls' answers: the menu, pricing (or `refuse` for a request), insurance. */
export function addonReplies(
  options: {
    refuse?: (request: AddIncreaseServiceRequest) => ReturnType<typeof refused> | undefined;
    insurance?: boolean;
    menu?: AddonMenuReply;
  } = {},
) {
  return (call: FakeCall) => {
    if (call.path === '/api/travelsky/ibe/backService/offer-1') return ok(options.menu ?? makeMenu());
    if (
      call.path === '/api/travelsky/ibe/addIncreaseService' ||
      call.path === '/api/travelsky/ibe/addIncreaseServiceNext'
    ) {
      const request = call.body as AddIncreaseServiceRequest;
      return options.refuse?.(request) ?? ok(priceAddons(request));
    }
    if (call.path === '/api/travelsky/insurance/getInsuranceGrade')
      return insuranceGrades(options.insurance ?? true);
    return undefined;
  };
}
