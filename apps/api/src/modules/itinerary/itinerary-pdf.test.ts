import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGE_TAGS } from '@wings/contracts';
import { describe, expect, it } from 'vitest';
import { AIRPORTS } from '../../db/seed/network-data';
import { BRAND_NAME, SERVICE_HOURS } from '../../platform/mail/layout';
import { LABELS } from './itinerary-labels';
import { renderItineraryPdf } from './itinerary-pdf';
import { covers, loadPdfFonts } from './pdf-fonts';
import { pdfText, sampleItinerary } from './test-support';

function pageCount(pdf: Buffer): number {
  return Number(/\/Type \/Pages\n\/Count (\d+)/.exec(pdf.toString('latin1'))?.[1] ?? 0);
}

describe('itinerary PDF', () => {
  it.each(LANGUAGE_TAGS)(
    'renders a one-page A4 receipt in %s with the PNR, tickets and amounts',
    async (lang) => {
      const pdf = await renderItineraryPdf(sampleItinerary(lang), { compress: false });
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pageCount(pdf)).toBe(1);
      const text = pdfText(pdf);
      for (const s of ['K7M2QX', 'WC2612010001', '9991000000123', '9991000000124', 'WC231', 'WC232']) {
        expect(text).toContain(s);
      }
      expect(text).toContain('$566.40');
      expect(text).toContain('01 Dec 2026');
      expect(text).toContain('10:20');
      // Check-in at KTI opens two hours before, closes an hour before; the gate 10 minutes before.
      expect(text).toContain('08:20–09:20');
      expect(text).toContain('10:10');
      // Compressed, the same document is much smaller and still a PDF.
      const packed = await renderItineraryPdf(sampleItinerary(lang));
      expect(packed.subarray(0, 5).toString()).toBe('%PDF-');
      expect(packed.length).toBeLessThan(pdf.length);
      const dir = process.env.ITINERARY_PDF_DIR;
      if (dir) {
        mkdirSync(dir, { recursive: true });
        writeFileSync(path.join(dir, `itinerary-${lang}.pdf`), packed);
      }
    },
  );

  it('writes its labels and airport names in the language of the order', async () => {
    const zh = pdfText(await renderItineraryPdf(sampleItinerary('zh'), { compress: false }));
    expect(zh).toContain('电子客票行程单');
    expect(zh).toContain('金边德崇国际机场');
    expect(zh).toContain('手提行李 7 公斤');
    const en = pdfText(await renderItineraryPdf(sampleItinerary('en'), { compress: false }));
    expect(en).toContain('E-ticket itinerary receipt');
    expect(en).toContain('KUL · Kuala Lumpur International');
    expect(en).toContain('Carry-on 7 kg');
    expect(en).toContain('Checked 20 kg');
    expect(en).toContain('CHAN/DARA MR');
    expect(en).toContain('Monday to Friday 08:30–17:30, Saturday 09:00–13:00 (GMT+7)');
    const km = await renderItineraryPdf(sampleItinerary('km'), { compress: false });
    expect(km.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansKhmer-Regular/);
    // Khmer without reordered glyphs reads back as written.
    expect(pdfText(km)).toContain('ឥវ៉ាន់យួរដៃ 7');
  });

  it('continues on a second page for a full party, with the footer on every page', async () => {
    const nine = Array.from({ length: 9 }, (_, i) => ({
      surname: 'Chan',
      givenName: `Passenger${i + 1}`,
      title: 0,
      passengerType: 1,
      ticketNo: `99910000001${String(i).padStart(2, '0')}`,
      ticketStatus: 0,
    }));
    const pdf = await renderItineraryPdf(sampleItinerary('en', nine), { compress: false });
    expect(pageCount(pdf)).toBe(2);
    const text = pdfText(pdf);
    expect(text).toContain('Page 1 of 2');
    expect(text).toContain('Page 2 of 2');
    expect(text).toContain('9991000000108');
  });
});

describe('itinerary fonts', () => {
  it('shapes Khmer with HarfBuzz: a vowel under a subscript ro moves clear of it', async () => {
    const { families } = await loadPdfFonts();
    const run = families.khmer.regular.layout('ក្រុង');
    // HarfBuzz's glyphs for Noto Sans Khmer 2.004: pre-base ro, KA, the shifted U vowel, NGO.
    expect(run.glyphs.map((g) => g.id)).toEqual([220, 49, 116, 53]);
    expect(run.positions[2]).toMatchObject({ xOffset: 127, yOffset: -26, xAdvance: 0 });
    // Null GPOS anchors (nikahit) do not break shaping, as they do in fontkit's own layout.
    expect(() => families.khmer.regular.layout('ភ្នំពេញ ខ្ញុំ ម៉ោង')).not.toThrow();
  });

  it('has a glyph for every label and every airport name of each language', async () => {
    const fonts = await loadPdfFonts();
    for (const lang of LANGUAGE_TAGS) {
      const family = fonts.forLanguage(lang);
      const texts = [
        ...Object.values(LABELS[lang]).flatMap((v) =>
          typeof v === 'string' ? [v] : Array.isArray(v) ? v : Object.values(v),
        ),
        ...AIRPORTS.map((a) => a.name[lang]),
        BRAND_NAME[lang],
        SERVICE_HOURS[lang],
        '$¥,.0123456789–·/',
      ];
      for (const t of texts) {
        expect(covers(family.regular, t), `${lang} regular: ${t}`).toBe(true);
        expect(covers(family.bold, t), `${lang} bold: ${t}`).toBe(true);
      }
    }
  });
});
