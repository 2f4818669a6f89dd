import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';
import { aPrivateFlight } from './scenarios';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Issue 12: every text asset and every JSON reply of some size travels compressed. */
describe('the built web app, served pre-compressed', () => {
  let dir = '';
  let t: TestApp;
  const script = Buffer.from(`export const words = ${JSON.stringify('compress me '.repeat(400))};\n`);
  const page = Buffer.from(
    `<!doctype html><html><head><script type="module" src="/assets/app-1234.js"></script></head><body><div id="root"></div>${'<!-- filler -->'.repeat(100)}</body></html>`,
  );
  const icon = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

  beforeAll(async () => {
    // What apps/web/compress-assets.ts writes: each text file with its .br and .gz beside it.
    dir = await mkdtemp(path.join(os.tmpdir(), 'wings-web-cz-'));
    await mkdir(path.join(dir, 'assets'));
    const files: Record<string, Buffer> = { 'index.html': page, 'assets/app-1234.js': script };
    for (const [name, content] of Object.entries(files)) {
      await writeFile(path.join(dir, name), content);
      await writeFile(path.join(dir, `${name}.br`), brotliCompressSync(content));
      await writeFile(path.join(dir, `${name}.gz`), gzipSync(content));
    }
    await writeFile(path.join(dir, 'assets', 'icon-1234.png'), icon);
    t = await createTestApp({ env: { WEB_DIST: dir } });
  });
  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('sends a hashed script in brotli or gzip as asked, immutable for a year, the same bytes once decoded', async () => {
    const br = await t.app.inject({
      url: '/assets/app-1234.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    expect(br.rawPayload.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(br.rawPayload).equals(script)).toBe(true);

    const gz = await t.app.inject({ url: '/assets/app-1234.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gz.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(gz.rawPayload).equals(script)).toBe(true);

    const plain = await t.app.inject({ url: '/assets/app-1234.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    expect(plain.rawPayload.equals(script)).toBe(true);
  });

  it('sends index.html compressed and never cached stale, at / and at /index.html', async () => {
    for (const url of ['/', '/index.html']) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(res.rawPayload).equals(page), url).toBe(true);
    }
  });

  it('sends a file that is compressed already as it is, and gives the compressed copies no URL of their own', async () => {
    const png = await t.app.inject({
      url: '/assets/icon-1234.png',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.rawPayload.equals(icon)).toBe(true);
    for (const url of ['/assets/app-1234.js.br', '/index.html.gz']) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
    }
  });
});

describe('JSON replies, compressed from 1 KB', () => {
  let t: TestApp;
  let search: Record<string, unknown>;
  beforeAll(async () => {
    t = await createTestApp();
    const flight = await aPrivateFlight(t, { from: 'KTI', to: 'FOC', searchable: 'alone' });
    search = {
      depCode: 'KTI',
      arrCode: 'FOC',
      depDate: flight.depLocalDate,
      passengers: [1, 0, 0],
      tripType: 0,
    };
  });
  afterAll(() => t?.close());

  const queryFlight = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/travelsky/ibe/queryFlight',
      headers: t.headers(headers),
      payload: search,
    });

  it('compresses a search in brotli or gzip when the client accepts it, and sends it plain otherwise', async () => {
    const plain = await queryFlight({});
    expect(plain.statusCode).toBe(200);
    expect(plain.json().code).toBe('0');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await queryFlight({ 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString()).data).toEqual(plain.json().data);

    const gz = await queryFlight({ 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString()).data).toEqual(plain.json().data);
  });

  it('sends a small reply and an error reply under 1 KB plain, whatever the client accepts', async () => {
    const health = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json().data.status).toBe('ok');

    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/travelsky/ibe/queryFlight',
      headers: t.headers({ 'accept-encoding': 'br', 'content-type': 'application/json' }),
      payload: '{"depCode":',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(missing.json().code).toBe('400');
  });

  it('compresses a large error reply, sent pre-serialized by the layer, and it decodes to the same envelope', async () => {
    // An order whose every passenger is wrong: the 400 names each field, in a reply of many KB.
    const order = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/travelsky/ibe/saveTicketOrder',
        headers: t.headers(headers),
        payload: { passengers: Array.from({ length: 9 }, () => ({ surname: 1 })) },
      });
    const plain = await order({});
    expect(plain.statusCode).toBe(400);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await order({ 'accept-encoding': 'br' });
    expect(br.statusCode).toBe(400);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves request bodies alone: a gateway notification with a Content-Encoding reaches the gateway code as sent', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/pay/notify/sandbox',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', 'accept-encoding': 'gzip' },
      payload: '{"not":"signed"}',
    });
    // Refused by the signature check (400 in the envelope), not by a decompression step (415).
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().code).toBe('400');
  });
});
