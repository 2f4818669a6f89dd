import { addDays, addMonths, formatDate } from '@wings/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { aPrivateFlight, aReturnFlight, type PrivateFlight } from '../../../test/scenarios';
import { client, fieldsOf, registerUser } from '../../../test/support/clients';
import { type Client, contact, offerFor, party, passenger } from './test-support';

const URL = '/travelsky/ibe/addPassenger';

/** The key reported for a field of a 400 reply. */
function keyOf(body: { data: { fields?: Array<{ field: string; key: string }> } }, field: string) {
  return body.data?.fields?.find((f) => f.field === field)?.key;
}

describe('addPassenger (spec §5 passenger and contact rules)', () => {
  let t: TestApp;
  let guest: Client;
  let out: PrivateFlight;
  let back: PrivateFlight;
  let oneWay: string;
  let family: string;

  beforeAll(async () => {
    t = await createTestApp();
    guest = client(t);
    out = await aPrivateFlight(t, { from: 'KTI', to: 'SGN' });
    back = await aReturnFlight(t, out, { days: 7 });
    oneWay = await offerFor(guest, [1, 0, 0], [{ flightId: out.flightId, bookingClass: 'M' }]);
    family = await offerFor(
      guest,
      [2, 1, 1],
      [
        { flightId: out.flightId, bookingClass: 'M' },
        { flightId: back.flightId, bookingClass: 'M' },
      ],
    );
  });
  afterAll(() => t.close());

  it('accepts a valid party and contact', async () => {
    const res = await guest.post(URL, {
      offerId: family,
      passengers: party([2, 1, 1], out.depLocalDate),
      contact,
    });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: '0', data: { valid: true } });
  });

  it('reports every problem by field in one 400', async () => {
    const res = await guest.post(URL, {
      offerId: oneWay,
      passengers: [
        passenger(1, 0, out.depLocalDate, {
          surname: 'Chan1',
          givenName: '',
          docNumber: 'AB',
          email: 'da_ra@example.com',
          phone: '12a',
        }),
      ],
      contact: { name: 'Dara 2', countryCode: '', phone: '1234', email: 'x@y' },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('400');
    expect(fieldsOf(res.body)).toEqual(
      expect.arrayContaining([
        'passengers.0.surname',
        'passengers.0.givenName',
        'passengers.0.docNumber',
        'passengers.0.email',
        'passengers.0.phone',
        'contact.name',
        'contact.countryCode',
        'contact.email',
      ]),
    );
    expect(keyOf(res.body, 'passengers.0.email')).toBe('account.email_no_special');
  });

  it('wants the document valid more than six months after the LAST departure', async () => {
    const exactly = addMonths(back.depLocalDate, 6);
    const passengers = party([2, 1, 1], out.depLocalDate);
    passengers[0]!.docExpiry = exactly;
    passengers[1]!.docExpiry = addDays(exactly, 1);
    const res = await guest.post(URL, { offerId: family, passengers });
    expect(keyOf(res.body, 'passengers.0.docExpiry')).toBe('person.doc_expiry_too_soon');
    expect(fieldsOf(res.body)).not.toContain('passengers.1.docExpiry');

    // Six months and more after the outbound, but the return is a week later.
    const short = party([2, 1, 1], out.depLocalDate);
    short[0]!.docExpiry = addDays(addMonths(out.depLocalDate, 6), 2);
    const res2 = await guest.post(URL, { offerId: family, passengers: short });
    expect(keyOf(res2.body, 'passengers.0.docExpiry')).toBe('person.doc_expiry_too_soon');
  });

  it('checks ages at the first departure, the escort and infants per adult', async () => {
    const tooOld = passenger(2, 2, out.depLocalDate, { birthday: addDays(out.depLocalDate, -12 * 366) });
    const res = await guest.post(URL, {
      offerId: family,
      passengers: [...party([2, 0, 1], out.depLocalDate), tooOld],
    });
    expect(keyOf(res.body, 'passengers.3.birthday')).toBe('person.type_mismatch_child');
    // The reply keeps saying what would be right: which ages fit a child on the first departure.
    const message = res.body.data.fields.find(
      (f: { field: string }) => f.field === 'passengers.3.birthday',
    )?.message;
    expect(message).toBe(
      `A child must be 2 to 11 years old on ${formatDate(out.depLocalDate, 'en')}: this date of birth does not fit.`,
    );
    const km = await client(t, { lang: '2' }).post(URL, {
      offerId: family,
      passengers: [...party([2, 0, 1], out.depLocalDate), tooOld],
    });
    const kmMessage = km.body.data.fields.find(
      (f: { field: string }) => f.field === 'passengers.3.birthday',
    )?.message;
    expect(kmMessage).toContain(formatDate(out.depLocalDate, 'km'));
    expect(kmMessage).toMatch(/^កុមារ/);

    const kids = await offerFor(guest, [0, 1, 0], [{ flightId: out.flightId, bookingClass: 'M' }]).catch(
      () => null,
    );
    if (kids) {
      const alone = await guest.post(URL, { offerId: kids, passengers: [passenger(2, 0, out.depLocalDate)] });
      expect(keyOf(alone.body, 'passengers')).toBe('party.escort_required');
    }
  });

  it('refuses Mrs for a child or an infant (Mr or Miss), and takes Mrs for a woman', async () => {
    const passengers = party([2, 1, 1], out.depLocalDate);
    passengers[1] = { ...passengers[1]!, title: 2, gender: 1 };
    passengers[2] = { ...passengers[2]!, title: 2, gender: 1 };
    passengers[3] = { ...passengers[3]!, title: 2, gender: 1 };
    const res = await guest.post(URL, { offerId: family, passengers, contact });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(fieldsOf(res.body)).toEqual(['passengers.2.title', 'passengers.3.title']);
    expect(keyOf(res.body, 'passengers.2.title')).toBe('person.title_adults_only');
    expect(res.body.data.fields[0].message).toBe(
      'Mrs is a title for adults: a child or an infant is Mr or Miss.',
    );
  });

  it('rejects duplicate names', async () => {
    const passengers = party([2, 1, 1], out.depLocalDate);
    passengers[1]!.givenName = passengers[0]!.givenName;
    const res = await guest.post(URL, { offerId: family, passengers });
    expect(keyOf(res.body, 'passengers.1.surname')).toBe('party.duplicate_name');
  });

  it('wants as many passengers of each type as the offer was priced for', async () => {
    const res = await guest.post(URL, { offerId: family, passengers: party([2, 1, 0], out.depLocalDate) });
    expect(keyOf(res.body, 'passengers')).toBe('booking.passenger_count_mismatch');
  });

  it('limits guests to the configured nationalities, and lifts the limit after login', async () => {
    const foreign = [passenger(1, 0, out.depLocalDate, { nationality: 'VN' })];
    const res = await guest.post(URL, { offerId: oneWay, passengers: foreign });
    expect(res.status).toBe(400);
    expect(keyOf(res.body, 'passengers.0.nationality')).toBe('passenger_limit');
    expect(res.body.data.fields[0].message).toContain('Cambodia, China, Thailand');
    // The countries by name in the caller's language, never their codes.
    const zh = await client(t, { lang: '0' }).post(URL, { offerId: oneWay, passengers: foreign });
    expect(zh.body.data.fields[0].message).toContain('柬埔寨、中国、泰国');
    const km = await client(t, { lang: '2' }).post(URL, { offerId: oneWay, passengers: foreign });
    expect(km.body.data.fields[0].message).toContain('កម្ពុជា, ចិន, ថៃ');
    expect(km.body.data.fields[0].message).not.toMatch(/\bKH\b/);

    const member = client(t);
    await registerUser(t, member);
    const ok = await member.post(URL, { offerId: oneWay, passengers: foreign });
    expect(ok.body.code, JSON.stringify(ok.body)).toBe('0');
  });

  it('takes a saved passenger only of the caller and of the slot type', async () => {
    const member = client(t);
    await registerUser(t, member);
    const saved = await member.post(
      '/travelsky/user/memberpassenger/insert',
      passenger(1, 0, out.depLocalDate),
    );
    expect(saved.body.code, JSON.stringify(saved.body)).toBe('0');
    const savedId = saved.body.data.id as string;

    const mine = await member.post(URL, {
      offerId: oneWay,
      passengers: [passenger(1, 0, out.depLocalDate, { savedPassengerId: savedId })],
    });
    expect(mine.body.code, JSON.stringify(mine.body)).toBe('0');

    // A saved adult picked for the child slot.
    const passengers = party([2, 1, 1], out.depLocalDate);
    passengers[2] = { ...passengers[2]!, savedPassengerId: savedId } as (typeof passengers)[number];
    const wrongSlot = await member.post(URL, { offerId: family, passengers });
    expect(keyOf(wrongSlot.body, 'passengers.2.passengerType')).toBe('person.type_mismatch');

    const other = client(t);
    await registerUser(t, other);
    const notMine = await other.post(URL, {
      offerId: oneWay,
      passengers: [passenger(1, 0, out.depLocalDate, { savedPassengerId: savedId })],
    });
    expect(keyOf(notMine.body, 'passengers.0.savedPassengerId')).toBe('common.enter_correct_data');
    const asGuest = await guest.post(URL, {
      offerId: oneWay,
      passengers: [passenger(1, 0, out.depLocalDate, { savedPassengerId: savedId })],
    });
    expect(fieldsOf(asGuest.body)).toContain('passengers.0.savedPassengerId');
  });

  it('answers 301 for an unknown or expired offer', async () => {
    const res = await guest.post(URL, {
      offerId: '00000000-0000-4000-8000-000000000000',
      passengers: party([1, 0, 0], out.depLocalDate),
    });
    expect(res.body.code).toBe('301');
  });
});
