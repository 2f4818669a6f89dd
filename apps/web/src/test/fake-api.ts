import { type Airport, DEFAULT_CUSTOMER_SERVICE } from '@wings/contracts';
import { addDays, SEARCH_WINDOW_DAYS } from '@wings/rules';
import { vi } from 'vitest';
import { fakeReplyDrift } from './api-replies';
import { todayPP } from './booking';

export interface FakeCall {
  path: string;
  method: string;
  headers: Record<string, string>;
  /** The body as the server's routes see it: without the request-context fields (spec §7). */
  body: unknown;
  /** `language` and `apiBkSource` the client added to an object body, as sent. */
  bodyContext?: Record<string, unknown>;
}

/**
 * Splits the spec §7 request-context fields off an object body, as the API does before any route
 * sees it (apps/api/src/platform/request-context.ts), so tests read the call's own fields.
 */
function splitBodyContext(body: unknown): Pick<FakeCall, 'body' | 'bodyContext'> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return { body };
  const { language, apiBkSource, ...rest } = body as Record<string, unknown>;
  return { body: rest, bodyContext: { language, apiBkSource } };
}

type Handler = (call: FakeCall) => { status?: number; body: unknown } | undefined;

const loc = (zh: string, en: string, km: string) => ({ zh, en, km });

export const AIRPORTS: Airport[] = [
  {
    code: 'KTI',
    name: loc('金边德崇国际机场', 'Techo International Airport', 'អាកាសយានដ្ឋានអន្តរជាតិតេជោ'),
    city: loc('金边', 'Phnom Penh', 'ភ្នំពេញ'),
    country: 'KH',
    countryName: loc('柬埔寨', 'Cambodia', 'កម្ពុជា'),
    timeZone: 'Asia/Phnom_Penh',
    latitude: 11.4,
    longitude: 104.9,
    isHub: true,
  },
  {
    code: 'BKK',
    name: loc('素万那普机场', 'Suvarnabhumi Airport', 'អាកាសយានដ្ឋានសុវណ្ណភូមិ'),
    city: loc('曼谷', 'Bangkok', 'បាងកក'),
    country: 'TH',
    countryName: loc('泰国', 'Thailand', 'ថៃ'),
    timeZone: 'Asia/Bangkok',
    latitude: 13.7,
    longitude: 100.7,
    isHub: false,
  },
  {
    code: 'SAI',
    name: loc('暹粒吴哥国际机场', 'Siem Reap-Angkor International Airport', 'អាកាសយានដ្ឋានអន្តរជាតិសៀមរាប-អង្គរ'),
    city: loc('暹粒', 'Siem Reap', 'សៀមរាប'),
    country: 'KH',
    countryName: loc('柬埔寨', 'Cambodia', 'កម្ពុជា'),
    timeZone: 'Asia/Phnom_Penh',
    latitude: 13.4,
    longitude: 104.2,
    isHub: false,
  },
];

export const ok = (data: unknown) => ({ body: { code: '0', message: 'Success', data } });

/** The default replies of a small network: airports, destinations, token, calendars. */
export const defaultHandler: Handler = (call) => {
  if (call.path === '/api/travelsky/common/getAccessToken') {
    return ok({ access_token: 'token-1', expires_in: 7200 });
  }
  if (call.path === '/api/travelsky/ibe/getAirport') return ok({ airports: AIRPORTS });
  // The API's default GUEST_NATIONALITIES and TICKET_AIRLINE_CODE.
  if (call.path === '/api/booking/settings') {
    return ok({ guestNationalities: ['KH', 'CN', 'TH'], ticketAirlineCode: '881' });
  }
  // The API's default customer-service contact (the spec's hours, no phone or e-mail set).
  if (call.path === '/api/settings/customer-service') return ok(DEFAULT_CUSTOMER_SERVICE);
  if (call.path.startsWith('/api/travelsky/ibe/getFlightByDepartCity/')) {
    const dep = call.path.split('/').pop();
    return ok({
      depCode: dep,
      destinations: AIRPORTS.filter((a) => a.code !== dep).map((a) => ({ ...a, roundTrip: true })),
    });
  }
  // The route is flown every day of the search window (what checkCalendarIsYear answers for a daily route).
  if (call.path === '/api/ca/caweb/backend/price/checkCalendarIsYear') {
    const today = todayPP();
    const lastDate = addDays(today, SEARCH_WINDOW_DAYS);
    return ok({ isYear: true, firstDate: today, lastDate, windowDays: SEARCH_WINDOW_DAYS });
  }
  if (call.path.includes('/price/')) return ok({ depCode: 'KTI', arrCode: 'BKK', days: [] });
  return undefined;
};

const drifts: string[] = [];

/**
 * The fake replies of this test that the API could not have sent (test/api-replies.ts), emptied
 * as read: the test set-up fails a test that has any.
 */
export function takeFakeReplyDrifts(): string[] {
  return drifts.splice(0);
}

/** Replaces fetch with a fake API; `handler` answers first, then the defaults. Returns the call log. */
export function installFakeApi(handler?: Handler): FakeCall[] {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries((init?.headers ?? {}) as Record<string, string>)) headers[k] = v;
    const call: FakeCall = {
      path: url.pathname,
      method: init?.method ?? 'GET',
      headers,
      ...splitBodyContext(typeof init?.body === 'string' ? JSON.parse(init.body) : undefined),
    };
    calls.push(call);
    const faked = handler?.(call) ?? defaultHandler(call);
    if (faked) {
      const drift = fakeReplyDrift(call.method, call.path, faked.status ?? 200, faked.body);
      if (drift) drifts.push(drift);
    }
    const reply = faked ?? { status: 404, body: { code: '404', message: 'not found', data: null } };
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}
