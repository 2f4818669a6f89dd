import { randomInt } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';

/**
 * The captcha picture (issue 9 item 10, issue 10 item 13): a PNG drawn with Skia (@napi-rs/canvas).
 *
 * The old SVG drew each letter as a path whose commands named it, so a short script read every
 * captcha from the markup. A raster image has no markup: reading it means recognising pixels.
 * Each glyph gets its own typeface, size, rotation, scale and offset; the whole picture is then
 * bent by two sine waves and crossed by lines and dots, so glyphs cannot be matched against a
 * fixed template. People still read it easily: dark letters (contrast about 10:1) on a pale
 * background, lines thinner than the letters' strokes, and no look-alike characters.
 *
 * Fonts ship in npm packages (SIL Open Font License), never the machine's: Noto Sans (inside
 * Noto Sans Khmer) in three weights and Source Han Sans (Noto Sans Hans) in two.
 */

/** Pixels of the picture: twice the size it is shown at, so it stays sharp when enlarged. */
export const CAPTCHA_WIDTH = 360;
export const CAPTCHA_HEIGHT = 120;

/** Characters a random captcha uses: no look-alikes (0/O/D/Q, 1/I/L, 2/Z, 5/S, 6/G, 8/B, U/V). */
export const CAPTCHA_ALPHABET = 'ACEFHJKMNPRTWXY34679';
export const CAPTCHA_LENGTH = 4;

const require = createRequire(import.meta.url);

function fontFiles(): string[] {
  const khmer = (file: string) => require.resolve(`@expo-google-fonts/noto-sans-khmer/${file}`);
  // @embedpdf/fonts-sc exports only its index (dist/); the fonts sit beside it in fonts/.
  const hans = (file: string) =>
    path.join(path.dirname(require.resolve('@embedpdf/fonts-sc')), '..', 'fonts', file);
  return [
    khmer('600SemiBold/NotoSansKhmer_600SemiBold.ttf'),
    khmer('700Bold/NotoSansKhmer_700Bold.ttf'),
    khmer('800ExtraBold/NotoSansKhmer_800ExtraBold.ttf'),
    hans('NotoSansHans-Medium.otf'),
    hans('NotoSansHans-Bold.otf'),
  ];
}

let families: string[] | null = null;

/** Registers the fonts with Skia once per process, under names no system font has. */
function captchaFonts(): string[] {
  if (families) return families;
  const names = fontFiles().map((file, i) => {
    const name = `WingsCaptcha${i}`;
    if (!GlobalFonts.registerFromPath(file, name)) throw new Error(`captcha font not loaded: ${file}`);
    return name;
  });
  families = names;
  return names;
}

/** A new random answer, from a cryptographic source. */
export function randomCaptchaText(): string {
  let text = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i++) text += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return text;
}

/** Distortion only (not the answer), so Math.random is enough. */
const between = (min: number, max: number) => min + Math.random() * (max - min);
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/**
 * A dark colour of any hue: saturation 50-75%, lightness 14-22%. The worst pair (a dark olive on
 * the darkest pale blue background) still has a contrast of 5.3:1, above WCAG's 4.5:1; most reach 10:1.
 */
const inkColour = () =>
  `hsl(${Math.floor(between(0, 360))}, ${Math.floor(between(50, 75))}%, ${Math.floor(between(14, 22))}%)`;
/** A middle colour for the noise: lighter than the letters, so they stand out from it. */
const midColour = () =>
  `hsl(${Math.floor(between(0, 360))}, ${Math.floor(between(30, 70))}%, ${Math.floor(between(45, 70))}%)`;

/** A random curve across the picture, from one side to the other. */
function curve(ctx: SKRSContext2D, width: number, height: number, top: number, bottom: number) {
  ctx.beginPath();
  ctx.moveTo(between(-10, width * 0.1), between(top, bottom) * height);
  ctx.bezierCurveTo(
    between(width * 0.2, width * 0.45),
    between(-0.2, 1.2) * height,
    between(width * 0.55, width * 0.8),
    between(-0.2, 1.2) * height,
    between(width * 0.9, width + 10),
    between(top, bottom) * height,
  );
  ctx.stroke();
}

/**
 * Bends the picture: each pixel is read from a place moved by a sine of its row and its column;
 * places outside the picture read as `background` (the edge repeated would smear a line along it).
 */
function wave(ctx: SKRSContext2D, width: number, height: number, background: number) {
  const source = ctx.getImageData(0, 0, width, height);
  const target = ctx.createImageData(width, height);
  // One 32-bit word per pixel; the picture is opaque (its background fills it), so words are copied whole.
  const from = new Uint32Array(source.data.buffer, source.data.byteOffset, width * height);
  const to = new Uint32Array(target.data.buffer, target.data.byteOffset, width * height);
  const ax = between(3, 6);
  const ay = between(5, 9);
  const fx = (2 * Math.PI) / between(height * 0.9, height * 1.6);
  const fy = (2 * Math.PI) / between(width * 0.45, width * 0.8);
  const px = between(0, 2 * Math.PI);
  const py = between(0, 2 * Math.PI);
  const shiftX = new Int32Array(height);
  for (let y = 0; y < height; y++) shiftX[y] = Math.round(ax * Math.sin(y * fx + px));
  const shiftY = new Int32Array(width);
  for (let x = 0; x < width; x++) shiftY[x] = Math.round(ay * Math.sin(x * fy + py));
  for (let y = 0; y < height; y++) {
    const dx = shiftX[y]!;
    for (let x = 0; x < width; x++) {
      const sx = x + dx;
      const sy = y + shiftY[x]!;
      to[y * width + x] =
        sx < 0 || sx >= width || sy < 0 || sy >= height ? background : from[sy * width + sx]!;
    }
  }
  ctx.putImageData(target, 0, 0);
}

/**
 * Draws `text` (shown upper-case: the answer is case-insensitive) as a distorted PNG. Drawing takes
 * a few milliseconds on the event loop; the PNG is encoded on libuv's thread pool.
 */
export function renderCaptchaPng(text: string): Promise<Buffer> {
  const fonts = captchaFonts();
  const width = CAPTCHA_WIDTH;
  const height = CAPTCHA_HEIGHT;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');

  // A pale background of a random hue (one colour: a gradient costs the PNG encoder a lot).
  ctx.fillStyle = `hsl(${Math.floor(between(0, 360))}, 50%, ${Math.floor(between(94, 97))}%)`;
  ctx.fillRect(0, 0, width, height);
  const corner = ctx.getImageData(0, 0, 1, 1).data;
  const background = new Uint32Array(corner.buffer, corner.byteOffset, 1)[0]!;

  // Lighter curves behind the letters.
  for (let i = 0; i < 4; i++) {
    ctx.strokeStyle = midColour();
    ctx.lineWidth = between(1, 3);
    curve(ctx, width, height, 0.1, 0.9);
  }

  // The letters, each on its own: typeface, size, turn, stretch and place.
  const glyphs = [...text.toUpperCase()];
  const slot = (width * 0.84) / glyphs.length;
  let x = width * 0.08;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (const glyph of glyphs) {
    ctx.save();
    ctx.translate(
      x + slot / 2 + between(-slot * 0.1, slot * 0.1),
      height / 2 + between(-height * 0.1, height * 0.1),
    );
    ctx.rotate((between(-28, 28) * Math.PI) / 180);
    ctx.scale(between(0.85, 1.2), between(0.9, 1.15));
    ctx.font = `${Math.floor(between(height * 0.5, height * 0.66))}px ${pick(fonts)}`;
    ctx.fillStyle = inkColour();
    ctx.fillText(glyph, 0, 0);
    ctx.restore();
    x += slot;
  }

  // Two thin dark lines through the letters, then the wave bends everything.
  for (let i = 0; i < 2; i++) {
    ctx.strokeStyle = inkColour();
    ctx.lineWidth = between(1.5, 2.5);
    curve(ctx, width, height, 0.3, 0.7);
  }
  wave(ctx, width, height, background);

  // Dots over all of it.
  for (let i = 0; i < 90; i++) {
    ctx.fillStyle = midColour();
    ctx.beginPath();
    ctx.arc(between(0, width), between(0, height), between(0.8, 2.4), 0, 2 * Math.PI);
    ctx.fill();
  }

  return canvas.encode('png');
}
