import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { envelope, formatMessage, type LanguageTag, ZQueryFlightResponse } from '@wings/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { anOrder, aPrivateFlight } from '../../../test/scenarios';
import { acceptedEncoding, keptReplies } from './search-replies';

const LANGUAGES: [header: string, lang: LanguageTag][] = [
  ['0', 'zh'],
  ['1', 'en'],
  ['2', 'km'],
];

describe('a kept reply', () => {
  async function appSending(data: () => { words: string }, serialized: { count: number }) {
    const send = keptReplies<{ words: string }>((reply) => {
      serialized.count += 1;
      return JSON.stringify(reply);
    });
    const app = Fastify();
    app.decorateRequest('lang', 'zh');
    app.addHook('onRequest', async (request) => {
      request.lang = request.headers.language === '1' ? 'en' : 'zh';
    });
    app.get('/', (request, reply) => send(request, reply, data()));
    await app.ready();
    return app;
  }

  it('is serialised once per result and language, then sent as the same bytes', async () => {
    const serialized = { count: 0 };
    let result = { words: 'flights '.repeat(200) };
    const app = await appSending(() => result, serialized);
    const first = await app.inject({ url: '/', headers: { language: '1' } });
    const again = await app.inject({ url: '/', headers: { language: '1' } });
    expect(serialized.count).toBe(1);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(first.json()).toEqual({ code: '0', message: formatMessage('ok', 'en'), data: result });
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');

    const zh = await app.inject({ url: '/' });
    expect(serialized.count).toBe(2);
    expect(zh.json().message).toBe(formatMessage('ok', 'zh'));

    result = { words: 'other flights '.repeat(200) };
    expect((await app.inject({ url: '/', headers: { language: '1' } })).json().data).toEqual(result);
    expect(serialized.count).toBe(3);
    await app.close();
  });

  it('travels compressed as the client accepts, and decodes to the bytes sent plain', async () => {
    const result = { words: 'flights '.repeat(200) };
    const app = await appSending(() => result, { count: 0 });
    const plain = await app.inject({ url: '/' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    for (let i = 0; i < 2; i++) {
      const br = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toBe('accept-encoding');
      expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
      const gz = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
    }
    const refused = await app.inject({
      url: '/',
      headers: { 'accept-encoding': 'br', 'x-no-compression': '1' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    await app.close();
  });

  it('stays plain under 1 KB, as every other JSON reply', async () => {
    const app = await appSending(() => ({ words: 'short' }), { count: 0 });
    const res = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().data.words).toBe('short');
    await app.close();
  });

  it.each([
    ['gzip, deflate, br', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['gzip;q=0.8, br;q=0.8', 'br'],
    ['GZIP', 'gzip'],
    ['x-gzip', 'gzip'],
    ['*', 'gzip'],
    ['deflate, identity', undefined],
    ['br;q=0, gzip;q=0', undefined],
    ['br;q=oops', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('reads Accept-Encoding %j as %j', (header, encoding) => {
    expect(acceptedEncoding(header)).toBe(encoding);
  });
});

describe('flight search kept serialised (issue 12)', () => {
  let clock = new Date();
  let cached: TestApp;
  let uncached: TestApp;
  /** Cached, but every reply worked out and serialised again (SEARCH_KEEP_SERIALISED=false). */
  let rewritten: TestApp;

  beforeAll(async () => {
    cached = await createTestApp({ now: () => clock, env: { SEARCH_CACHE_TTL_MS: '5000' } });
    uncached = await createTestApp({ now: () => clock });
    rewritten = await createTestApp({
      now: () => clock,
      env: { SEARCH_CACHE_TTL_MS: '5000', SEARCH_KEEP_SERIALISED: 'false' },
    });
  });
  afterAll(async () => {
    await cached?.close();
    await uncached?.close();
    await rewritten?.close();
  });

  const query = (app: TestApp, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    app.app.inject({
      method: 'POST',
      url: '/api/travelsky/ibe/queryFlight',
      headers: app.headers(headers),
      payload: body,
    });

  it('answers a repeated search with the same bytes, in each language, as a server serialising every reply', async () => {
    const flight = await aPrivateFlight(cached, { from: 'KTI', to: 'FOC', searchable: 'alone' });
    const body = { depCode: 'KTI', arrCode: 'FOC', depDate: flight.depLocalDate, passengers: [2, 1, 1] };
    for (const [header, lang] of LANGUAGES) {
      const first = await query(cached, body, { language: header });
      const again = await query(cached, body, { language: header });
      expect(again.rawPayload.equals(first.rawPayload), lang).toBe(true);
      for (const other of [uncached, rewritten]) {
        const fresh = await query(other, body, { language: header });
        expect(fresh.rawPayload.equals(first.rawPayload), lang).toBe(true);
      }
      const reply = first.json();
      expect(envelope(ZQueryFlightResponse).parse(reply)).toEqual(reply);
      expect(reply.message).toBe(formatMessage('ok', lang));
      expect(reply.data.flights.map((f: { flightNo: string }) => f.flightNo)).toEqual([flight.flightNo]);
      // The envelope's fields in the layer's order, as the reply serialised per request was.
      expect(first.body).toBe(JSON.stringify({ code: '0', message: reply.message, data: reply.data }));
    }
  });

  it('answers each party from the one cached day: the seats a party needs decide its fares', async () => {
    const flight = await aPrivateFlight(cached, {
      from: 'KTI',
      to: 'FOC',
      searchable: 'alone',
      cabins: { C: { seatsLeft: 0 }, Y: { seatsLeft: 3 } },
    });
    const body = { depCode: 'KTI', arrCode: 'FOC', depDate: flight.depLocalDate };
    expect((await query(cached, { ...body, passengers: [4, 0, 0] })).json().code).toBe('610');
    const fits = (await query(cached, { ...body, passengers: [2, 1, 2] })).json();
    expect(fits.code).toBe('0');
    expect(fits.data.flights[0].fares.every((f: { seatsLeft: number }) => f.seatsLeft === 3)).toBe(true);
    expect((await query(cached, { ...body, passengers: [4, 0, 0] })).json().code).toBe('610');
  });

  it('shows the seats an order took once the cached search expires, and not before', async () => {
    const flight = await aPrivateFlight(cached, {
      from: 'KTI',
      to: 'FOC',
      searchable: 'alone',
      cabins: { C: { seatsLeft: 0 }, Y: { seatsLeft: 3 } },
    });
    const body = { depCode: 'KTI', arrCode: 'FOC', depDate: flight.depLocalDate, passengers: [1, 0, 0] };
    const seats = async () =>
      (await query(cached, body)).json().data.flights[0].fares.map((f: { seatsLeft: number }) => f.seatsLeft);
    expect(new Set(await seats())).toEqual(new Set([3]));
    await anOrder(cached, { flight });
    expect(new Set(await seats())).toEqual(new Set([3]));
    clock = new Date(clock.getTime() + 5_000);
    expect(new Set(await seats())).toEqual(new Set([2]));
  });

  it('leaves out a flight the moment it departs, though its day is still cached', async () => {
    const early = await aPrivateFlight(uncached, {
      from: 'KTI',
      to: 'FOC',
      searchable: 'alone',
      depTime: '09:00',
    });
    const late = await aPrivateFlight(uncached, {
      from: 'KTI',
      to: 'FOC',
      date: early.depLocalDate,
      depTime: '15:00',
    });
    let at = new Date(early.depUtc.getTime() - 2_000);
    const onTheDay = await createTestApp({ now: () => at, env: { SEARCH_CACHE_TTL_MS: '5000' } });
    try {
      const body = { depCode: 'KTI', arrCode: 'FOC', depDate: early.depLocalDate };
      const flightNos = async () =>
        (await query(onTheDay, body)).json().data.flights.map((f: { flightNo: string }) => f.flightNo);
      expect(await flightNos()).toEqual([early.flightNo, late.flightNo]);
      at = new Date(early.depUtc.getTime() + 1_000);
      expect(await flightNos()).toEqual([late.flightNo]);
    } finally {
      await onTheDay.close();
    }
  });
});
