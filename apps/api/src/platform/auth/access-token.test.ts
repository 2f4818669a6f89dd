import { randomInt } from 'node:crypto';
import { messages } from '@wings/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedTokenHeaders, type TestApp } from '../../../test/helpers';

const TOKEN_URL = '/api/travelsky/common/getAccessToken';

/** An address of its own per test, so the per-IP count of other test files never meets it. */
function newIp(): string {
  return `172.${randomInt(16, 32)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/**
 * Token minting is rate-limited per IP and per app (issue 9 item 13: 300 tokens were minted in
 * 2 s). Each describe runs its own clock on a day of its own, so its windows are its own.
 */
describe('access token minting limits (getAccessToken)', () => {
  let t: TestApp;
  let clock = new Date(Date.now() + 3 * 86_400_000);
  const tick = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(() => t.close());

  const mint = (ip: string, lang = '1') =>
    t.app.inject({
      method: 'POST',
      url: TOKEN_URL,
      headers: { ...signedTokenHeaders(t.config, clock), 'x-forwarded-for': ip, language: lang },
    });

  it('mints at most 20 tokens a minute for one IP when 25 requests arrive at once', async () => {
    const ip = newIp();
    const replies = await Promise.all(Array.from({ length: 25 }, () => mint(ip, '0')));
    const minted = replies.filter((r) => r.json().code === '0');
    const refused = replies.filter((r) => r.statusCode === 429);
    // Before the fix every request got a token.
    expect(minted).toHaveLength(20);
    expect(refused).toHaveLength(5);
    for (const r of refused) {
      expect(r.json()).toEqual({ code: '429', message: messages.too_many_requests.zh, data: null });
    }
    // Another address is not affected, and the next minute the first may mint again.
    expect((await mint(newIp())).json().code).toBe('0');
    tick(60_000);
    expect((await mint(ip)).json().code).toBe('0');
  });

  it('counts an IPv6 client by its /64', async () => {
    const net = `2001:db8:${randomInt(0, 0xffff).toString(16)}:${randomInt(0, 0xffff).toString(16)}`;
    const replies = await Promise.all(
      Array.from({ length: 25 }, () => mint(`${net}:${randomInt(1, 0xffff).toString(16)}::1`)),
    );
    expect(replies.filter((r) => r.json().code === '0')).toHaveLength(20);
    expect(replies.filter((r) => r.statusCode === 429)).toHaveLength(5);
  });

  it('counts requests with a bad signature against the IP too', async () => {
    const ip = newIp();
    const bad = { ...signedTokenHeaders(t.config, clock), sign: '0'.repeat(32), 'x-forwarded-for': ip };
    const replies = await Promise.all(
      Array.from({ length: 22 }, () => t.app.inject({ method: 'POST', url: TOKEN_URL, headers: bad })),
    );
    expect(replies.filter((r) => r.json().code === '2001')).toHaveLength(20);
    expect(replies.filter((r) => r.statusCode === 429)).toHaveLength(2);
    expect((await mint(ip)).statusCode).toBe(429);
  });
});

describe('access token minting limit per app', () => {
  let t: TestApp;
  // A clock of its own, so other files minting for the same demo app share no window with it.
  let clock = new Date(Date.now() + 5 * 86_400_000);
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock, env: { ACCESS_TOKENS_PER_APP_MINUTE: '30' } });
  });
  afterAll(() => t.close());

  const mintFromNewIp = (sign?: string) =>
    t.app.inject({
      method: 'POST',
      url: TOKEN_URL,
      headers: {
        ...signedTokenHeaders(t.config, clock),
        ...(sign ? { sign } : {}),
        'x-forwarded-for': newIp(),
      },
    });

  it('mints at most the app limit a minute when 40 requests from 40 IPs arrive at once', async () => {
    const replies = await Promise.all(Array.from({ length: 40 }, () => mintFromNewIp()));
    // createTestApp minted one in this window already.
    expect(replies.filter((r) => r.json().code === '0')).toHaveLength(29);
    expect(replies.filter((r) => r.statusCode === 429)).toHaveLength(11);
  });

  it('does not let requests with a bad signature use up the app limit', async () => {
    clock = new Date(clock.getTime() + 60_000);
    const bad = await Promise.all(Array.from({ length: 40 }, () => mintFromNewIp('F'.repeat(32))));
    expect(bad.every((r) => r.json().code === '2001')).toBe(true);
    const good = await Promise.all(Array.from({ length: 30 }, () => mintFromNewIp()));
    expect(good.every((r) => r.json().code === '0')).toBe(true);
  });
});
