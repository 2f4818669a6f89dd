import { createCanvas, loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import {
  CAPTCHA_ALPHABET,
  CAPTCHA_HEIGHT,
  CAPTCHA_LENGTH,
  CAPTCHA_WIDTH,
  randomCaptchaText,
  renderCaptchaPng,
} from './captcha-image';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The chunk types of a PNG, in order. */
function pngChunks(png: Buffer): string[] {
  const types: string[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    types.push(png.toString('latin1', at + 4, at + 8));
    at += 12 + length;
  }
  return types;
}

async function pixels(png: Buffer): Promise<Uint8ClampedArray> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  return ctx.getImageData(0, 0, image.width, image.height).data;
}

/** WCAG relative luminance of an sRGB pixel. */
function luminance(r: number, g: number, b: number): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

function dataUriPng(image: string): Buffer {
  expect(image).toMatch(/^data:image\/png;base64,/);
  return Buffer.from(image.slice('data:image/png;base64,'.length), 'base64');
}

describe('captcha test text (development only)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CAPTCHA_TEST_TEXT: 'WX7K' } });
  });
  afterAll(() => t.close());

  it('draws the configured text, which then solves it once, in any case', async () => {
    const first = (await t.app.inject({ url: '/api/getCaptcha', headers: t.headers() })).json();
    expect(first.data.image).toMatch(/^data:image\/png;base64,/);
    expect(first.data.expiresInSeconds).toBe(120);
    expect(await t.app.accounts.captchas.verify(first.data.captchaId, 'wx7k')).toBe(true);
    expect(await t.app.accounts.captchas.verify(first.data.captchaId, 'WX7K')).toBe(false);
    const second = (await t.app.inject({ url: '/api/getCaptcha', headers: t.headers() })).json();
    expect(await t.app.accounts.captchas.verify(second.data.captchaId, 'ABCD')).toBe(false);
    // Wrong, then right: the wrong try used it up.
    expect(await t.app.accounts.captchas.verify(second.data.captchaId, 'WX7K')).toBe(false);
  });

  // The old attack read each letter from its SVG path's commands. The picture is now a bare PNG:
  // no markup, no paths, no text chunk, nothing but pixels.
  it('serves a PNG that carries neither the answer nor any SVG or text chunk', async () => {
    const reply = (await t.app.inject({ url: '/api/getCaptcha', headers: t.headers() })).json();
    const png = dataUriPng(reply.data.image);
    expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    const chunks = pngChunks(png);
    expect(chunks[0]).toBe('IHDR');
    expect(chunks.at(-1)).toBe('IEND');
    expect(chunks.filter((c) => !['IHDR', 'sBIT', 'sRGB', 'IDAT', 'IEND'].includes(c))).toEqual([]);
    expect(png.readUInt32BE(16)).toBe(CAPTCHA_WIDTH);
    expect(png.readUInt32BE(20)).toBe(CAPTCHA_HEIGHT);
    const bytes = png.toString('latin1').toLowerCase();
    expect(bytes).not.toContain('wx7k');
    expect(bytes).not.toContain('<svg');
    expect(bytes).not.toContain('<path');
  });
});

describe('captcha picture', () => {
  it('differs in its pixels each time, for the same text', async () => {
    const [a, b] = await Promise.all([
      pixels(await renderCaptchaPng('WX7K')),
      pixels(await renderCaptchaPng('WX7K')),
    ]);
    expect(a.length).toBe(CAPTCHA_WIDTH * CAPTCHA_HEIGHT * 4);
    let differing = 0;
    for (let i = 0; i < a.length; i += 4) {
      if (a[i] !== b[i] || a[i + 1] !== b[i + 1] || a[i + 2] !== b[i + 2]) differing++;
    }
    // Another background hue alone changes nearly every pixel. Two pictures may draw the same
    // hue (about 1 pair in 300), and then the letters, lines and dots that moved still change
    // some 40% of the pixels: a quarter is the floor that holds either way.
    expect(differing / (a.length / 4)).toBeGreaterThan(0.25);
  });

  it('draws dark letters on a pale background: a good share of pixels contrast 4.5:1 or more with it', async () => {
    for (let round = 0; round < 5; round++) {
      const data = await pixels(await renderCaptchaPng('WX7K'));
      const counts = new Map<number, number>();
      for (let i = 0; i < data.length; i += 4) {
        const key = (data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      const [background] = [...counts.entries()].sort((x, y) => y[1] - x[1])[0]!;
      const lb = luminance(background >> 16, (background >> 8) & 255, background & 255);
      expect(lb).toBeGreaterThan(0.75);
      let strong = 0;
      for (let i = 0; i < data.length; i += 4) {
        const l = luminance(data[i]!, data[i + 1]!, data[i + 2]!);
        if ((lb + 0.05) / (l + 0.05) >= 4.5) strong++;
      }
      // Four letters of about half the picture's height cover roughly a tenth of it.
      expect(strong / (data.length / 4)).toBeGreaterThan(0.06);
    }
  });

  it('makes random answers of four characters without look-alikes (0/O, 1/I/L, 2/Z, 5/S, 8/B)', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const text = randomCaptchaText();
      expect(text).toHaveLength(CAPTCHA_LENGTH);
      for (const ch of text) expect(CAPTCHA_ALPHABET).toContain(ch);
      seen.add(text);
    }
    expect(seen.size).toBeGreaterThan(190);
    expect(CAPTCHA_ALPHABET).not.toMatch(/[0O1IL2Z5S8B]/);
  });
});

describe('captchas drawn per address', () => {
  let t: TestApp;
  // A clock held in the middle of a minute: the limit's window is a fixed minute.
  const clock = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 30_000);
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(() => t.close());

  it('draws 60 a minute for one address and refuses the rest with 429, while another address still gets one', async () => {
    const ip = `198.51.100.${Math.floor(Math.random() * 200) + 20}`;
    const replies = await Promise.all(
      Array.from({ length: 65 }, () =>
        t.app.inject({ url: '/api/getCaptcha', headers: t.headers({ 'x-forwarded-for': ip }) }),
      ),
    );
    const drawn = replies.filter((r) => r.statusCode === 200).length;
    const refused = replies.filter((r) => r.statusCode === 429 && r.json().code === '429').length;
    expect(drawn).toBe(60);
    expect(refused).toBe(5);
    const other = await t.app.inject({
      url: '/api/getCaptcha',
      headers: t.headers({ 'x-forwarded-for': '203.0.113.77' }),
    });
    expect(other.statusCode).toBe(200);
  });
});
