import { type LanguageTag, type Money, taxLineLabel } from '@wings/contracts';
import { formatDate, formatMoney, formatTime } from '@wings/rules';
import PDFDocument from 'pdfkit';
import { BRAND_GOLD, BRAND_NAVY } from '../../platform/mail/layout';
import { BAGGAGE, fill, type ItineraryLabels, LABELS } from './itinerary-labels';
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
    /**
     * Each add-on (issue 14), already worded in `lang`: what it is ("Seat 12C"), whose and on
     * which flight, its EMD number when bought after ticketing, its amount. The add-ons' total
     * stands alone when there are none listed.
     */
    addons?: Array<{ label: string; detail: string; amount: Money }>;
    /** Positive amount off. */
    discount: Money;
    total: Money;
    promoCode: string | null;
  };
  /** The customer-service hours, with their own label (platform/mail/layout customerServiceHoursLine). */
  serviceHours: string;
  /** Its phone and e-mail, with their labels, when the admin set them (customerServiceContactLine). */
  serviceContact?: string | null;
}

export interface RenderOptions {
  /** Deflate the page streams (default true); tests read them uncompressed. */
  compress?: boolean;
}

/** One text as laid out on the page: where it sits and how much room its glyphs take. */
export interface PlacedText {
  /** 0-based page index. */
  page: number;
  text: string;
  /** Left edge of the glyphs (after alignment), in points from the page's left edge. */
  x: number;
  y: number;
  /** The glyphs' width: the measured width on one line, the whole column when it wraps. */
  width: number;
  height: number;
}

/** The rendered PDF with every text it laid out (tests read the layout: overlaps, dates, pages). */
export interface ItineraryLayout {
  pdf: Buffer;
  pages: number;
  texts: PlacedText[];
  /** Whether the compact spacing was needed to keep the document on one page. */
  compact: boolean;
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

/**
 * The vertical rhythm. A document that would spill a little onto a second page is drawn again
 * with the compact one (smaller gaps and flight times), so an ordinary itinerary stays on one
 * page whatever the language and airport names; a long party still continues on page two.
 */
interface Spacing {
  /** Above a section title. */
  sectionGap: number;
  /** Inside a flight card, around its content. */
  cardPad: number;
  /** Between flight cards. */
  cardGap: number;
  /** The departure and arrival times. */
  timeSize: number;
  /** Above and below the text of a passenger row. */
  rowPad: number;
  /** The check-in notes. */
  noteSize: number;
}

const REGULAR: Spacing = { sectionGap: 10, cardPad: 10, cardGap: 6, timeSize: 18, rowPad: 5, noteSize: 8.5 };
const COMPACT: Spacing = { sectionGap: 6, cardPad: 7, cardGap: 4, timeSize: 14, rowPad: 3, noteSize: 8 };

/** Room kept between two texts side by side, so no label ever runs into the next. */
const GUTTER = 12;

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
  /** The page being drawn on (0-based). */
  page = 0;
  /** Every text drawn so far, where it sits. */
  readonly placed: PlacedText[] = [];
  private readonly order: FontFamilyName[];

  constructor(
    readonly doc: PDFKit.PDFDocument,
    private readonly fonts: PdfFonts,
    readonly lang: LanguageTag,
    readonly spacing: Spacing,
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
    // On one line the glyphs take their measured width; a wrapped text may fill its column.
    const natural = this.doc.widthOfString(text);
    const used = natural <= width ? natural : width;
    const align = o.align ?? 'left';
    const left = align === 'right' ? x + width - used : align === 'center' ? x + (width - used) / 2 : x;
    this.placed.push({ page: this.page, text, x: left, y, width: used, height: h });
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
    this.page += 1;
    this.y = MARGIN;
  }

  /** A section title with its gold rule, on a new page when the section would start at the bottom. */
  section(title: string) {
    this.ensure(90);
    const gap = this.spacing.sectionGap;
    const h = this.height(title, { size: 11, weight: 'bold' });
    this.text(title, MARGIN, this.y + gap, { size: 11, weight: 'bold', color: BRAND_NAVY });
    const ly = this.y + gap + h + 3;
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
    [l.issueDate, formatDate(d.issuedAt, d.lang)],
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
    const pad = w.spacing.rowPad;
    const h = Math.max(...heights) + 2 * pad;
    w.ensure(h);
    if (o.head) w.doc.rect(MARGIN, w.y, CONTENT_W, h).fill(TINT);
    let x = MARGIN;
    cells.forEach((c, i) => {
      w.text(c, x + 4, w.y + pad, {
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

/** The label, time, date and airport of one end of a leg, as they are stacked in its column. */
function stopLines(w: Writer, s: ItineraryStop, label: string): Array<[string, TextOptions]> {
  return [
    [label, { size: 7.5, color: MUTED }],
    [formatTime(s.time), { size: w.spacing.timeSize, weight: 'bold', color: BRAND_NAVY }],
    [formatDate(s.time, w.lang), { size: 8.5, weight: 'bold' }],
    [`${s.code} · ${s.name}`, { size: 8.5 }],
  ];
}

function stopHeight(w: Writer, lines: Array<[string, TextOptions]>, width: number): number {
  return lines.reduce((h, [text, o]) => h + w.height(text, { ...o, width }), 0) + 2;
}

function stop(w: Writer, lines: Array<[string, TextOptions]>, x: number, y: number, width: number): void {
  let at = y;
  for (const [text, o] of lines) at += w.text(text, x, at, { ...o, width });
}

/** Widest text of `texts` at `o`, rounded up so a text measured to fit is never wrapped. */
function widest(w: Writer, texts: string[], o: TextOptions): number {
  return Math.ceil(Math.max(...texts.map((t) => w.width(t, o)))) + 1;
}

/**
 * One flight: departure and arrival side by side with an arrow, the cabin, class, fare family
 * and aircraft on the right, the check-in times below. Column widths come from the texts'
 * measured widths: the details column is as wide as its longest label and value (within
 * limits, wrapping beyond them), the stops share what is left, and a gutter keeps every column
 * clear of the next.
 */
function legCard(w: Writer, leg: ItineraryLeg, l: ItineraryLabels) {
  const sp = w.spacing;
  const pad = sp.cardPad;
  const inner = CONTENT_W - 2 * pad;
  const details: Array<[string, string]> = [
    [l.cabin, l.cabins[leg.cabin] ?? leg.cabin],
    [l.bookingClass, leg.bookingClass],
    [l.fareFamily, leg.family],
    [l.aircraft, leg.aircraft],
  ];
  const labelO: TextOptions = { size: 7.5, color: MUTED };
  const valueO: TextOptions = { size: 8.5, weight: 'bold' };
  const labelW = Math.min(
    96,
    widest(
      w,
      details.map(([a]) => a),
      labelO,
    ),
  );
  const valueW = Math.min(
    110,
    Math.max(
      48,
      widest(
        w,
        details.map(([, b]) => b),
        valueO,
      ),
    ),
  );
  const detailW = labelW + 8 + valueW;
  const detailX = MARGIN + pad + inner - detailW;
  const arrowW = 36;
  const stopW = (inner - detailW - GUTTER - arrowW) / 2;
  const depX = MARGIN + pad;
  const arrX = depX + stopW + arrowW;
  const checkIn = `${fill(l.checkInAt, { airport: leg.dep.code })}  ${fill(l.checkInWindow, {
    opens: formatTime(leg.checkIn.opens),
    closes: formatTime(leg.checkIn.closes),
  })}   ·   ${fill(l.gateCloses, { time: formatTime(leg.checkIn.gateCloses) })}`;

  // Measure first, so the card is drawn once at its full height.
  const dep = stopLines(w, leg.dep, l.departure);
  const arr = stopLines(w, leg.arr, l.arrival);
  const headH = w.height(leg.flightNo, { size: 12, weight: 'bold' });
  const detailRowH = (label: string, value: string) =>
    Math.max(w.height(label, { ...labelO, width: labelW }), w.height(value, { ...valueO, width: valueW })) +
    3;
  const detailH = details.reduce((s, [a, b]) => s + detailRowH(a, b), 0);
  const bodyH = Math.max(stopHeight(w, dep, stopW), stopHeight(w, arr, stopW), detailH);
  const footH = w.height(checkIn, { size: 8, width: inner });
  const headGap = pad - 4;
  const total = pad + headH + headGap + bodyH + pad - 2 + footH + pad;
  w.ensure(total + sp.cardGap);

  const top = w.y;
  w.doc.roundedRect(MARGIN, top, CONTENT_W, total, 8).lineWidth(0.8).strokeColor(LINE).stroke();
  let y = top + pad;
  w.text(leg.flightNo, MARGIN + pad, y, { size: 12, weight: 'bold', color: BRAND_NAVY, width: 120 });
  y += headH + headGap;

  stop(w, dep, depX, y, stopW);
  stop(w, arr, arrX, y, stopW);
  // The arrow between the two stops, level with the times.
  const ay = y + w.height(dep[0]![0], { ...dep[0]![1], width: stopW }) + w.height('00:00', dep[1]![1]) / 2;
  const ax0 = depX + Math.min(stopW, widest(w, [dep[1]![0]], dep[1]![1])) + 8;
  w.doc
    .moveTo(ax0, ay)
    .lineTo(arrX - 8, ay)
    .lineWidth(1)
    .strokeColor(BRAND_GOLD)
    .stroke();
  w.doc
    .moveTo(arrX - 13, ay - 4)
    .lineTo(arrX - 8, ay)
    .lineTo(arrX - 13, ay + 4)
    .stroke();

  let dy = y;
  for (const [label, value] of details) {
    w.text(label, detailX, dy + 1, { ...labelO, width: labelW });
    w.text(value, detailX + labelW + 8, dy, { ...valueO, width: valueW });
    dy += detailRowH(label, value);
  }
  y += bodyH + pad - 2;

  w.doc.rect(MARGIN + 1, y - pad / 2, CONTENT_W - 2, footH + pad * 1.5 - 1).fill(TINT);
  w.text(checkIn, MARGIN + pad, y, { size: 8, color: INK, width: inner });
  w.y = top + total + sp.cardGap;
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
  const gap = w.spacing.sectionGap;
  return {
    height: gap + h + 11,
    draw(x, y) {
      w.text(title, x, y + gap, { size: 11, weight: 'bold', color: BRAND_NAVY, width });
      const ly = y + gap + h + 3;
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
  const size = w.spacing.noteSize;
  const heights = l.checkInNotes.map((n) => w.height(n, { size, width: width - 12 }) + 3);
  return {
    height: heights.reduce((s, h) => s + h, 0),
    draw(x, y) {
      let at = y;
      l.checkInNotes.forEach((note, i) => {
        w.doc.circle(x + 3, at + 6, 1.6).fill(BRAND_GOLD);
        w.text(note, x + 12, at, { size, width: width - 12 });
        at += heights[i]!;
      });
    },
  };
}

function payment(w: Writer, d: ItineraryDocument, l: ItineraryLabels, width: number): Block {
  const p = d.price;
  const rows: Array<{ label: string; amount: Money }> = [{ label: l.fare, amount: p.fareTotal }];
  for (const t of p.taxes) rows.push({ label: taxLineLabel(t.code, d.lang), amount: t.amount });
  if (p.addons && p.addons.length > 0) {
    for (const a of p.addons) rows.push({ label: `${l.addons}: ${a.label} (${a.detail})`, amount: a.amount });
  } else if (p.addonTotal.amount !== 0) {
    rows.push({ label: l.addons, amount: p.addonTotal });
  }
  if (p.discount.amount !== 0) {
    rows.push({
      label: fill(l.discount, { code: p.promoCode ?? '' }).trim(),
      amount: { ...p.discount, amount: -p.discount.amount },
    });
  }
  const totalLabel = `${l.total} (${p.currency})`;
  const total = formatMoney(p.total);
  // The amounts take their measured width on the right; the labels wrap in the rest.
  const amountW = Math.max(
    widest(
      w,
      rows.map((r) => formatMoney(r.amount)),
      { size: 9 },
    ),
    widest(w, [total], { size: 13, weight: 'bold' }),
  );
  const labelW = width - amountW - GUTTER;
  const amountX = width - amountW;
  const heights = rows.map((r) => w.height(r.label, { size: 9, width: labelW }) + 4);
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
        w.text(formatMoney(r.amount), x + amountX, at, { size: 9, width: amountW, align: 'right' });
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
      w.text(total, x + amountX, at, {
        size: 13,
        weight: 'bold',
        color: BRAND_NAVY,
        width: amountW,
        align: 'right',
      });
    },
  };
}

/**
 * Baggage and check-in on the left, the payment on the right, split where the taller of the
 * two columns is shortest (long tax labels want a wider payment column, long notes a wider left).
 */
function closing(w: Writer, d: ItineraryDocument, l: ItineraryLabels) {
  const gap = 24;
  const layouts = [0.56, 0.52, 0.48, 0.44, 0.4].map((share) => {
    const leftW = Math.round(CONTENT_W * share);
    const rightW = CONTENT_W - leftW - gap;
    const left = stack([
      heading(w, l.baggage, leftW),
      baggage(w, l, leftW),
      heading(w, l.checkIn, leftW),
      checkInNotes(w, l, leftW),
    ]);
    const right = stack([heading(w, l.payment, rightW), payment(w, d, l, rightW)]);
    return { leftW, left, right, height: Math.max(left.height, right.height) };
  });
  const best = layouts.reduce((a, b) => (b.height < a.height - 0.5 ? b : a));
  w.ensure(best.height);
  best.left.draw(MARGIN, w.y);
  best.right.draw(MARGIN + best.leftW + gap, w.y);
  w.y += best.height;
}

function footers(w: Writer, d: ItineraryDocument, l: ItineraryLabels) {
  const { doc } = w;
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    w.page = i - range.start;
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
    // The phone and e-mail, when set, between the hours and the notice (the footer grows downwards).
    if (d.serviceContact) {
      w.text(d.serviceContact, MARGIN, y + 19, { size: 7.5, color: MUTED, width: CONTENT_W - pageW });
    }
    w.text(l.notBoardingPass, MARGIN, d.serviceContact ? y + 32 : y + 22, {
      size: 7.5,
      color: MUTED,
      width: CONTENT_W - pageW,
    });
    w.text(pageLabel, MARGIN + CONTENT_W - pageW, y + 6, {
      size: 7.5,
      color: MUTED,
      width: pageW,
      align: 'right',
    });
    doc.page.margins.bottom = saved;
  }
}

/** Draws the whole document with one spacing; answers the PDF and its layout. */
async function draw(
  d: ItineraryDocument,
  spacing: Spacing,
  options: RenderOptions,
): Promise<ItineraryLayout> {
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
  const w = new Writer(doc, fonts, d.lang, spacing);
  header(w, d, l);
  passengers(w, d, l);
  flights(w, d, l);
  closing(w, d, l);
  footers(w, d, l);
  const pages = doc.bufferedPageRange().count;
  doc.end();
  return { pdf: await done, pages, texts: w.placed, compact: spacing === COMPACT };
}

/**
 * The itinerary laid out and rendered: with the regular spacing, or with the compact one when
 * that saves a page (an ordinary itinerary then stays on one A4 page).
 */
export async function renderItineraryLayout(
  d: ItineraryDocument,
  options: RenderOptions = {},
): Promise<ItineraryLayout> {
  const regular = await draw(d, REGULAR, options);
  if (regular.pages === 1) return regular;
  const compact = await draw(d, COMPACT, options);
  return compact.pages < regular.pages ? compact : regular;
}

/** The e-ticket itinerary receipt as a PDF (A4), in the document's language. */
export async function renderItineraryPdf(d: ItineraryDocument, options: RenderOptions = {}): Promise<Buffer> {
  return (await renderItineraryLayout(d, options)).pdf;
}
