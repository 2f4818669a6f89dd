import { describe, expect, it } from 'vitest';
import { type BoardingPassLeg, bcbpFlight, bcbpName, bcbpSeat, bcbpString, julianDay } from './bcbp';

/** The implementation guide's example pass (IATA BCBP IG, Resolution 792: mandatory items only). */
const IATA_EXAMPLE = 'M1DESMARAIS/LUC       EABC123 YULFRAAC 0834 326J001A0025 100';

const luc: BoardingPassLeg = {
  surname: 'Desmarais',
  givenName: 'Luc',
  pnr: 'ABC123',
  from: 'YUL',
  to: 'FRA',
  flightNo: 'AC834',
  date: '2022-11-22',
  compartment: 'J',
  seat: '1A',
  checkInSeq: 25,
};

describe('BCBP boarding pass string (Resolution 792, format M)', () => {
  it("builds the implementation guide's example exactly, 60 characters", () => {
    const s = bcbpString(luc);
    expect(s).toBe(IATA_EXAMPLE);
    expect(s).toHaveLength(60);
  });

  it.each<[string, Partial<BoardingPassLeg>, string]>([
    [
      'our flight, economy, a two-digit row',
      {
        surname: 'SOK',
        givenName: 'DARA',
        pnr: 'K7P2QX',
        from: 'PNH',
        to: 'REP',
        flightNo: 'KR123',
        date: '2027-01-15',
        compartment: 'Y',
        seat: '12C',
        checkInSeq: 3,
      },
      'M1SOK/DARA            EK7P2QX PNHREPKR 0123 015Y012C0003 100',
    ],
    [
      'a lap infant has no seat (INF), 31 December of a leap year is day 366',
      {
        surname: 'SOK',
        givenName: 'MEAS',
        pnr: 'K7P2QX',
        from: 'PNH',
        to: 'REP',
        flightNo: 'KR9',
        date: '2028-12-31',
        compartment: 'Y',
        seat: null,
        checkInSeq: 104,
      },
      'M1SOK/MEAS            EK7P2QX PNHREPKR 0009 366YINF 0104 100',
    ],
    [
      'a long name is cut at 20, accents and hyphens dropped; a flight suffix letter is kept',
      {
        surname: 'Châu-Nguyễn Vanthanakorn',
        givenName: 'Sreymom',
        flightNo: 'KR815A',
        seat: '3K',
        compartment: 'C',
        checkInSeq: 9999,
      },
      'M1CHAUNGUYEN VANTHANAKEABC123 YULFRAKR 0815A326C003K9999 100',
    ],
  ])('%s', (_name, leg, expected) => {
    const s = bcbpString({ ...luc, ...leg });
    expect(s).toBe(expected);
    expect(s).toHaveLength(60);
  });

  it('pads and cuts each item to its width', () => {
    expect(bcbpName('LI', 'NA')).toBe('LI/NA               ');
    expect(bcbpFlight('KR 12')).toEqual({ carrier: 'KR ', number: '0012 ' });
    expect(bcbpSeat('7a')).toBe('007A');
    expect(julianDay('2027-01-01')).toBe('001');
    expect(julianDay('2027-03-01')).toBe('060');
    expect(julianDay('2028-03-01')).toBe('061');
  });

  it('refuses what is not a flight number or a seat', () => {
    expect(() => bcbpFlight('123')).toThrow();
    expect(() => bcbpSeat('A12')).toThrow();
  });
});
