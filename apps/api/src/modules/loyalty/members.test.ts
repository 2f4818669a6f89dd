import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { bookOrder } from '../../../test/support/booking';
import { client as appClient, newEmail, registerUser } from '../../../test/support/clients';
import {
  approveMember,
  insertUnclaimedPhoto,
  MEMBER_PASSWORD,
  mailedMemberCode,
  memberClient,
  memberEmailCode,
  newDocumentNo,
  newMemberPhone,
  registerApprovedMember,
  registerMember,
  registrationFields,
  textedMemberCode,
} from '../../../test/support/members';

const fieldsOf = (body: { data: { fields?: { field: string }[] } | null }) =>
  (body.data?.fields ?? []).map((f) => f.field).sort();
const keysOf = (body: { data: { fields?: { key: string }[] } | null }) =>
  (body.data?.fields ?? []).map((f) => f.key);

async function mailCount(t: TestApp, to: string): Promise<number> {
  const { rows } = await t.database.pool.query<{ n: string }>(
    'select count(*) as n from mail_outbox where to_address = $1',
    [to.toLowerCase()],
  );
  return Number(rows[0]?.n ?? 0);
}

describe('member codes (consumer/getToken)', () => {
  let t: TestApp;
  let clock = new Date();
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(() => t.close());

  it('mails a register code once a minute per address (807), then again', async () => {
    const c = memberClient(t);
    const email = newEmail();
    const first = await c.post('/consumer/getToken', { channel: 'email', purpose: 'register', email });
    expect(first.body).toMatchObject({ status: '200', data: { resendAfterSeconds: 60, validMinutes: 10 } });
    expect(first.body.message).toBeTruthy();
    expect(await mailedMemberCode(t, email)).toMatch(/^\d{6}$/);
    const again = await c.post('/consumer/getToken', { channel: 'email', purpose: 'register', email });
    expect(again.body.status).toBe('807');
    clock = new Date(clock.getTime() + 61_000);
    const later = await c.post('/consumer/getToken', { channel: 'email', purpose: 'register', email });
    expect(later.body.status).toBe('200');
    expect(await mailCount(t, email)).toBe(2);
  });

  it('texts a code through the SMS sender (dev outbox), in the member layer envelope', async () => {
    const c = memberClient(t);
    const phone = newMemberPhone();
    const res = await c.post('/consumer/getToken', {
      channel: 'sms',
      purpose: 'register',
      countryCode: '+855',
      phone,
    });
    expect(res.body.status).toBe('200');
    const code = await textedMemberCode(t, '855', phone);
    expect(code).toMatch(/^\d{6}$/);
    const dev = await t.app.inject({
      method: 'GET',
      url: `/api/dev/sms?to=${encodeURIComponent(`+855${phone}`)}`,
    });
    expect(dev.json().data.messages[0]).toMatchObject({ to: `+855${phone}` });
    expect(dev.json().data.messages[0].text).toContain(code);
  });

  it('answers a login or reset code to an unknown address like a sent one, and sends nothing', async () => {
    const c = memberClient(t);
    const email = newEmail();
    for (const purpose of ['login', 'reset']) {
      clock = new Date(clock.getTime() + 61_000);
      const res = await c.post('/consumer/getToken', { channel: 'email', purpose, email });
      expect(res.body).toMatchObject({ status: '200', data: { resendAfterSeconds: 60, validMinutes: 10 } });
    }
    expect(await mailCount(t, email)).toBe(0);
    // The stored code cannot be used whatever is guessed.
    const reset = await c.post('/consumer/resetPwd', {
      channel: 'email',
      email,
      code: '000000',
      password: MEMBER_PASSWORD,
      confirmPassword: MEMBER_PASSWORD,
    });
    expect(reset.body.status).toBe('806');
  });

  it("refuses a register code to a member's main e-mail (809) or phone (810); contact needs a member session", async () => {
    const member = await registerMember(t);
    clock = new Date(clock.getTime() + 61_000);
    const c = memberClient(t);
    const email = await c.post('/consumer/getToken', {
      channel: 'email',
      purpose: 'register',
      email: member.email,
    });
    expect(email.body.status).toBe('809');
    const phone = await c.post('/consumer/getToken', {
      channel: 'sms',
      purpose: 'register',
      countryCode: '855',
      phone: member.phone,
    });
    expect(phone.body.status).toBe('810');
    const contact = await c.post('/consumer/getToken', {
      channel: 'email',
      purpose: 'contact',
      email: newEmail(),
    });
    expect(contact.body.status).toBe('CAF9999');
    const signedIn = memberClient(t, { vipToken: member.vipToken });
    const mine = await signedIn.post('/consumer/getToken', {
      channel: 'email',
      purpose: 'contact',
      email: newEmail(),
    });
    expect(mine.body.status).toBe('200');
  });

  it('answers 808 when the SMS provider does not take the text', async () => {
    // Nothing listens on the discard port: the provider cannot be reached.
    const failing = await createTestApp({
      env: { SMS_URL: 'http://127.0.0.1:9/send', SMS_TOKEN: 'provider-key-123' },
    });
    try {
      const res = await memberClient(failing).post('/consumer/getToken', {
        channel: 'sms',
        purpose: 'register',
        countryCode: '855',
        phone: newMemberPhone(),
      });
      expect(res.body.status).toBe('808');
    } finally {
      await failing.close();
    }
  });

  it('checks the destination by field and limits codes per IP (429)', async () => {
    const c = memberClient(t);
    const bad = await c.post('/consumer/getToken', { channel: 'email', purpose: 'register', email: 'nope@' });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.body)).toEqual(['email']);
    const badPhone = await c.post('/consumer/getToken', {
      channel: 'sms',
      purpose: 'register',
      countryCode: '855',
      phone: '12',
    });
    expect(fieldsOf(badPhone.body)).toEqual(['phone']);
    for (let i = 0; i < 10; i++) {
      const res = await c.post('/consumer/getToken', {
        channel: 'email',
        purpose: 'register',
        email: newEmail(),
      });
      expect(res.body.status).toBe('200');
    }
    const over = await c.post('/consumer/getToken', {
      channel: 'email',
      purpose: 'register',
      email: newEmail(),
    });
    expect(over.status).toBe(429);
    expect(over.body.status).toBe('429');
  });

  it('stores only a keyed digest of the code, and a code allows 5 wrong tries', async () => {
    const c = memberClient(t);
    const email = newEmail();
    const code = await memberEmailCode(t, c, email, 'register');
    const { rows } = await t.database.pool.query(
      'select code_hash from member_codes where destination = $1',
      [email],
    );
    expect(rows[0].code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].code_hash).not.toContain(code);
    const photos = { front: await insertUnclaimedPhoto(t), back: await insertUnclaimedPhoto(t) };
    const body = {
      ...registrationFields(photos, { email }),
      password: MEMBER_PASSWORD,
      confirmPassword: MEMBER_PASSWORD,
      agree: true,
    };
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++) {
      expect((await c.post('/consumer/register', { ...body, code: wrong })).body.status).toBe('806');
    }
    expect((await c.post('/consumer/register', { ...body, code })).body.status).toBe('806');
  });
});

describe('member registration (consumer/register, queryRegisterInfo, updateRegisterInfo)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('registers under audit, signed in at once, claiming the photos', async () => {
    const member = await registerMember(t);
    const { rows: files } = await t.database.pool.query(
      'select count(*)::int as n from member_files where member_id = $1',
      [member.memberId],
    );
    expect(files[0].n).toBe(2);
    const c = memberClient(t, { vipToken: member.vipToken });
    const home = await c.post('/consumer/home/queryUserInfo');
    expect(home.body).toMatchObject({
      status: '200',
      data: {
        member: {
          id: member.memberId,
          status: 'auditing',
          cardNo: null,
          level: 0,
          surname: 'SOK',
          rejectionsToBlock: 3,
        },
        // No miles account before approval (issue 18).
        mileage: null,
        memberSince: null,
      },
    });
    const info = await c.post('/consumer/user/queryRegisterInfo');
    expect(info.body.data).toMatchObject({
      status: 'auditing',
      email: member.email,
      phone: member.phone,
      countryCode: '855',
      rejectReason: null,
      rejections: 0,
      document: { documentType: 0, documentNo: (member.body.document as { documentNo: string }).documentNo },
      address: { country: 'KH', city: 'Phnom Penh' },
    });
    const { rows } = await t.database.pool.query('select state from member_documents where id = $1', [
      info.body.data.documentId,
    ]);
    expect(rows[0].state).toBe('ineffective');
    const { rows: pw } = await t.database.pool.query('select password_hash from members where id = $1', [
      member.memberId,
    ]);
    expect(pw[0].password_hash).toMatch(/^\$argon2id\$/);
  });

  it('refuses the member password rules, an under-18, a bad address, by field', async () => {
    const c = memberClient(t);
    const photos = { front: await insertUnclaimedPhoto(t), back: await insertUnclaimedPhoto(t) };
    const base = registrationFields(photos);
    const cases: [string, string, string][] = [
      ['888888', 'password', 'member.password_same_digits'],
      ['123456', 'password', 'member.password_sequential'],
      ['654321', 'password', 'member.password_sequential'],
      ['12345', 'password', 'member.password_format'],
      ['abcdef', 'password', 'member.password_format'],
    ];
    for (const [password, field, key] of cases) {
      const res = await c.post('/consumer/register', {
        ...base,
        password,
        confirmPassword: password,
        code: '123456',
        agree: true,
      });
      expect(res.status).toBe(400);
      expect(res.body.status).toBe('400');
      expect(fieldsOf(res.body)).toEqual([field]);
      expect(keysOf(res.body)).toEqual([key]);
    }
    const many = await c.post('/consumer/register', {
      ...base,
      birthday: '2015-01-01',
      address: { country: 'KH', province: '', city: '', postcode: '', detail: '' },
      password: MEMBER_PASSWORD,
      confirmPassword: '582716',
      code: '123456',
      agree: false,
    });
    expect(fieldsOf(many.body)).toEqual([
      'address.city',
      'address.detail',
      'agree',
      'birthday',
      'confirmPassword',
    ]);
    expect(keysOf(many.body)).toContain('member.adult_only');
  });

  it('refuses an ID card without its back photo (823), naming the field', async () => {
    const c = memberClient(t);
    const fields = registrationFields({ front: await insertUnclaimedPhoto(t), back: '' });
    (fields.document as Record<string, unknown>).backPhotoId = null;
    const res = await c.post('/consumer/register', {
      ...fields,
      password: MEMBER_PASSWORD,
      confirmPassword: MEMBER_PASSWORD,
      code: '123456',
      agree: true,
    });
    expect(res.body.status).toBe('823');
    expect(fieldsOf(res.body)).toEqual(['document.backPhotoId']);
  });

  it("refuses another member's document (811) and photos that are not the registration's (822)", async () => {
    const first = await registerMember(t);
    const documentNo = (first.body.document as { documentNo: string }).documentNo;
    const c = memberClient(t);
    const photos = { front: await insertUnclaimedPhoto(t), back: await insertUnclaimedPhoto(t) };
    const fields = registrationFields(photos);
    (fields.document as Record<string, unknown>).documentNo = documentNo;
    const code = await memberEmailCode(t, c, fields.email as string, 'register');
    const body = {
      ...fields,
      password: MEMBER_PASSWORD,
      confirmPassword: MEMBER_PASSWORD,
      code,
      agree: true,
    };
    expect((await c.post('/consumer/register', body)).body.status).toBe('811');
    // The first member's own photos: someone else's.
    const { rows } = await t.database.pool.query<{ id: string }>(
      'select id from member_files where member_id = $1',
      [first.memberId],
    );
    const stolen = registrationFields({ front: rows[0]!.id, back: rows[1]!.id }, { email: fields.email });
    const res = await c.post('/consumer/register', {
      ...stolen,
      password: MEMBER_PASSWORD,
      confirmPassword: MEMBER_PASSWORD,
      code,
      agree: true,
    });
    expect(res.body.status).toBe('822');
    // Nothing was kept: the code is still good for a clean registration.
    const clean = await c.post('/consumer/register', {
      ...body,
      document: { ...(fields.document as object), documentNo: newDocumentNo() },
    });
    expect(clean.body.status).toBe('200');
  });

  it('joins the app account it registers from; a second member for that account is refused (813)', async () => {
    const app = appClient(t);
    const user = await registerUser(t, app);
    const member = await registerMember(t, {}, { appSession: user.token });
    const info = await memberClient(t, { vipToken: member.vipToken }).get('/consumer/user/queryUserBaseInfo');
    expect(info.body.data.linkedUserId).toBe(user.userId);
    const c = memberClient(t, { appSession: user.token });
    const photos = { front: await insertUnclaimedPhoto(t), back: await insertUnclaimedPhoto(t) };
    const fields = registrationFields(photos);
    const code = await memberEmailCode(t, c, fields.email as string, 'register');
    const again = await c.post('/consumer/register', {
      ...fields,
      password: MEMBER_PASSWORD,
      confirmPassword: MEMBER_PASSWORD,
      code,
      agree: true,
    });
    expect(again.body.status).toBe('813');
  });

  it('lets a rejected registration be fixed (back under audit); 803 while it is audited', async () => {
    const member = await registerMember(t);
    const c = memberClient(t, { vipToken: member.vipToken });
    const { password: _p, confirmPassword: _c, code: _code, agree: _a, ...fields } = member.body;
    const auditing = await c.post('/consumer/user/updateRegisterInfo', fields);
    expect(auditing.body.status).toBe('803');
    await t.database.pool.query(
      "update members set status = 'rejected', rejections = 1, reject_reason = 'Photo unreadable' where id = $1",
      [member.memberId],
    );
    const seen = await c.post('/consumer/user/queryRegisterInfo');
    expect(seen.body.data).toMatchObject({
      status: 'rejected',
      rejectReason: 'Photo unreadable',
      rejections: 1,
    });
    const newFront = await insertUnclaimedPhoto(t);
    const fixed = await c.post('/consumer/user/updateRegisterInfo', {
      ...fields,
      givenName: 'Dary',
      document: { ...(fields.document as object), frontPhotoId: newFront },
    });
    expect(fixed.body.status).toBe('200');
    expect(fixed.body.data).toMatchObject({
      status: 'auditing',
      givenName: 'DARY',
      rejectReason: null,
      rejections: 1,
    });
    expect(fixed.body.data.document.frontPhotoId).toBe(newFront);
    const { rows } = await t.database.pool.query('select member_id from member_files where id = $1', [
      newFront,
    ]);
    expect(rows[0].member_id).toBe(member.memberId);
    // The fixed fields are checked like a registration's.
    await t.database.pool.query("update members set status = 'rejected' where id = $1", [member.memberId]);
    const bad = await c.post('/consumer/user/updateRegisterInfo', { ...fields, birthday: '2015-01-01' });
    expect(fieldsOf(bad.body)).toEqual(['birthday']);
  });
});

describe('the member (home, base info, info by id, settings) and the member session', () => {
  let t: TestApp;
  let clock = new Date();
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(() => t.close());

  it('shows the card after approval', async () => {
    const member = await registerMember(t);
    const cardNo = await approveMember(t, member.memberId);
    const home = await memberClient(t, { vipToken: member.vipToken }).post('/consumer/home/queryUserInfo');
    expect(home.body.data.member).toMatchObject({ status: 'approved', cardNo, level: 0 });
    expect(home.body.data.memberSince).not.toBeNull();
  });

  it("reads the member's own base info, by id too; another member's id is not found (404)", async () => {
    const a = await registerMember(t);
    const b = await registerMember(t);
    const c = memberClient(t, { vipToken: a.vipToken });
    const base = await c.get('/consumer/user/queryUserBaseInfo');
    expect(base.body).toMatchObject({
      status: '200',
      data: {
        id: a.memberId,
        primaryEmail: a.email,
        primaryCountryCode: '855',
        primaryPhone: a.phone,
        contactLanguage: 1,
        promoMail: false,
        promoSms: false,
        linkedUserId: null,
      },
    });
    expect((await c.get(`/consumer/user/queryUserInfoById/${a.memberId}`)).body.data.id).toBe(a.memberId);
    const other = await c.get(`/consumer/user/queryUserInfoById/${b.memberId}`);
    expect(other.status).toBe(404);
    expect(other.body.status).toBe('404');
    expect(JSON.stringify(other.body)).not.toContain(b.email);
    expect((await c.get('/consumer/user/queryUserInfoById/not-an-id')).body.status).toBe('404');
  });

  it('changes the settings', async () => {
    const a = await registerMember(t);
    const c = memberClient(t, { vipToken: a.vipToken });
    const res = await c.post('/consumer/user/updateUserSettings', {
      contactLanguage: 2,
      promoMail: true,
      promoSms: true,
    });
    expect(res.body.data).toMatchObject({ contactLanguage: 2, promoMail: true, promoSms: true });
    const bad = await c.post('/consumer/user/updateUserSettings', {
      contactLanguage: 5,
      promoMail: true,
      promoSms: true,
    });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.body)).toEqual(['contactLanguage']);
  });

  it('answers CAF9999 without a member session, with a revoked one and with an expired one', async () => {
    const a = await registerMember(t);
    const calls: [string, string][] = [
      ['POST', '/consumer/home/queryUserInfo'],
      ['POST', '/consumer/user/queryRegisterInfo'],
      ['POST', '/consumer/user/updateRegisterInfo'],
      ['GET', '/consumer/user/queryUserBaseInfo'],
      ['GET', `/consumer/user/queryUserInfoById/${a.memberId}`],
      ['POST', '/consumer/user/updateUserSettings'],
      ['POST', '/consumer/user/updateUserPassword'],
      ['GET', '/consumer/userLogout'],
    ];
    const expectExpired = async (c: ReturnType<typeof memberClient>) => {
      for (const [method, url] of calls) {
        // An empty body the schema would refuse: the dead session is told first.
        const res = method === 'GET' ? await c.get(url) : await c.post(url, {});
        expect(res.body.status, `${method} ${url}`).toBe('CAF9999');
        expect(res.status).toBe(200);
      }
    };
    await expectExpired(memberClient(t));
    await expectExpired(memberClient(t, { vipToken: 'x'.repeat(43) }));

    const live = memberClient(t, { vipToken: a.vipToken });
    expect((await live.post('/consumer/home/queryUserInfo')).body.status).toBe('200');
    // The session slides: used 29 days later it is still alive, 31 days after that it is gone.
    clock = new Date(clock.getTime() + 29 * 86_400_000);
    await live.refreshAccessToken(clock);
    expect((await live.post('/consumer/home/queryUserInfo')).body.status).toBe('200');
    clock = new Date(clock.getTime() + 31 * 86_400_000);
    await live.refreshAccessToken(clock);
    const expired = await live.post('/consumer/home/queryUserInfo');
    expect(expired.body.status).toBe('CAF9999');
    expect(expired.body.message).toBeTruthy();

    const fresh = memberClient(t);
    await fresh.refreshAccessToken(clock);
    const b = await registerMember(t, {}, { client: fresh });
    const other = memberClient(t, { vipToken: b.vipToken });
    await other.refreshAccessToken(clock);
    expect((await other.get('/consumer/userLogout')).body.status).toBe('200');
    await expectExpired(other);
  });

  it('needs the app access token first (2000), like the main layer', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/fqt/consumer/login',
      payload: { account: 'x', password: '1' },
    });
    expect(res.json().status).toBe('2000');
  });
});

describe('bookings of a member account carry the card number (booking integration)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const cards = async (orderId: string) => {
    const { rows } = await t.database.pool.query<{ member_card_no: string | null }>(
      'select member_card_no from order_passengers where order_id = $1 order by seq',
      [orderId],
    );
    return rows.map((r) => r.member_card_no);
  };

  it("puts the approved member's card on the member's own passenger only", async () => {
    const booker = appClient(t);
    const user = await registerUser(t, booker);
    // The booking support's first adult is CHAN DARA born 1988-03-15.
    const member = await registerApprovedMember(t, {
      appSession: user.token,
      surname: 'chan',
      givenName: 'Dara',
      birthday: '1988-03-15',
    });
    const order = await bookOrder(t, booker, { from: 'KTI', to: 'HKG' }, [2, 0, 0]);
    expect(await cards(order.id)).toEqual([member.cardNo, null]);
    const detail = await booker.get(`/travelsky/ibe/getOrderDetail/${order.orderNo}`);
    expect(detail.body.code).toBe('0');
    expect(detail.body.data.passengers.map((p: { memberCardNo: string | null }) => p.memberCardNo)).toEqual([
      member.cardNo,
      null,
    ]);
  });

  it("carries no card for another account's booking, a guest's, or a member not yet approved", async () => {
    // Someone else's member with the same name and birthday does not lend its card.
    const memberOwner = appClient(t);
    const owner = await registerUser(t, memberOwner);
    await registerApprovedMember(t, {
      appSession: owner.token,
      surname: 'Chan',
      givenName: 'Dara',
      birthday: '1988-03-15',
    });
    const other = appClient(t);
    await registerUser(t, other);
    const order = await bookOrder(t, other, { from: 'KTI', to: 'HKG' }, [1, 0, 0]);
    expect(await cards(order.id)).toEqual([null]);
    const guest = await bookOrder(t, appClient(t), { from: 'KTI', to: 'HKG' }, [1, 0, 0]);
    expect(await cards(guest.id)).toEqual([null]);
    const pending = appClient(t);
    const pendingUser = await registerUser(t, pending);
    await registerMember(
      t,
      { surname: 'Chan', givenName: 'Dara', birthday: '1988-03-15' },
      { appSession: pendingUser.token },
    );
    const notYet = await bookOrder(t, pending, { from: 'KTI', to: 'HKG' }, [1, 0, 0]);
    expect(await cards(notYet.id)).toEqual([null]);
  });
});
