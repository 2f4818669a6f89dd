import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Issue 13: the staff console is served at /console/ by the same process as the traveller app. */
describe('the built staff console at /console/', () => {
  let dir = '';
  let t: TestApp;
  const page = Buffer.from(
    '<!doctype html><html><head><script type="module" src="/console/assets/index-abcd.js"></script></head><body><div id="root"></div></body></html>',
  );
  const script = Buffer.from(`export const words = ${JSON.stringify('console '.repeat(400))};\n`);

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'wings-console-'));
    await mkdir(path.join(dir, 'assets'));
    const files: Record<string, Buffer> = { 'index.html': page, 'assets/index-abcd.js': script };
    for (const [name, content] of Object.entries(files)) {
      await writeFile(path.join(dir, name), content);
      await writeFile(path.join(dir, `${name}.br`), brotliCompressSync(content));
      await writeFile(path.join(dir, `${name}.gz`), gzipSync(content));
    }
    t = await createTestApp({ env: { CONSOLE_DIST: dir } });
  });
  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers index.html, never cached stale, for /console/ and every page path below it', async () => {
    for (const url of ['/console/', '/console/sign-in', '/console/staff', '/console/orders/X1?tab=events']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.rawPayload.equals(page), url).toBe(true);
      // The pages' security headers: scripts from this origin only, no framing.
      expect(res.headers['content-security-policy'], url).toMatch(/script-src 'self'/);
      expect(res.headers['content-security-policy'], url).toMatch(/frame-ancestors 'none'/);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('sends /console to /console/', async () => {
    const res = await t.app.inject({ url: '/console' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/console/');
  });

  it('sends a hashed asset immutable for a year, in brotli when asked', async () => {
    const res = await t.app.inject({
      url: '/console/assets/index-abcd.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).equals(script)).toBe(true);
  });

  it('gives the compressed copies no URL of their own, and leaves the API and the traveller app alone', async () => {
    const copy = await t.app.inject({ url: '/console/assets/index-abcd.js.br' });
    expect(copy.statusCode).toBe(404);
    const stale = await t.app.inject({ url: '/console/assets/index-0000.js' });
    expect(stale.statusCode).toBe(404);
    const api = await t.app.inject({ url: '/api/admin/auth/me' });
    expect(api.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('the staff console before it is built', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CONSOLE_DIST: path.join(os.tmpdir(), 'wings-console-none') } });
  });
  afterAll(async () => t?.close());

  it('says how to build it', async () => {
    const res = await t.app.inject({ url: '/console/staff' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toMatch(/npm start/);
  });
});
