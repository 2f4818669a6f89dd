import { describe, expect, test } from 'vitest';
import {
  normaliseTicketNumber,
  passengerNameMatches,
  ticketNumberIssues,
  ticketPassengerNameIssues,
} from './tickets';

describe('ticket numbers', () => {
  test('13 digits starting with the airline code', () => {
    expect(ticketNumberIssues('8812345678901', '881')).toEqual([]);
    expect(ticketNumberIssues(' 881-2345678901 ', '881')).toEqual([]);
    expect(normaliseTicketNumber('881 2345 678901')).toBe('8812345678901');
  });

  test('empty, wrong length, letters or another airline are refused', () => {
    expect(ticketNumberIssues('', '881')).toEqual([{ field: 'ticketNo', key: 'linked.ticket_no_required' }]);
    expect(ticketNumberIssues('881234567890', '881')[0]?.key).toBe('linked.ticket_no_format');
    expect(ticketNumberIssues('88123456789012', '881')[0]?.key).toBe('linked.ticket_no_format');
    expect(ticketNumberIssues('88123456789A1', '881')[0]?.key).toBe('linked.ticket_no_format');
    expect(ticketNumberIssues('7812345678901', '881')[0]?.key).toBe('linked.ticket_no_format');
  });

  test('without the airline code only the digits are checked', () => {
    expect(ticketNumberIssues('7812345678901', null)).toEqual([]);
    expect(ticketNumberIssues('78123456789', null)[0]?.key).toBe('linked.ticket_no_format');
  });
});

describe('passenger names', () => {
  const dara = { surname: 'Sok', givenName: 'Dara', middleName: null };
  test('surname and given name in either order, any case, spaces or a slash', () => {
    expect(passengerNameMatches('SOK/DARA', dara)).toBe(true);
    expect(passengerNameMatches('dara sok', dara)).toBe(true);
    expect(passengerNameMatches('Sok Dara', dara)).toBe(true);
  });

  test('only part of the name, or another name, does not match', () => {
    expect(passengerNameMatches('Sok', dara)).toBe(false);
    expect(passengerNameMatches('Sok Dara Vann', dara)).toBe(false);
    expect(passengerNameMatches('', dara)).toBe(false);
  });

  test('the middle name may be written or left out', () => {
    const p = { surname: 'Chan', givenName: 'Sreymom', middleName: 'Lina' };
    expect(passengerNameMatches('CHAN/SREYMOM', p)).toBe(true);
    expect(passengerNameMatches('Chan Lina Sreymom', p)).toBe(true);
  });

  test('the form says what is wrong with the name', () => {
    expect(ticketPassengerNameIssues('')[0]?.key).toBe('linked.name_required');
    expect(ticketPassengerNameIssues('Sok3')[0]?.key).toBe('linked.name_format');
    expect(ticketPassengerNameIssues('SOK/DARA')).toEqual([]);
  });
});
