import { inflateSync } from 'node:zlib';
import { type LanguageTag, TicketStatus } from '@wings/contracts';
import { BRAND_NAME, SERVICE_HOURS } from '../../platform/mail/layout';
import { DEMO_AIRPORTS as AIRPORTS } from '../network';
import type { ItineraryDocument, ItineraryPassenger } from './itinerary-pdf';

/** Test support of the itinerary: a sample document, and reading a PDF's text back. */

/**
 * Test support: the text of a PDF written by pdfkit, read the way a viewer copies it, through
 * each font's ToUnicode map. Enough for pdfkit's own output (Identity-H fonts, TJ arrays), not
 * a general PDF parser. One line per text object, pages in order.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const objects = new Map<number, { dict: string; stream: Buffer | null }>();
  for (const m of source.matchAll(/(\d+) 0 obj\n([\s\S]*?)endobj/g)) {
    const body = m[2]!;
    const s = /^([\s\S]*?)stream\n([\s\S]*?)\nendstream/.exec(body);
    if (!s) {
      objects.set(Number(m[1]), { dict: body, stream: null });
      continue;
    }
    const raw = Buffer.from(s[2]!, 'latin1');
    objects.set(Number(m[1]), {
      dict: s[1]!,
      stream: s[1]!.includes('/FlateDecode') ? inflateSync(raw) : raw,
    });
  }

  const fontMaps = new Map<string, Map<number, string>>();
  for (const { dict } of objects.values()) {
    for (const f of dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      if (fontMaps.has(f[1]!)) continue;
      const font = objects.get(Number(f[2]))?.dict ?? '';
      const ref = /\/ToUnicode (\d+) 0 R/.exec(font);
      const cmap = ref ? objects.get(Number(ref[1]))?.stream?.toString('latin1') : undefined;
      fontMaps.set(f[1]!, cmap ? parseCmap(cmap) : new Map());
    }
  }

  const pages = [...objects.values()]
    .filter((o) => /\/Type \/Page\b/.test(o.dict))
    .map((o) => Number(/\/Contents (\d+) 0 R/.exec(o.dict)?.[1]));
  const lines: string[] = [];
  for (const id of pages) {
    const content = objects.get(id)?.stream?.toString('latin1') ?? '';
    let font = new Map<number, string>();
    let line = '';
    // Inside a span with ActualText, that text stands for the glyphs (as viewers read it).
    let actual: string | null = null;
    const ops =
      /\/ActualText (<[0-9a-fA-F]*>|\((?:[^\\)]|\\.)*\))[\s\S]*?BDC|\bEMC\b|\/(F\d+) [\d.]+ Tf|\[([^\]]*)\] TJ|\bET\b/g;
    for (const op of content.matchAll(ops)) {
      if (op[1] !== undefined) actual = pdfString(op[1]);
      else if (op[0] === 'EMC') {
        if (actual !== null) lines.push(actual);
        actual = null;
      } else if (op[2]) font = fontMaps.get(op[2]) ?? new Map();
      else if (op[3] !== undefined) {
        if (actual !== null) continue;
        for (const hex of op[3].matchAll(/<([0-9a-fA-F]*)>/g)) {
          for (let i = 0; i + 4 <= hex[1]!.length; i += 4) {
            line += font.get(Number.parseInt(hex[1]!.slice(i, i + 4), 16)) ?? '';
          }
        }
      } else if (line) {
        lines.push(line);
        line = '';
      }
    }
  }
  return lines.join('\n');
}

function parseCmap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const range of cmap.matchAll(/<([0-9a-fA-F]+)> <[0-9a-fA-F]+> \[([^\]]*)\]/g)) {
    const start = Number.parseInt(range[1]!, 16);
    [...range[2]!.matchAll(/<([0-9a-fA-F ]*)>/g)].forEach((entry, i) => {
      const units = entry[1]!.split(' ').filter(Boolean);
      map.set(start + i, String.fromCharCode(...units.map((u) => Number.parseInt(u, 16))));
    });
  }
  return map;
}

const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };

/** A PDF string, `<hex>` or `(literal)`; UTF-16BE when it starts with a byte-order mark. */
function pdfString(token: string): string {
  const bytes = token.startsWith('<')
    ? Buffer.from(token.slice(1, -1), 'hex')
    : Buffer.from(
        token
          .slice(1, -1)
          .replace(/\\([0-7]{1,3}|[\s\S])/g, (_, e: string) =>
            /^[0-7]/.test(e) ? String.fromCharCode(Number.parseInt(e, 8)) : (ESCAPES[e] ?? e),
          ),
        'latin1',
      );
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return Buffer.from(bytes.subarray(2)).swap16().toString('utf16le');
  return bytes.toString('latin1');
}

const usd = (amount: number) => ({ amount, currency: 'USD' as const });

/** A return trip KTI-KUL for two passengers, as the service would hand it to the renderer. */
export function sampleItinerary(lang: LanguageTag, passengers?: ItineraryPassenger[]): ItineraryDocument {
  const name = (code: string) => AIRPORTS.find((a) => a.code === code)!.name[lang];
  return {
    lang,
    brand: BRAND_NAME[lang],
    orderNo: 'WC2612010001',
    pnr: 'K7M2QX',
    issuedAt: '2026-11-20T14:32:00+07:00',
    passengers: passengers ?? [
      {
        surname: 'Chan',
        givenName: 'Dara',
        title: 0,
        passengerType: 1,
        ticketNo: '9991000000123',
        ticketStatus: TicketStatus.issued,
      },
      {
        surname: 'Chan',
        givenName: 'Sokha',
        title: 1,
        passengerType: 2,
        ticketNo: '9991000000124',
        ticketStatus: TicketStatus.issued,
      },
    ],
    legs: [
      {
        flightNo: 'WC231',
        dep: { code: 'KTI', name: name('KTI'), time: '2026-12-01T10:20:00+07:00' },
        arr: { code: 'KUL', name: name('KUL'), time: '2026-12-01T13:25:00+08:00' },
        cabin: 'Y',
        bookingClass: 'M',
        family: 'Grand',
        aircraft: 'Airbus A320',
        checkIn: {
          opens: '2026-12-01T08:20:00+07:00',
          closes: '2026-12-01T09:20:00+07:00',
          gateCloses: '2026-12-01T10:10:00+07:00',
        },
      },
      {
        flightNo: 'WC232',
        dep: { code: 'KUL', name: name('KUL'), time: '2026-12-08T14:25:00+08:00' },
        arr: { code: 'KTI', name: name('KTI'), time: '2026-12-08T15:30:00+07:00' },
        cabin: 'Y',
        bookingClass: 'M',
        family: 'Grand',
        aircraft: 'Airbus A320',
        checkIn: {
          opens: '2026-12-08T12:25:00+08:00',
          closes: '2026-12-08T13:25:00+08:00',
          gateCloses: '2026-12-08T14:15:00+08:00',
        },
      },
    ],
    price: {
      currency: 'USD',
      fareTotal: usd(45800),
      taxes: [
        { code: 'KH', amount: usd(5000) },
        { code: 'MY', amount: usd(1840) },
        { code: 'YQ', amount: usd(6000) },
      ],
      addonTotal: usd(0),
      discount: usd(2000),
      total: usd(56640),
      promoCode: 'WINGS20',
    },
    serviceHours: SERVICE_HOURS[lang],
  };
}
