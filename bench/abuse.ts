// The bursts an attack on the running system used (issue 9, items 9, 11 and 13), replayed
// against the product on its own embedded PostgreSQL, loopback only and bounded in count: how
// many requests got past each limit. Every `abuse_*_beyond_limit` must print 0.
// Usage: npm run bench:abuse

import { randomUUID } from 'node:crypto';
import { addDays, beijingTimestamp, signParams } from '@wings/rules';
import { LIMITS } from '../apps/api/src/modules/accounts/throttle';
import { latestCode } from '../e2e/support/mail';
import { DEMO_APP } from '../e2e/support/token';
import { type BenchApi, type Envelope, startBenchApi } from './support';

/** What the product's defaults are (README, docs/operations.md): the figures are checked against them. */
const LIMIT = {
  passwordsBeforeCaptcha: LIMITS.loginCaptchaAfter,
  passwordsBeforeLock: LIMITS.loginLockAfter,
  failedLoginsPerIp: LIMITS.loginIpMax,
  codesPerIp: LIMITS.codeIpMax,
  accessTokensPerIp: 20,
  seatsPerFlightPerHolder: 9,
  unpaidOrdersPerHolder: 3,
  paymentsPerMethod: 1,
};
const CAPTCHA = 'AB7K';

// Behind a pretend proxy, so each request can come from an address of its own.
// (A proxy's connections all come from one address: the per-address connection cap is the proxy's job.)
const api = await startBenchApi('abuse', {
  TRUST_PROXY: 'true',
  MAX_CONNECTIONS_PER_IP: '0',
  CAPTCHA_TEST_TEXT: CAPTCHA,
});

let addressSerial = 0;
/** A documentation address (RFC 5737) of its own for each caller: never routed anywhere. */
const newAddress = () => {
  addressSerial += 1;
  return `198.51.${Math.floor(addressSerial / 250)}.${(addressSerial % 250) + 1}`;
};

async function call<T>(
  method: 'GET' | 'POST',
  route: string,
  ip: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Envelope<T> }> {
  const res = await fetch(`${api.url}/api${route}`, {
    method,
    headers: { ...api.base, 'x-forwarded-for': ip, ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Envelope<T> };
}

async function register(ip: string): Promise<{ email: string; token: string }> {
  const email = `abuse.${randomUUID().slice(0, 8)}@example.com`;
  const sent = Date.now() - 2000;
  await call('POST', '/travelsky/user/testEmail', ip, { email, purpose: 'register' });
  const code = await latestCode(api.url, email, sent);
  const reg = await call<{ token: string }>('POST', '/travelsky/user/register', ip, {
    email,
    code,
    password: 'Abuse2026x',
    confirmPassword: 'Abuse2026x',
    agree: true,
  });
  if (reg.body.code !== '0') throw new Error(`register: ${reg.body.message}`);
  return { email, token: reg.body.data.token };
}

function tally(codes: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of codes) out[c] = (out[c] ?? 0) + 1;
  return out;
}

const results: {
  name: string;
  sent: number;
  through: number;
  limit: number;
  codes: Record<string, number>;
}[] = [];
function report(name: string, sent: number, through: number, limit: number, codes: string[]) {
  results.push({ name, sent, through, limit, codes: tally(codes) });
}

async function passwordBursts(): Promise<void> {
  // 25 wrong passwords for one account at once, each from its own address (item 9).
  const a = await register(newAddress());
  const first = await Promise.all(
    Array.from({ length: 25 }, () =>
      call('POST', '/travelsky/user/login', newAddress(), { account: a.email, password: 'Wrong2026x' }),
    ),
  );
  const firstCodes = first.map((r) => r.body.code);
  report(
    'passwords_checked_without_captcha',
    25,
    firstCodes.filter((c) => c === '601').length,
    LIMIT.passwordsBeforeCaptcha,
    firstCodes,
  );

  // 60 at once with the captcha solved, each from its own address: no more checks than the lock allows.
  const b = await register(newAddress());
  const captchas: string[] = [];
  for (let i = 0; i < 60; i++) {
    const c = await call<{ captchaId: string }>('GET', '/getCaptcha', newAddress());
    captchas.push(c.body.data.captchaId);
  }
  const second = await Promise.all(
    captchas.map((captchaId) =>
      call('POST', '/travelsky/user/login', newAddress(), {
        account: b.email,
        password: 'Wrong2026x',
        captchaId,
        captcha: CAPTCHA,
      }),
    ),
  );
  const secondCodes = second.map((r) => r.body.code);
  report(
    'passwords_checked_before_lock',
    60,
    secondCodes.filter((c) => c === '601').length,
    LIMIT.passwordsBeforeLock,
    secondCodes,
  );

  // 42 failures from one address, each to another account.
  const ip = newAddress();
  const third = await Promise.all(
    Array.from({ length: 42 }, (_, i) =>
      call('POST', '/travelsky/user/login', ip, {
        account: `nobody.${i}.${Date.now()}@example.com`,
        password: 'x1',
      }),
    ),
  );
  const thirdCodes = third.map((r) => r.body.code);
  report(
    'failed_logins_from_one_ip',
    42,
    thirdCodes.filter((c) => c === '601').length,
    LIMIT.failedLoginsPerIp,
    thirdCodes,
  );
}

async function codeBurst(): Promise<void> {
  // 12 e-mail codes from one address at once, to different addresses.
  const ip = newAddress();
  const replies = await Promise.all(
    Array.from({ length: 12 }, (_, i) =>
      call('POST', '/travelsky/user/testEmail', ip, {
        email: `code.${i}.${Date.now()}@example.com`,
        purpose: 'register',
      }),
    ),
  );
  const codes = replies.map((r) => r.body.code);
  report('email_codes_from_one_ip', 12, codes.filter((c) => c === '0').length, LIMIT.codesPerIp, codes);
}

async function tokenBurst(): Promise<void> {
  // 300 access tokens asked for at once from one address (item 13).
  const ip = newAddress();
  const replies = await Promise.all(
    Array.from({ length: 300 }, async () => {
      const h = {
        appId: DEMO_APP.id,
        nonce: randomUUID(),
        timestamp: beijingTimestamp(new Date()),
        signType: 'MD5',
      };
      const res = await fetch(`${api.url}/api/travelsky/common/getAccessToken`, {
        method: 'POST',
        headers: { ...h, sign: signParams(h, DEMO_APP.secret), 'x-forwarded-for': ip },
      });
      return ((await res.json()) as Envelope<unknown>).code;
    }),
  );
  report(
    'access_tokens_from_one_ip',
    300,
    replies.filter((c) => c === '0').length,
    LIMIT.accessTokensPerIp,
    replies,
  );
}

/** An offer for `adults` on a flight 20 to 40 days ahead with room for a hoard. */
async function offerFor(adults: number, ip: string): Promise<{ offerId: string; flightId: string }> {
  const today = new Date().toISOString().slice(0, 10);
  for (let d = 20; d < 40; d++) {
    const search = await call<{
      flights: { flightId: string; fares: { bookingClass: string; family: string }[] }[];
    }>('POST', '/travelsky/ibe/queryFlight', ip, {
      depCode: 'KTI',
      arrCode: 'SAI',
      depDate: addDays(today, d),
      passengers: [adults, 0, 0],
      tripType: 0,
    });
    const flight = search.body.data?.flights?.find((f) => f.fares.some((x) => x.family === 'Grand'));
    if (!flight) continue;
    const fare = flight.fares.find((x) => x.family === 'Grand')!;
    const offer = await call<{ offerId: string }>('POST', '/travelsky/ibe/chooseFlight', ip, {
      passengers: [adults, 0, 0],
      segments: [{ flightId: flight.flightId, bookingClass: fare.bookingClass }],
    });
    if (offer.body.code === '0') return { offerId: offer.body.data.offerId, flightId: flight.flightId };
  }
  throw new Error('no flight with room for the hoarding burst');
}

function partyOrder(offerId: string, adults: number, n: number, captcha?: { captchaId: string }) {
  return {
    offerId,
    passengers: Array.from({ length: adults }, (_, i) => ({
      passengerType: 1,
      surname: 'Hoard',
      givenName: `Party ${String.fromCharCode(65 + (n % 26))} ${String.fromCharCode(65 + i)}`,
      title: 0,
      gender: 0,
      nationality: 'KH',
      birthday: '1990-01-01',
      docType: 1,
      docNumber: `H${2_000_000 + n * 10 + i}`,
      docExpiry: '2035-01-01',
    })),
    contact: { name: 'Hoard Bot', countryCode: '855', phone: '12345678', email: 'hoard@example.com' },
    idempotencyKey: randomUUID(),
    acceptTerms: true,
    ...(captcha ? { captchaId: captcha.captchaId, captcha: CAPTCHA } : {}),
  };
}

async function hoardingBurst(): Promise<void> {
  // One account sends 20 orders of 4 seats for one flight at once (item 11).
  const ip = newAddress();
  const bot = await register(ip);
  const { offerId } = await offerFor(4, ip);
  const replies = await Promise.all(
    Array.from({ length: 20 }, (_, n) =>
      call<{ orderNo: string }>('POST', '/travelsky/ibe/saveTicketOrder', ip, partyOrder(offerId, 4, n), {
        token: bot.token,
      }),
    ),
  );
  const codes = replies.map((r) => r.body.code);
  const orders = codes.filter((c) => c === '0').length;
  report('seats_held_by_one_account_on_one_flight', 80, orders * 4, LIMIT.seatsPerFlightPerHolder, codes);

  // A guest bot from one address: 20 one-seat orders at once, each with a solved captcha.
  const guestIp = newAddress();
  const single = await offerFor(1, guestIp);
  const captchas: { captchaId: string }[] = [];
  for (let i = 0; i < 20; i++) {
    captchas.push((await call<{ captchaId: string }>('GET', '/getCaptcha', newAddress())).body.data);
  }
  const guests = await Promise.all(
    captchas.map((captcha, n) =>
      call(
        'POST',
        '/travelsky/ibe/saveTicketOrder',
        guestIp,
        partyOrder(single.offerId, 1, 100 + n, captcha),
      ),
    ),
  );
  const guestCodes = guests.map((r) => r.body.code);
  report(
    'unpaid_orders_of_one_guest_address',
    20,
    guestCodes.filter((c) => c === '0').length,
    LIMIT.unpaidOrdersPerHolder,
    guestCodes,
  );
}

async function payUrlBurst(): Promise<void> {
  // 100 getPayUrl for one order at once (item 13): one payment and one gateway session.
  const ip = newAddress();
  const payer = await register(ip);
  const { offerId } = await offerFor(1, ip);
  const order = await call<{ orderNo: string }>(
    'POST',
    '/travelsky/ibe/saveTicketOrder',
    ip,
    partyOrder(offerId, 1, 900),
    {
      token: payer.token,
    },
  );
  if (order.body.code !== '0') throw new Error(`saveTicketOrder: ${order.body.message}`);
  const orderNo = order.body.data.orderNo;
  const replies = await Promise.all(
    Array.from({ length: 100 }, () =>
      call('POST', `/travelsky/payment/getPayUrl/${orderNo}`, ip, { method: 'card' }, { token: payer.token }),
    ),
  );
  const { rows } = await api.db.query<{ n: string }>(
    "select count(*) as n from payments p join payables b on b.id = p.payable_id where b.kind = 'order' and b.reference = $1",
    [orderNo],
  );
  report(
    'payments_made_for_one_order_and_method',
    100,
    Number(rows[0]?.n ?? 0),
    LIMIT.paymentsPerMethod,
    replies.map((r) => r.body.code),
  );
}

async function run(bench: BenchApi): Promise<void> {
  await passwordBursts();
  await codeBurst();
  await tokenBurst();
  await hoardingBurst();
  await payUrlBurst();
  void bench;
}

try {
  await run(api);
  console.log('\nburst                                      sent  through  limit  replies by code');
  for (const r of results) {
    const codes = Object.entries(r.codes)
      .map(([c, n]) => `${c}×${n}`)
      .join(' ');
    console.log(
      `${r.name.padEnd(42)} ${String(r.sent).padStart(4)} ${String(r.through).padStart(8)} ${String(r.limit).padStart(6)}  ${codes}`,
    );
  }
  console.log('');
  for (const r of results) console.log(`abuse_${r.name}_beyond_limit=${Math.max(0, r.through - r.limit)}`);
} finally {
  await api.stop();
}
