import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { client, fieldsOf, newPhone, registerUser } from './test-support';

const passenger = {
  surname: 'Chan',
  givenName: 'Dara',
  middleName: null,
  passengerType: 1,
  title: 0,
  gender: 0,
  nationality: 'kh',
  birthday: '1990-04-12',
  docType: 1,
  docNumber: 'n1234567',
  docExpiry: '2035-01-01',
  email: 'dara@example.com',
  countryCode: '+855',
  phone: '12345678',
};

describe('profile (user/getMember, user/update)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the caller’s own profile, and 404 for any other id', async () => {
    const a = client(t);
    const b = client(t);
    const userA = await registerUser(t, a);
    const userB = await registerUser(t, b);
    const own = await a.get(`/travelsky/user/getMember/${userA.userId}`);
    expect(own.body.data).toMatchObject({ id: userA.userId, email: userA.email, hasPassword: true });

    const other = await a.get(`/travelsky/user/getMember/${userB.userId}`);
    const missing = await a.get(`/travelsky/user/getMember/${randomUUID()}`);
    const junk = await a.get('/travelsky/user/getMember/not-a-uuid');
    expect(other.status).toBe(404);
    expect(other.body).toEqual(missing.body);
    expect(junk.body).toEqual(missing.body);
    expect(other.body.code).toBe('404');
  });

  it('updates the profile: absent fields stay, null clears', async () => {
    const a = client(t);
    const { userId } = await registerUser(t, a);
    const phone = newPhone();
    const res = await a.post('/travelsky/user/update', {
      surname: 'Sok',
      givenName: 'Vanna Mey',
      title: 2,
      gender: 1,
      birthday: '1985-02-03',
      nationality: 'kh',
      countryCode: '+855',
      phone,
      language: 2,
    });
    expect(res.body.code).toBe('0');
    expect(res.body.data).toMatchObject({
      id: userId,
      surname: 'SOK',
      givenName: 'VANNA MEY',
      title: 2,
      gender: 1,
      birthday: '1985-02-03',
      nationality: 'KH',
      countryCode: '855',
      phone,
      language: 2,
    });
    const partial = await a.post('/travelsky/user/update', { title: null, language: 1 });
    expect(partial.body.data).toMatchObject({ surname: 'SOK', title: null, language: 1, phone });
  });

  it('checks names, phone and dates with the shared rules', async () => {
    const a = client(t);
    await registerUser(t, a);
    const res = await a.post('/travelsky/user/update', {
      surname: '陈',
      givenName: 'Dara1',
      countryCode: '855',
      phone: '12ab',
      birthday: '2999-01-01',
    });
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body).sort()).toEqual(['birthday', 'givenName', 'phone', 'surname']);
    const noCode = await a.post('/travelsky/user/update', { phone: '12345678' });
    expect(fieldsOf(noCode.body)).toEqual(['countryCode']);
    const badShape = await a.post('/travelsky/user/update', { title: 7 });
    expect(badShape.status).toBe(400);
    expect(fieldsOf(badShape.body)).toEqual(['title']);
  });

  it('answers 4001 for a phone another account has', async () => {
    const a = client(t);
    const b = client(t);
    const phone = newPhone();
    await registerUser(t, a, { countryCode: '855', phone });
    const { userId } = await registerUser(t, b);
    const res = await b.post('/travelsky/user/update', { countryCode: '+855', phone });
    expect(res.body.code).toBe('4001');
    expect((await b.get(`/travelsky/user/getMember/${userId}`)).body.data.phone).toBeNull();
    // Keeping one's own number is fine.
    expect((await a.post('/travelsky/user/update', { countryCode: '855', phone })).body.code).toBe('0');
  });
});

describe('saved passengers (user/memberpassenger/*)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('adds, lists, edits and deletes the caller’s passengers', async () => {
    const a = client(t);
    const { userId } = await registerUser(t, a);
    const added = await a.post('/travelsky/user/memberpassenger/insert', passenger);
    expect(added.body.code).toBe('0');
    expect(added.body.data).toMatchObject({
      surname: 'CHAN',
      givenName: 'DARA',
      nationality: 'KH',
      docNumber: 'N1234567',
      countryCode: '855',
      middleName: null,
    });
    const id = added.body.data.id;

    const list = await a.get(`/travelsky/user/memberpassenger/selectByMemberId/${userId}`);
    expect(list.body.data.passengers).toEqual([added.body.data]);

    const edited = await a.post('/travelsky/user/memberpassenger/update', {
      ...passenger,
      id,
      givenName: 'Bopha',
      title: 1,
      gender: 1,
    });
    expect(edited.body.data).toMatchObject({ id, givenName: 'BOPHA', title: 1 });

    expect((await a.post(`/travelsky/user/memberpassenger/delete/${id}`)).body).toMatchObject({
      code: '0',
      data: null,
    });
    expect(
      (await a.get(`/travelsky/user/memberpassenger/selectByMemberId/${userId}`)).body.data.passengers,
    ).toEqual([]);
    expect((await a.post(`/travelsky/user/memberpassenger/delete/${id}`)).status).toBe(404);
  });

  it('lets no one read or change another user’s passengers (BOLA)', async () => {
    const a = client(t);
    const b = client(t);
    const userA = await registerUser(t, a);
    const userB = await registerUser(t, b);
    const id = (await a.post('/travelsky/user/memberpassenger/insert', passenger)).body.data.id;
    const missing = randomUUID();

    const list = await b.get(`/travelsky/user/memberpassenger/selectByMemberId/${userA.userId}`);
    const listMissing = await b.get(`/travelsky/user/memberpassenger/selectByMemberId/${missing}`);
    expect(list.status).toBe(404);
    expect(list.body).toEqual(listMissing.body);

    const update = await b.post('/travelsky/user/memberpassenger/update', {
      ...passenger,
      id,
      surname: 'Thief',
    });
    const updateMissing = await b.post('/travelsky/user/memberpassenger/update', {
      ...passenger,
      id: missing,
    });
    expect(update.status).toBe(404);
    expect(update.body).toEqual(updateMissing.body);

    const del = await b.post(`/travelsky/user/memberpassenger/delete/${id}`);
    const delMissing = await b.post(`/travelsky/user/memberpassenger/delete/${missing}`);
    expect(del.status).toBe(404);
    expect(del.body).toEqual(delMissing.body);

    // A's passenger is unchanged and B sees none.
    const mine = await a.get(`/travelsky/user/memberpassenger/selectByMemberId/${userA.userId}`);
    expect(mine.body.data.passengers).toHaveLength(1);
    expect(mine.body.data.passengers[0]).toMatchObject({ id, surname: 'CHAN' });
    const theirs = await b.get(`/travelsky/user/memberpassenger/selectByMemberId/${userB.userId}`);
    expect(theirs.body.data.passengers).toEqual([]);
  });

  it('needs a session', async () => {
    const res = await client(t).post('/travelsky/user/memberpassenger/insert', passenger);
    expect(res.body.code).toBe('600');
  });

  it('validates every field with the shared passenger rules', async () => {
    const a = client(t);
    await registerUser(t, a);
    const res = await a.post('/travelsky/user/memberpassenger/insert', {
      ...passenger,
      surname: 'Chan1',
      passengerType: 2,
      docNumber: 'ab',
      docExpiry: '2001-01-01',
      phone: '1'.repeat(19),
      email: 'dara_x@example.com',
    });
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body).sort()).toEqual([
      'docExpiry',
      'docNumber',
      'email',
      'passengerType',
      'phone',
      'surname',
    ]);
    const shape = await a.post('/travelsky/user/memberpassenger/insert', {
      ...passenger,
      birthday: '1990-02-30',
    });
    expect(shape.status).toBe(400);
    expect(fieldsOf(shape.body)).toEqual(['birthday']);
  });

  it('keeps at most 50 passengers per user', async () => {
    const a = client(t);
    const { userId } = await registerUser(t, a);
    await t.database.pool.query(
      `insert into saved_passengers (user_id, surname, given_name, passenger_type, title, gender, nationality,
         birthday, doc_type, doc_number, doc_expiry)
       select $1, 'CHAN', 'DARA', 1, 0, 0, 'KH', '1990-04-12', 1, 'N' || g, '2035-01-01' from generate_series(1, 50) g`,
      [userId],
    );
    const res = await a.post('/travelsky/user/memberpassenger/insert', passenger);
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toEqual(['passengers']);
  });
});
