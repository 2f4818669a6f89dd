/**
 * The part of fontkit (2.0.4, pdfkit's font engine) the itinerary uses. fontkit ships no types;
 * this names only what is called.
 */
declare module 'fontkit' {
  export interface Glyph {
    id: number;
    advanceWidth: number;
    codePoints: number[];
  }

  export interface GlyphPosition {
    xAdvance: number;
    yAdvance: number;
    xOffset: number;
    yOffset: number;
  }

  export interface GlyphRun {
    glyphs: Array<Pick<Glyph, 'id' | 'advanceWidth' | 'codePoints'>>;
    positions: GlyphPosition[];
    advanceWidth: number;
  }

  export interface Font {
    postscriptName: string | null;
    familyName: string;
    unitsPerEm: number;
    numGlyphs: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
    glyphForCodePoint(codePoint: number): Glyph;
    getGlyph(id: number, codePoints?: number[]): Glyph;
    layout(text: string, features?: unknown): GlyphRun;
  }

  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
