import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { LanguageTag } from '@wings/contracts';
import { create, type Font, type GlyphPosition, type GlyphRun } from 'fontkit';

/**
 * Fonts of the itinerary PDF, shaped by HarfBuzz.
 *
 * pdfkit embeds subsets of the fonts (fontkit parses and subsets them), but fontkit's own
 * Khmer shaping is not good enough: it misplaces vowels under a subscript ro (ក្រុង, ត្រូវ)
 * and throws on the null GPOS anchors of current Noto fonts (foliojs/fontkit#367). So every
 * font's `layout` is replaced by HarfBuzz (harfbuzzjs, the shaper of browsers and Android),
 * whose glyph ids and positions pdfkit then writes. The glyphs are the same font's, so the
 * subset, widths and metrics stay fontkit's.
 *
 * Fonts (SIL Open Font License 1.1, embedding allowed; licence texts ship in the packages):
 * Noto Sans Khmer (with Noto Sans Latin) for Khmer and English, Noto Sans Hans (GB2312) for Chinese.
 */

type HarfBuzz = typeof import('harfbuzzjs');
type HbFont = InstanceType<HarfBuzz['Font']>;

export type FontWeight = 'regular' | 'bold';
export type FontFamilyName = 'khmer' | 'hans';

export interface PdfFontFamily {
  name: FontFamilyName;
  regular: Font;
  bold: Font;
}

export interface PdfFonts {
  families: Record<FontFamilyName, PdfFontFamily>;
  /** The family a document in `lang` is set in. */
  forLanguage(lang: LanguageTag): PdfFontFamily;
}

const require = createRequire(import.meta.url);

function khmerFile(weight: FontWeight): string {
  const file =
    weight === 'bold' ? '700Bold/NotoSansKhmer_700Bold.ttf' : '400Regular/NotoSansKhmer_400Regular.ttf';
  return require.resolve(`@expo-google-fonts/noto-sans-khmer/${file}`);
}

function hansFile(weight: FontWeight): string {
  // The package exports only its index (dist/); the fonts sit beside it in fonts/.
  const dist = path.dirname(require.resolve('@embedpdf/fonts-sc'));
  return path.join(
    dist,
    '..',
    'fonts',
    weight === 'bold' ? 'NotoSansHans-Bold.otf' : 'NotoSansHans-Regular.otf',
  );
}

export const KHMER = /[\u1780-\u17FF\u19E0-\u19FF]/;
const JOINERS = /^(?:\u200C|\u200D|\u25CC)$/;

/** Splits text into runs of Khmer and of everything else, so each is shaped with its own script. */
function scriptRuns(text: string): Array<{ start: number; end: number }> {
  const runs: Array<{ start: number; end: number; khmer: boolean }> = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    const last = runs[runs.length - 1];
    const khmer = JOINERS.test(ch) && last ? last.khmer : KHMER.test(ch);
    if (last && last.khmer === khmer) last.end = i + 1;
    else runs.push({ start: i, end: i + 1, khmer });
  }
  return runs;
}

/**
 * The characters each glyph stands for, in the PDF's ToUnicode map (copy, search). pdfkit keeps
 * one entry per glyph, the first it sees, so only what holds in every context is given: a glyph
 * the font maps straight from one of its cluster's characters gets that character, a cluster of
 * one glyph (Latin, Chinese, ligatures) gets all of it, and the one glyph left of a cluster gets
 * what is left. Other glyphs of Khmer's reordered and split clusters get nothing here; the
 * writer marks Khmer text with its ActualText instead (see itinerary-pdf.ts).
 */
function clusterCodePoints(
  font: Font,
  text: string,
  clusterGlyphs: number[],
  start: number,
  end: number,
): number[][] {
  const chars = [...text.slice(start, end)].map((c) => c.codePointAt(0)!);
  if (clusterGlyphs.length === 1) return [chars];
  const out: number[][] = clusterGlyphs.map(() => []);
  const claimed = new Set<number>();
  clusterGlyphs.forEach((gid, i) => {
    const k = chars.findIndex((cp, j) => !claimed.has(j) && font.glyphForCodePoint(cp).id === gid);
    if (k >= 0) {
      claimed.add(k);
      out[i] = [chars[k]!];
    }
  });
  const open = out.flatMap((cps, i) => (cps.length === 0 ? [i] : []));
  if (open.length === 1) out[open[0]!] = chars.filter((_, j) => !claimed.has(j));
  return out;
}

function harfBuzzLayout(hb: HarfBuzz, hbFont: HbFont, font: Font) {
  return (text: string): GlyphRun => {
    const glyphs: GlyphRun['glyphs'] = [];
    const positions: GlyphPosition[] = [];
    for (const run of scriptRuns(text)) {
      const buffer = new hb.Buffer();
      // The whole string is the context; only the run is shaped.
      buffer.addText(text, run.start, run.end - run.start);
      buffer.guessSegmentProperties();
      hb.shape(hbFont, buffer);
      const infos = buffer.getGlyphInfos();
      const pos = buffer.getGlyphPositions();
      let i = 0;
      while (i < infos.length) {
        const cluster = infos[i]!.cluster;
        let j = i;
        while (j < infos.length && infos[j]!.cluster === cluster) j++;
        const next = j < infos.length ? infos[j]!.cluster : run.end;
        const ids = infos.slice(i, j).map((g) => g.codepoint);
        const cps = clusterCodePoints(font, text, ids, cluster, Math.max(next, cluster + 1));
        ids.forEach((id, k) => {
          const p = pos[i + k]!;
          glyphs.push({ id, advanceWidth: font.getGlyph(id).advanceWidth, codePoints: cps[k]! });
          positions.push({
            xAdvance: p.xAdvance,
            yAdvance: p.yAdvance,
            xOffset: p.xOffset,
            yOffset: p.yOffset,
          });
        });
        i = j;
      }
    }
    return { glyphs, positions, advanceWidth: positions.reduce((s, p) => s + p.xAdvance, 0) };
  };
}

function openShaped(hb: HarfBuzz, file: string): Font {
  const data = readFileSync(file);
  const font = create(data);
  const hbFont = new hb.Font(new hb.Face(new hb.Blob(data)));
  // pdfkit calls `font.layout(text)` for every word it writes or measures.
  font.layout = harfBuzzLayout(hb, hbFont, font);
  return font;
}

let loaded: Promise<PdfFonts> | null = null;

/** The fonts, read and parsed once per process on first use (HarfBuzz's WASM loads then too). */
export function loadPdfFonts(): Promise<PdfFonts> {
  loaded ??= (async () => {
    const hb = await import('harfbuzzjs');
    const families: Record<FontFamilyName, PdfFontFamily> = {
      khmer: {
        name: 'khmer',
        regular: openShaped(hb, khmerFile('regular')),
        bold: openShaped(hb, khmerFile('bold')),
      },
      hans: {
        name: 'hans',
        regular: openShaped(hb, hansFile('regular')),
        bold: openShaped(hb, hansFile('bold')),
      },
    };
    return {
      families,
      forLanguage: (lang) => (lang === 'zh' ? families.hans : families.khmer),
    };
  })();
  loaded.catch(() => {
    loaded = null;
  });
  return loaded;
}

/** Whether `font` has a glyph for every character of `text` (spaces and joiners aside). */
export function covers(font: Font, text: string): boolean {
  for (const ch of text) {
    if (/\s|[\u200B-\u200D]/.test(ch)) continue;
    if (!font.hasGlyphForCodePoint(ch.codePointAt(0)!)) return false;
  }
  return true;
}
