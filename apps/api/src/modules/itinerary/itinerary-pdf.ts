import type { LanguageTag, Money } from '@wings/contracts';
import { formatMoney } from '@wings/rules';
import PDFDocument from 'pdfkit';
import { BRAND_GOLD, BRAND_NAVY } from '../../platform/mail/layout';
import { BAGGAGE, fill, formatDate, formatTime, type ItineraryLabels, LABELS } from './itinerary-labels';
import {
  covers,
  type FontFamilyName,
  type FontWeight,
  KHMER,
  loadPdfFonts,
  type PdfFonts,
} from './pdf-fonts';

/** One passenger line of the itinerary: who, and the e-ticket they fly on. */
export interface ItineraryPassenger {
  surname: string;
  givenName: string;
  /** 0 mr, 1 miss, 2 mrs. */
  title: number;
  /** 1 adult, 2 child, 3 infant. */
  passengerType: number;
  ticketNo: string;
  /** Ticket status (spec §3): 0 issued ... 6 change_in. */
  ticketStatus: number;
}

/** One end of a leg: the airport in the document's language and the local time there. */
export interface ItineraryStop {
  code: string;
  name: string;
  /** Local ISO time with the airport's offset, e.g. 2026-12-01T10:05:00+07:00. */
  time: string;
}

export interface ItineraryLeg {
  flightNo: string;
  dep: ItineraryStop;
  arr: ItineraryStop;
  /** Y or C. */
  cabin: string;
  bookingClass: string;
  family: string;
  aircraft: string;
  /** At the departure airport, local ISO times (spec §9). */
  checkIn: { opens: string; closes: string; gateCloses: string };
}

/** What the PDF shows; every time already in the right zone, every name in `lang`. */
export interface ItineraryDocument {
  lang: LanguageTag;
  brand: string;
  orderNo: string;
  pnr: string;
  /** Local ISO time of ticketing at the hub. */
  issuedAt: string;
  passengers: ItineraryPassenger[];
  legs: ItineraryLeg[];
  price: {
    currency: string;
    fareTotal: Money;
    taxes: Array<{ code: string; amount: Money }>;
    addonTotal: Money;
    /** Positive amount off. */
    discount: Money;
    total: Money;
    promoCode: string | null;
  };
  /** The customer-service line, with its own label (platform/mail/layout SERVICE_HOURS). */
  serviceHours: string;
}

export interface RenderOptions {
  /** Deflate the page streams (default true); tests read them uncompressed. */
  compress?: boolean;
}

const INK = '#1b2233';
const MUTED = '#5b6478';
const LINE = '#d5dbe8';
const TINT = '#eef2fa';
const WHITE = '#ffffff';

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 36;
const CONTENT_W = PAGE.width - 2 * MARGIN;
/** Content stops here; the footer lives below. */
const CONTENT_BOTTOM = PAGE.height - 64;

const PDF_LANG: Record<LanguageTag, string> = { zh: 'zh-CN', en: 'en', km: 'km' };

interface TextOptions {
  size?: number;
  weight?: FontWeight;
  color?: string;
  width?: number;
  align?: 'left' | 'right' | 'center';
}

/** Draws the itinerary; all layout state (the cursor, the page) lives here. */
class Writer {
  y = MARGIN;
  private readonly order: FontFamilyName[];

  constructor(
    readonly doc: PDFKit.PDFDocument,
    private readonly fonts: PdfFonts,
    lang: LanguageTag,
  ) {
    const primary = fonts.forLanguage(lang).name;
    this.order = [primary, ...(['khmer', 'hans'] as const).filter((f) => f !== primary)];
    for (const family of Object.values(fonts.families)) {
      // pdfkit takes a fontkit font object as it is (here with HarfBuzz layout, see pdf-fonts.ts).
      doc.registerFont(`${family.name}-regular`, family.regular as unknown as Buffer);
      doc.registerFont(`${family.name}-bold`, family.bold as unknown as Buffer);
    }
  }

  /** The document's family, or another that has every character of `text`. */
  private font(text: string, weight: FontWeight): string {
    const family = this.order.find((f) => covers(this.fonts.families[f][weight], text)) ?? this.order[0]!;
    return `${family}-${weight}`;
  }

  private set(text: string, o: TextOptions) {
    this.doc
      .font(this.font(text, o.weight ?? 'regular'))
      .fontSize(o.size ?? 9)
      .fillColor(o.color ?? INK);
  }

  height(text: string, o: TextOptions): number {
    this.set(text, o);
    return this.doc.heightOfString(text, { width: o.width ?? CONTENT_W, lineGap: 1 });
  }

  width(text: string, o: TextOptions): number {
    this.set(text, o);
    return this.doc.widthOfString(text);
  }

  /** Writes `text` at (x, y) within `width`; answers the height it took. */
  text(text: string, x: number, y: number, o: TextOptions = {}): number {
    const width = o.width ?? CONTENT_W;
    const h = this.height(text, { ...o, width });
    // Khmer glyphs are reordered and split, so copy and search read the words from ActualText.
    const khmer = KHMER.test(text);
    if (khmer) this.doc.markContent('Span', { actual: text });
    this.doc.text(text, x, y, { width, align: o.align ?? 'left', lineGap: 1, lineBreak: true });
    if (khmer) this.doc.endMarkedContent();
    return h;
  }

  /** Starts a new page when fewer than `needed` points are left. */
  ensure(needed: number) {
    if (this.y + needed <= CONTENT_BOTTOM) return;
    this.doc.addPage();
    this.y = MARGIN;
  }

  /** A section title with its gold rule, on a new page when the section would start at the bottom. */
  section(title: string) {
    this.ensure(90);
    const h = this.height(title, { size: 11, weight: 'bold' });
    this.text(title, MARGIN, this.y + 10, { size: 11, weight: 'bold', color: BRAND_NAVY });
    const ly = this.y + 10 + h + 3;
    this.doc
      .moveTo(MARGIN, ly)
      .lineTo(MARGIN + 28, ly)
      .lineWidth(2)
      .strokeColor(BRAND_GOLD)
      .stroke();
    this.y = ly + 8;
  }
}

function passengerName(p: ItineraryPassenger, l: ItineraryLabels): string {
  const title = l.titles[p.title] ?? '';
  return `${p.surname.toUpperCase()}/${p.givenName.toUpperCase()} ${title}`.trim();
}

function header(w: Writer, d: ItineraryDocument, l: ItineraryLabels) {
  const { doc } = w;
  doc.rect(0, 0, PAGE.width, 76).fill(BRAND_NAVY);
  doc.circle(MARGIN + 5, 29, 5).fill(BRAND_GOLD);
  w.text(d.brand, MARGIN + 18, 17, { size: 18, weight: 'bold', color: WHITE, width: 260 });
  w.text(l.docTitle, MARGIN + 18, 47, { size: 10, color: '#c9d3ec', width: 300 });
  const right = MARGIN + CONTENT_W - 200;
  w.text(l.pnr, right, 17, { size: 8, color: '#c9d3ec', width: 200, align: 'right' });
  w.text(d.pnr, right, 31, { size: 22, weight: 'bold', color: BRAND_GOLD, width: 200, align: 'right' });
  w.y = 90;

  const facts: Array<[string, string]> = [
    [l.orderNo, d.orderNo],
    [l.issueDate, formatDate(d.issuedAt)],
    [l.issuedBy, d.brand],
    [l.currency, d.price.currency],
  ];
  const colW = CONTENT_W / facts.length;
  let tallest = 0;
  facts.forEach(([label, value], i) => {
    const x = MARGIN + i * colW;
    const h1 = w.text(label, x, w.y, { size: 7.5, color: MUTED, width: colW - 10 });
    const h2 = w.text(value, x, w.y + h1 + 2, { size: 11, weight: 'bold', width: colW - 10 });
    tallest = Math.max(tallest, h1 + h2 + 2);
  });
  w.y += tallest + 4;
}

function passengers(w: Writer, d: ItineraryDocument, l: ItineraryLabels) {
  w.section(l.passengers);
  const cols = [
    { label: '#', width: 22 },
    { label: l.name, width: 190 },
    { label: l.type, width: 90 },
    { label: l.ticketNo, width: 120 },
    { label: l.ticketStatus, width: CONTENT_W - 22 - 190 - 90 - 120 },
  ];
  const row = (cells: string[], o: { head?: boolean } = {}) => {
    const size = o.head ? 7.5 : 9;
    const heights = cells.map((c, i) => w.height(c, { size, width: cols[i]!.width - 8 }));
    const h = Math.max(...heights) + 10;
    w.ensure(h);
    if (o.head) w.doc.rect(MARGIN, w.y, CONTENT_W, h).fill(TINT);
    let x = MARGIN;
    cells.forEach((c, i) => {
      w.text(c, x + 4, w.y + 5, {
        size,
        width: cols[i]!.width - 8,
        color: o.head ? MUTED : INK,
        weight: !o.head && (i === 1 || i === 3) ? 'bold' : 'regular',
      });
      x += cols[i]!.width;
    });
    w.y += h;
    w.doc
      .moveTo(MARGIN, w.y)
      .lineTo(MARGIN + CONTENT_W, w.y)
      .lineWidth(0.5)
      .strokeColor(LINE)
      .stroke();
  };
  row(
    cols.map((c) => c.label),
    { head: true },
  );
  d.passengers.forEach((p, i) => {
    row([
      String(i + 1),
      passengerName(p, l),
      l.passengerTypes[p.passengerType] ?? String(p.passengerType),
      p.ticketNo,
      l.ticketStatuses[p.ticketStatus] ?? String(p.ticketStatus),
    ]);
  });
}

function stop(w: Writer, s: ItineraryStop, label: string, x: number, y: number, width: number): number {
  let h = w.text(label, x, y, { size: 7.5, color: MUTED, width });
  h += w.text(formatTime(s.time), x, y + h, { size: 18, weight: 'bold', color: BRAND_NAVY, width });
  h += w.text(formatDate(s.time), x, y + h, { size: 8.5, weight: 'bold', width });
  h += w.text(`${s.code} · ${s.name}`, x, y + h + 1, { size: 8.5, width }) + 1;
  return h;
}

function legCard(w: Writer, leg: ItineraryLeg, l: ItineraryLabels) {
  const pad = 10;
  const inner = CONTENT_W - 2 * pad;
  const stopW = 150;
  const detailX = MARGIN + pad + 2 * stopW + 40;
  const detailW = MARGIN + pad + inner - detailX;
  const details: Array<[string, string]> = [
    [l.cabin, l.cabins[leg.cabin] ?? leg.cabin],
    [l.bookingClass, leg.bookingClass],
    [l.fareFamily, leg.family],
    [l.aircraft, leg.aircraft],
  ];
  const checkIn = `${fill(l.checkInAt, { airport: leg.dep.code })}  ${fill(l.checkInWindow, {
    opens: formatTime(leg.checkIn.opens),
    closes: formatTime(leg.checkIn.closes),
  })}   ·   ${fill(l.gateCloses, { time: formatTime(leg.checkIn.gateCloses) })}`;

  // Measure first, so the card is drawn once at its full height.
  const headH = w.height(leg.flightNo, { size: 12, weight: 'bold' });
  const stopH = (s: ItineraryStop) =>
    w.height('x', { size: 7.5 }) +
    w.height('00:00', { size: 18, weight: 'bold' }) +
    w.height('x', { size: 8.5, weight: 'bold' }) +
    w.height(`${s.code} · ${s.name}`, { size: 8.5, width: stopW }) +
    2;
  const detailRowH = (label: string, value: string) =>
    Math.max(
      w.height(label, { size: 7.5, width: detailW / 2 - 4 }),
      w.height(value, { size: 8.5, weight: 'bold', width: detailW / 2 }),
    ) + 3;
  const detailH = details.reduce((s, [a, b]) => s + detailRowH(a, b), 0);
  const bodyH = Math.max(stopH(leg.dep), stopH(leg.arr), detailH);
  const footH = w.height(checkIn, { size: 8, width: inner });
  const total = pad + headH + 6 + bodyH + 8 + footH + pad;
  w.ensure(total + 8);

  const top = w.y;
  w.doc.roundedRect(MARGIN, top, CONTENT_W, total, 8).lineWidth(0.8).strokeColor(LINE).stroke();
  let y = top + pad;
  w.text(leg.flightNo, MARGIN + pad, y, { size: 12, weight: 'bold', color: BRAND_NAVY, width: 120 });
  y += headH + 6;

  const depX = MARGIN + pad;
  const arrX = depX + stopW + 40;
  stop(w, leg.dep, l.departure, depX, y, stopW);
  stop(w, leg.arr, l.arrival, arrX, y, stopW);
  // The arrow between the two stops.
  const ay = y + w.height('x', { size: 7.5 }) + 12;
  w.doc
    .moveTo(depX + stopW - 6, ay)
    .lineTo(arrX - 12, ay)
    .lineWidth(1)
    .strokeColor(BRAND_GOLD)
    .stroke();
  w.doc
    .moveTo(arrX - 17, ay - 4)
    .lineTo(arrX - 12, ay)
    .lineTo(arrX - 17, ay + 4)
    .stroke();

  let dy = y;
  for (const [label, value] of details) {
    w.text(label, detailX, dy + 1, { size: 7.5, color: MUTED, width: detailW / 2 - 4 });
    w.text(value, detailX + detailW / 2, dy, { size: 8.5, weight: 'bold', width: detailW / 2 });
    dy += detailRowH(label, value);
  }
  y += bodyH + 8;

  w.doc.rect(MARGIN + 1, y - 4, CONTENT_W - 2, footH + pad + 3).fill(TINT);
  w.text(checkIn, MARGIN + pad, y, { size: 8, color: INK, width: inner });
  w.y = top + total + 6;
}

function flights(w: Writer, d: ItineraryDocument, l: ItineraryLabels) {
  w.section(l.flights);
  for (const leg of d.legs) legCard(w, leg, l);
}

/** A piece of the page measured before it is drawn, so columns can be laid side by side. */
interface Block {
  height: number;
  draw(x: number, y: number): void;
}

function stack(blocks: Block[]): Block {
  return {
    height: blocks.reduce((s, b) => s + b.height, 0),
    draw(x, y) {
      let at = y;
      for (const b of blocks) {
        b.draw(x, at);
        at += b.height;
      }
    },
  };
}

function heading(w: Writer, title: string, width: number): Block {
  const h = w.height(title, { size: 11, weight: 'bold', width });
  return {
    height: 10 + h + 11,
    draw(x, y) {
      w.text(title, x, y + 10, { size: 11, weight: 'bold', color: BRAND_NAVY, width });
      const ly = y + 10 + h + 3;
      w.doc
        .moveTo(x, ly)
        .lineTo(x + 28, ly)
        .lineWidth(2)
        .strokeColor(BRAND_GOLD)
        .stroke();
    },
  };
}

function baggage(w: Writer, l: ItineraryLabels, width: number): Block {
  const line = `${fill(l.carryOn, { kg: BAGGAGE.carryOnKg })}   ·   ${fill(l.checked, { kg: BAGGAGE.checkedKg })}`;
  const lineH = w.height(line, { size: 9.5, weight: 'bold', width }) + 1;
  const noteH = w.height(l.perPassenger, { size: 8, width });
  return {
    height: lineH + noteH,
    draw(x, y) {
      w.text(line, x, y, { size: 9.5, weight: 'bold', width });
      w.text(l.perPassenger, x, y + lineH, { size: 8, color: MUTED, width });
    },
  };
}

function checkInNotes(w: Writer, l: ItineraryLabels, width: number): Block {
  const heights = l.checkInNotes.map((n) => w.height(n, { size: 8.5, width: width - 12 }) + 3);
  return {
    height: heights.reduce((s, h) => s + h, 0),
    draw(x, y) {
      let at = y;
      l.checkInNotes.forEach((note, i) => {
        w.doc.circle(x + 3, at + 6, 1.6).fill(BRAND_GOLD);
        w.text(note, x + 12, at, { size: 8.5, width: width - 12 });
        at += heights[i]!;
      });
    },
  };
}

function payment(w: Writer, d: ItineraryDocument, l: ItineraryLabels, width: number): Block {
  const p = d.price;
  const rows: Array<{ label: string; amount: Money }> = [{ label: l.fare, amount: p.fareTotal }];
  for (const t of p.taxes) rows.push({ label: fill(l.tax, { code: t.code }), amount: t.amount });
  if (p.addonTotal.amount !== 0) rows.push({ label: l.addons, amount: p.addonTotal });
  if (p.discount.amount !== 0) {
    rows.push({
      label: fill(l.discount, { code: p.promoCode ?? '' }).trim(),
      amount: { ...p.discount, amount: -p.discount.amount },
    });
  }
  const amountW = 100;
  const labelW = width - amountW;
  const heights = rows.map((r) => w.height(r.label, { size: 9, width: labelW }) + 4);
  const totalLabel = `${l.total} (${p.currency})`;
  const total = formatMoney(p.total);
  const totalH = Math.max(
    w.height(totalLabel, { size: 10, weight: 'bold', width: labelW }) + 2,
    w.height(total, { size: 13, weight: 'bold', width: amountW }),
  );
  return {
    height: heights.reduce((s, h) => s + h, 0) + 6 + totalH,
    draw(x, y) {
      let at = y;
      rows.forEach((r, i) => {
        w.text(r.label, x, at, { size: 9, color: MUTED, width: labelW });
        w.text(formatMoney(r.amount), x + labelW, at, { size: 9, width: amountW, align: 'right' });
        at += heights[i]!;
      });
      w.doc
        .moveTo(x, at + 1)
        .lineTo(x + width, at + 1)
        .lineWidth(0.8)
        .strokeColor(INK)
        .stroke();
      at += 6;
      w.text(totalLabel, x, at + 2, { size: 10, weight: 'bold', width: labelW });
      w.text(total, x + labelW, at, {
        size: 13,
        weight: 'bold',
        color: BRAND_NAVY,
        width: amountW,
        align: 'right',
      });
    },
  };
}

/** Baggage and check-in on the left, the payment on the right. */
function closing(w: Writer, d: ItineraryDocument, l: ItineraryLabels) {
  const gap = 28;
  const leftW = Math.round(CONTENT_W * 0.56);
  const rightW = CONTENT_W - leftW - gap;
  const left = stack([
    heading(w, l.baggage, leftW),
    baggage(w, l, leftW),
    heading(w, l.checkIn, leftW),
    checkInNotes(w, l, leftW),
  ]);
  const right = stack([heading(w, l.payment, rightW), payment(w, d, l, rightW)]);
  w.ensure(Math.max(left.height, right.height));
  left.draw(MARGIN, w.y);
  right.draw(MARGIN + leftW + gap, w.y);
  w.y += Math.max(left.height, right.height);
}

function footers(w: Writer, d: ItineraryDocument, l: ItineraryLabels) {
  const { doc } = w;
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const y = PAGE.height - 54;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + CONTENT_W, y)
      .lineWidth(0.5)
      .strokeColor(LINE)
      .stroke();
    const pageLabel = fill(l.page, { n: i - range.start + 1, total: range.count });
    const pageW = 90;
    // pdfkit would open a new page for text past the bottom margin; the footer sits inside it.
    const saved = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    w.text(d.serviceHours, MARGIN, y + 6, {
      size: 7.5,
      color: MUTED,
      width: CONTENT_W - pageW,
    });
    w.text(l.notBoardingPass, MARGIN, y + 22, { size: 7.5, color: MUTED, width: CONTENT_W - pageW });
    w.text(pageLabel, MARGIN + CONTENT_W - pageW, y + 6, {
      size: 7.5,
      color: MUTED,
      width: pageW,
      align: 'right',
    });
    doc.page.margins.bottom = saved;
  }
}

/** The e-ticket itinerary receipt as a PDF (A4), in the document's language. */
export async function renderItineraryPdf(d: ItineraryDocument, options: RenderOptions = {}): Promise<Buffer> {
  const fonts = await loadPdfFonts();
  const l = LABELS[d.lang];
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: 20, left: MARGIN, right: MARGIN },
    bufferPages: true,
    compress: options.compress ?? true,
    lang: PDF_LANG[d.lang],
    displayTitle: true,
    info: {
      Title: `${l.docTitle} ${d.pnr}`,
      Author: d.brand,
      Subject: `${d.orderNo} ${d.pnr}`,
      Keywords: [d.pnr, d.orderNo, ...d.passengers.map((p) => p.ticketNo)].join(' '),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const w = new Writer(doc, fonts, d.lang);
  header(w, d, l);
  passengers(w, d, l);
  flights(w, d, l);
  closing(w, d, l);
  footers(w, d, l);
  doc.end();
  return done;
}
