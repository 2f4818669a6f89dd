import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  type AddonOrderView,
  DEFAULT_CUSTOMER_SERVICE,
  LANGUAGE_TAGS,
  type LanguageTag,
  TicketStatus,
} from '@wings/contracts';
import { formatDate, LATIN_DATE_WORDS, MONTH_NAMES, WEEKDAY_NAMES } from '@wings/rules';
import { describe, expect, it } from 'vitest';
import { BRAND_NAME, customerServiceContactLine, SERVICE_HOURS } from '../../platform/mail/layout';
import { DEMO_AIRPORTS as AIRPORTS } from '../network';
import { addonRows, emdRows } from './itinerary.service';
import { LABELS } from './itinerary-labels';
import { itineraryMail } from './itinerary-mail';
import {
  type ItineraryDocument,
  type PlacedText,
  renderItineraryLayout,
  renderItineraryPdf,
} from './itinerary-pdf';
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
      // The date in the document's language (spec §9): 01 Dec 2026, 2026年12月1日, 01 ធ្នូ 2026.
      expect(text).toContain(formatDate('2026-12-01', lang));
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

  it('lists each add-on with whose it is, on which flight, and its amount (issue 14)', async () => {
    const money = (amount: number) => ({ amount, currency: 'USD' });
    const detail = {
      legs: [{ flightNo: 'WC231' }, { flightNo: 'WC232' }],
      passengers: [
        { seq: 0, surname: 'CHAN', givenName: 'DARA' },
        { seq: 1, surname: 'CHAN', givenName: 'SREY' },
      ],
      insurance: [
        { passengerSeq: 0, insuranceType: 'PLUS', planName: { zh: '增强保障', en: 'Plus', km: 'បន្ថែម' } },
      ],
      price: {
        addonLines: [
          { code: '12', passengerSeq: 0, leg: 0, seat: '12C', amount: money(1000) },
          { code: '13', passengerSeq: 0, leg: 1, weightKg: 10, amount: money(2200) },
          { code: '10', passengerSeq: 0, leg: 0, insuranceType: 'PLUS', amount: money(1500) },
          { code: 'ERT', passengerSeq: 1, leg: 0, amount: money(700) },
          { code: 'ERT', passengerSeq: 1, leg: 1, amount: money(800) },
          { code: '11', passengerSeq: 1, leg: 0, amount: money(800) },
        ],
      },
    } as unknown as Parameters<typeof addonRows>[0];
    const rows = addonRows(detail, 'en');
    expect(rows).toEqual([
      { label: 'Seat 12C', detail: 'CHAN DARA · WC231', amount: money(1000) },
      { label: 'Extra baggage +10 kg', detail: 'CHAN DARA · WC232', amount: money(2200) },
      { label: 'Travel insurance Plus', detail: 'CHAN DARA · WC231 / WC232', amount: money(1500) },
      // The upgrade is bought once for the trip: its two legs' shares on one row.
      { label: 'Enhanced Refundable Ticket', detail: 'CHAN SREY · WC231 / WC232', amount: money(1500) },
      { label: 'Priority boarding', detail: 'CHAN SREY · WC231', amount: money(800) },
    ]);
    expect(addonRows(detail, 'zh')[0]!.label).toBe('座位 12C');
    const doc = sampleItinerary('en');
    const text = pdfText(
      await renderItineraryPdf({ ...doc, price: { ...doc.price, addons: rows } }, { compress: false }),
    );
    expect(text).toContain('Seat 12C (CHAN DARA · WC231)');
    expect(text).toContain('$22.00');

    // Bought after ticketing: each paid line with its EMD number; an abandoned or refunded one is not listed.
    const later = (status: 'paid' | 'refunded', emdNo: string): AddonOrderView => ({
      secOrderNo: 'S261124000001',
      orderNo: 'WC2612010001',
      passengerSeq: 0,
      passengerName: 'CHAN DARA',
      serviceCode: 13 as const,
      status,
      totalAmt: { amount: 1800, currency: 'USD' },
      payDeadline: '2026-11-24T05:15:00.000Z',
      createdAt: '2026-11-24T05:00:00.000Z',
      paidAt: '2026-11-24T05:01:00.000Z',
      closedAt: null,
      lines: [
        {
          leg: 1,
          flightNo: 'WC232',
          seat: null,
          weightKg: 5,
          insuranceType: null,
          coverFrom: null,
          coverTo: null,
          emdNo,
          amount: { amount: 1800, currency: 'USD' },
        },
      ],
    });
    expect(emdRows([later('paid', '9991234567890'), later('refunded', '9991234567891')], 'en')).toEqual([
      { label: 'Extra baggage +5 kg', detail: 'CHAN DARA · WC232 · EMD 9991234567890', amount: money(1800) },
    ]);
  });

  it('continues on a second page for a full party, with the footer on every page', async () => {
    const nine = Array.from({ length: 9 }, (_, i) => ({
      surname: 'Chan',
      givenName: `Passenger${i + 1}`,
      title: 0,
      passengerType: 1,
      ticketNo: `99910000001${String(i).padStart(2, '0')}`,
      ticketStatus: TicketStatus.issued,
    }));
    const pdf = await renderItineraryPdf(sampleItinerary('en', nine), { compress: false });
    expect(pageCount(pdf)).toBe(2);
    const text = pdfText(pdf);
    expect(text).toContain('Page 1 of 2');
    expect(text).toContain('Page 2 of 2');
    expect(text).toContain('9991000000108');
  });
});

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 36;
/** The footer's rule: content ends above it. */
const FOOTER_TOP = A4.height - 54;
/** The least room between two texts side by side. */
const MIN_GAP = 4;

/** Pairs of texts on one page whose boxes share a line and come closer than MIN_GAP side by side. */
function crowded(texts: PlacedText[]): string[] {
  const out: string[] = [];
  texts.forEach((a, i) => {
    for (const b of texts.slice(i + 1)) {
      if (a.page !== b.page) continue;
      const shared = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
      const gap = Math.max(a.x, b.x) - Math.min(a.x + a.width, b.x + b.width);
      if (shared > 0.5 && gap < MIN_GAP) out.push(`"${a.text}" / "${b.text}" (gap ${gap.toFixed(1)})`);
    }
  });
  return out;
}

/**
 * The hardest one-passenger return trip to lay out in `lang`: the two longest airport names,
 * five taxes with their long labels, an add-on and a promo code.
 */
function crowdedTrip(lang: LanguageTag): ItineraryDocument {
  const [a, b] = [...AIRPORTS].sort((x, y) => y.name[lang].length - x.name[lang].length);
  const d = sampleItinerary(lang);
  const stop = (airport: typeof a, time: string) => ({
    code: airport!.code,
    name: airport!.name[lang],
    time,
  });
  const [out, back] = d.legs as [ItineraryDocument['legs'][0], ItineraryDocument['legs'][0]];
  return {
    ...d,
    passengers: d.passengers.slice(0, 1),
    legs: [
      { ...out, dep: stop(a, out.dep.time), arr: stop(b, out.arr.time) },
      { ...back, dep: stop(b, back.dep.time), arr: stop(a, back.arr.time) },
    ],
    price: {
      ...d.price,
      taxes: ['CN', 'KH', 'E7', 'AX', 'YQ'].map((code) => ({
        code,
        amount: { amount: 1000, currency: 'USD' },
      })),
      addonTotal: { amount: 2500, currency: 'USD' },
    },
  };
}

describe('itinerary PDF layout', () => {
  it.each(LANGUAGE_TAGS)(
    'keeps every label clear of its neighbours and inside the page in %s, with the longest airport names',
    async (lang) => {
      for (const d of [sampleItinerary(lang), crowdedTrip(lang)]) {
        const { texts } = await renderItineraryLayout(d, { compress: false });
        expect(crowded(texts)).toEqual([]);
        for (const t of texts) {
          expect(t.x, t.text).toBeGreaterThanOrEqual(MARGIN - 0.5);
          expect(t.x + t.width, t.text).toBeLessThanOrEqual(A4.width - MARGIN + 0.5);
        }
      }
    },
  );

  it.each(LANGUAGE_TAGS)(
    'fits a one-passenger return trip on one A4 page in %s, above the footer',
    async (lang) => {
      const { pages, texts, pdf } = await renderItineraryLayout(crowdedTrip(lang), { compress: false });
      expect(pages).toBe(1);
      expect(pageCount(pdf)).toBe(1);
      for (const t of texts.filter((x) => x.y < FOOTER_TOP)) {
        expect(t.y + t.height, t.text).toBeLessThanOrEqual(FOOTER_TOP);
      }
      const dir = process.env.ITINERARY_PDF_DIR;
      if (dir) {
        mkdirSync(dir, { recursive: true });
        writeFileSync(path.join(dir, `itinerary-crowded-${lang}.pdf`), pdf);
      }
    },
  );

  it.each(LANGUAGE_TAGS)(
    "adds the admin's customer-service phone and e-mail under the hours in %s, inside the page",
    async (lang) => {
      const contact = {
        ...DEFAULT_CUSTOMER_SERVICE,
        phone: '+855 23 999 888',
        email: 'service@wings-airways.example',
      };
      const d = { ...sampleItinerary(lang), serviceContact: customerServiceContactLine(lang, contact) };
      const { pages, texts } = await renderItineraryLayout(d, { compress: false });
      expect(pages).toBe(1);
      const footer = texts.filter((t) => t.y >= FOOTER_TOP);
      const line = footer.find((t) => t.text.includes('+855 23 999 888'));
      expect(line?.text).toContain('service@wings-airways.example');
      const hours = footer.find((t) => t.text === SERVICE_HOURS[lang]);
      const notice = footer.find((t) => t.text === LABELS[lang].notBoardingPass);
      // One under the other, none over the next, all above the page's bottom edge.
      expect(hours!.y + hours!.height).toBeLessThanOrEqual(line!.y + 0.5);
      expect(line!.y + line!.height).toBeLessThanOrEqual(notice!.y + 0.5);
      expect(notice!.y + notice!.height).toBeLessThanOrEqual(A4.height);
      expect(crowded(texts)).toEqual([]);
    },
  );

  it('tightens its spacing for a party of five instead of leaving a nearly empty second page', async () => {
    const five = Array.from({ length: 5 }, (_, i) => ({
      surname: 'Chan',
      givenName: `Passenger${i + 1}`,
      title: 0,
      passengerType: 1,
      ticketNo: `99910000001${String(i).padStart(2, '0')}`,
      ticketStatus: TicketStatus.issued,
    }));
    const { pages, compact, texts } = await renderItineraryLayout(sampleItinerary('en', five), {
      compress: false,
    });
    expect({ pages, compact }).toEqual({ pages: 1, compact: true });
    expect(crowded(texts)).toEqual([]);
  });

  it.each(['km', 'zh'] as const)(
    'writes every date of the PDF and its mail in %s, with no Latin month or day name',
    async (lang) => {
      const d = sampleItinerary(lang);
      const { texts, pdf } = await renderItineraryLayout(d, { compress: false });
      const laidOut = texts.map((t) => t.text).join('\n');
      // The issue date, and each flight's date at its airport.
      for (const date of ['2026-11-20', '2026-12-01', '2026-12-08']) {
        expect(laidOut).toContain(formatDate(date, lang));
      }
      expect(laidOut.match(LATIN_DATE_WORDS)?.[0]).toBeUndefined();
      // What a reader copies out of the PDF itself.
      expect(pdfText(pdf).match(LATIN_DATE_WORDS)?.[0]).toBeUndefined();
      const mail = itineraryMail('dara@example.com', d, pdf);
      expect(mail.text).toContain(formatDate('2026-12-01', lang));
      expect(mail.text.match(LATIN_DATE_WORDS)?.[0]).toBeUndefined();
      expect(mail.html.match(LATIN_DATE_WORDS)?.[0]).toBeUndefined();
    },
  );
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
        // The footer's phone and e-mail line when the admin set them (modules/settings).
        customerServiceContactLine(lang, {
          ...DEFAULT_CUSTOMER_SERVICE,
          phone: '+855 23 999 888',
          email: 'service@wings-airways.example',
        }) ?? '',
        ...MONTH_NAMES[lang],
        ...WEEKDAY_NAMES[lang].long,
        lang === 'zh' ? '年月日' : '',
        '$¥,.0123456789–·/',
      ];
      for (const t of texts) {
        expect(covers(family.regular, t), `${lang} regular: ${t}`).toBe(true);
        expect(covers(family.bold, t), `${lang} bold: ${t}`).toBe(true);
      }
    }
  });
});
