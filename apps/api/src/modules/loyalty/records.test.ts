import { randomInt, randomUUID } from 'node:crypto';
import {
  memberEnvelope,
  ZBeneficiaryList,
  ZMemberAddressList,
  ZMemberContactList,
  ZMemberDocumentList,
} from '@wings/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { newEmail } from '../../../test/support/clients';
import {
  insertUnclaimedPhoto,
  type MemberClient,
  memberClient,
  memberEmailCode,
  registerApprovedMember,
  textedMemberCode,
} from '../../../test/support/members';

/**
 * The member's records under /api/fqt/consumer (issue 17): contacts, identities, addresses and
 * beneficiaries, every call and code, in the member envelope; each record reachable only by its
 * member (BOLA: another member's record answers 404 and stays as it was).
 */

type Member = Awaited<ReturnType<typeof registerApprovedMember>>;

const passportNo = () => `P${String(randomInt(0, 1e8)).padStart(8, '0')}`;

describe("the member's records", () => {
  let t: TestApp;
  let me: Member;
  let stranger: Member;
  let c: MemberClient;
  let s: MemberClient;

  beforeAll(async () => {
    t = await createTestApp();
    me = await registerApprovedMember(t);
    stranger = await registerApprovedMember(t);
    c = memberClient(t, { vipToken: me.vipToken });
    s = memberClient(t, { vipToken: stranger.vipToken });
  });
  afterAll(() => t.close());

  const count = async (table: string, memberId: string) =>
    Number(
      (
        await t.database.pool.query(`select count(*)::int as n from ${table} where member_id = $1`, [
          memberId,
        ])
      ).rows[0].n,
    );

  const passport = async (no = passportNo()) => ({
    documentType: 1,
    documentNo: no,
    validFrom: '2022-03-01',
    validTo: '2032-03-01',
    frontPhotoId: await insertUnclaimedPhoto(t),
    backPhotoId: null,
  });

  const beneficiary = async (overrides: Record<string, unknown> = {}) => ({
    surname: 'Chan',
    givenName: 'Sophea',
    middleName: null,
    gender: 1,
    birthday: '1994-02-03',
    nationality: 'KH',
    relationship: 'spouse',
    identifications: [
      {
        documentType: 1,
        documentNo: passportNo(),
        validTo: '2031-01-01',
        frontPhotoId: await insertUnclaimedPhoto(t),
        backPhotoId: null,
      },
    ],
    validFrom: '2024-01-01',
    validTo: '2030-01-01',
    ...overrides,
  });

  it('answers every record call CAF9999 without a member session', async () => {
    const nobody = memberClient(t);
    const id = randomUUID();
    const calls: [string, 'get' | 'post'][] = [
      ['/consumer/contact/queryUserContactInfos', 'post'],
      ['/consumer/contact/saveUserContactInfo', 'post'],
      ['/consumer/contact/updateUserContactInfoById', 'post'],
      [`/consumer/contact/deleteUserContactInfoById/${id}`, 'post'],
      ['/consumer/identity/queryIdentityLists', 'get'],
      ['/consumer/identity/saveIdentityInfo', 'post'],
      ['/consumer/identity/updateIdentityInfoById', 'post'],
      [`/consumer/identity/deleteIdentityInfoById/${id}`, 'post'],
      ['/consumer/address/queryAddressLists', 'get'],
      ['/consumer/address/saveAddressInfo', 'post'],
      ['/consumer/address/updateAddressInfoById', 'post'],
      [`/consumer/address/deleteAddressById/${id}`, 'post'],
      ['/consumer/beneficiaries/queryBeneficiariesInfoLists', 'get'],
      ['/consumer/beneficiaries/saveBeneficiariesInfo', 'post'],
      ['/consumer/beneficiaries/updateBeneficiariesInfo', 'post'],
      [`/consumer/beneficiaries/deleteBeneficiariesInfo/${id}`, 'post'],
    ];
    for (const [url, method] of calls) {
      // The session is checked before the body: an empty body says CAF9999 too, never 400.
      const res = method === 'get' ? await nobody.get(url) : await nobody.post(url, {});
      expect(res.body.status, url).toBe('CAF9999');
    }
    // The photos too.
    expect((await nobody.get(`/common/file/${id}`)).body.status).toBe('CAF9999');
  });

  describe('contacts', () => {
    it('lists the main e-mail and phone first, adds more up to 5 of a kind (832), deletes all but the main (830)', async () => {
      const list = memberEnvelope(ZMemberContactList).parse(
        (await c.post('/consumer/contact/queryUserContactInfos')).body,
      );
      expect(list.status).toBe('200');
      expect(
        list.data.list
          .filter((x) => x.main)
          .map((x) => x.kind)
          .sort(),
      ).toEqual(['email', 'phone']);
      expect(list.data.list.find((x) => x.kind === 'email' && x.main)?.email).toBe(me.email.toLowerCase());

      const added: string[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await c.post('/consumer/contact/saveUserContactInfo', {
          kind: 'email',
          email: newEmail(),
        });
        expect(res.body.status, JSON.stringify(res.body)).toBe('200');
        added.push(res.body.data.id);
      }
      const full = await c.post('/consumer/contact/saveUserContactInfo', {
        kind: 'email',
        email: newEmail(),
      });
      expect(full.body.status).toBe('832');
      const phone = await c.post('/consumer/contact/saveUserContactInfo', {
        kind: 'phone',
        countryCode: '+855',
        phone: '77123456',
        phoneType: 'work',
      });
      expect(phone.body.status).toBe('200');
      const bad = await c.post('/consumer/contact/saveUserContactInfo', {
        kind: 'email',
        email: 'not-an-email',
      });
      expect(bad.body).toMatchObject({ status: '400', data: { fields: [{ field: 'email' }] } });

      const mainEmail = list.data.list.find((x) => x.kind === 'email' && x.main)!;
      const mainPhone = list.data.list.find((x) => x.kind === 'phone' && x.main)!;
      for (const main of [mainEmail, mainPhone]) {
        const refused = await c.post(`/consumer/contact/deleteUserContactInfoById/${main.id}`);
        expect(refused.body.status).toBe('830');
        expect(refused.body.message).toBeTruthy();
      }
      expect((await c.post(`/consumer/contact/deleteUserContactInfoById/${added[0]}`)).body.status).toBe(
        '200',
      );
      const after = (await c.post('/consumer/contact/queryUserContactInfos')).body.data.list;
      expect(after.map((x: { id: string }) => x.id)).not.toContain(added[0]);
      expect(after.find((x: { id: string }) => x.id === phone.body.data.id)).toMatchObject({
        countryCode: '855',
        phone: '77123456',
        phoneType: 'work',
        main: false,
      });
    });

    it('changes a contact; a main one only with the code sent to the new value (806), never to another member’s (809, 810)', async () => {
      const list = (await c.post('/consumer/contact/queryUserContactInfos')).body.data.list;
      const mainEmail = list.find((x: { kind: string; main: boolean }) => x.kind === 'email' && x.main);
      const extra = list.find((x: { kind: string; main: boolean }) => x.kind === 'email' && !x.main);
      const changed = newEmail();
      expect(
        (
          await c.post('/consumer/contact/updateUserContactInfoById', {
            id: extra.id,
            kind: 'email',
            email: changed,
          })
        ).body.status,
      ).toBe('200');

      const next = newEmail();
      const noCode = await c.post('/consumer/contact/updateUserContactInfoById', {
        id: mainEmail.id,
        kind: 'email',
        email: next,
      });
      expect(noCode.body.status).toBe('806');
      const wrong = await c.post('/consumer/contact/updateUserContactInfoById', {
        id: mainEmail.id,
        kind: 'email',
        email: next,
        code: '000000',
      });
      expect(wrong.body.status).toBe('806');
      const taken = await c.post('/consumer/contact/updateUserContactInfoById', {
        id: mainEmail.id,
        kind: 'email',
        email: stranger.email,
        code: '123456',
      });
      expect(taken.body.status).toBe('809');
      const mainPhone = list.find((x: { kind: string; main: boolean }) => x.kind === 'phone' && x.main);
      const phoneTaken = await c.post('/consumer/contact/updateUserContactInfoById', {
        id: mainPhone.id,
        kind: 'phone',
        countryCode: stranger.countryCode,
        phone: stranger.phone,
        code: '123456',
      });
      expect(phoneTaken.body.status).toBe('810');
      // An e-mail is not turned into a phone.
      const kind = await c.post('/consumer/contact/updateUserContactInfoById', {
        id: extra.id,
        kind: 'phone',
        countryCode: '855',
        phone: '77111222',
      });
      expect(kind.body.status).toBe('400');

      const code = await memberEmailCode(t, c, next, 'contact');
      const done = await c.post('/consumer/contact/updateUserContactInfoById', {
        id: mainEmail.id,
        kind: 'email',
        email: next,
        code,
      });
      expect(done.body.status, JSON.stringify(done.body)).toBe('200');
      const now = (await c.post('/consumer/contact/queryUserContactInfos')).body.data.list;
      expect(now.find((x: { id: string }) => x.id === mainEmail.id)).toMatchObject({
        email: next,
        main: true,
      });
      // The code was used: it does not change it again.
      const again = await c.post('/consumer/contact/updateUserContactInfoById', {
        id: mainEmail.id,
        kind: 'email',
        email: newEmail(),
        code,
      });
      expect(again.body.status).toBe('806');

      // The main phone by SMS code to the new number.
      const newPhone = `7${String(randomInt(0, 1e7)).padStart(7, '0')}`;
      const sent = await c.post('/consumer/getToken', {
        channel: 'sms',
        purpose: 'contact',
        countryCode: '855',
        phone: newPhone,
      });
      expect(sent.body.status, JSON.stringify(sent.body)).toBe('200');
      const sms = await textedMemberCode(t, '855', newPhone);
      const phoneDone = await c.post('/consumer/contact/updateUserContactInfoById', {
        id: mainPhone.id,
        kind: 'phone',
        countryCode: '855',
        phone: newPhone,
        phoneType: 'mobile',
        code: sms,
      });
      expect(phoneDone.body.status, JSON.stringify(phoneDone.body)).toBe('200');
    });
  });

  describe('identities', () => {
    it('lists the registration document masked, adds one per type (821), then no more (820); photos needed (823); no other member’s document (811)', async () => {
      const first = memberEnvelope(ZMemberDocumentList).parse(
        (await c.get('/consumer/identity/queryIdentityLists')).body,
      );
      expect(first.data.canAdd).toBe(true);
      expect(first.data.list).toHaveLength(1);
      const registration = first.data.list[0]!;
      expect(registration).toMatchObject({ documentType: 0, state: 'effective', fromRegistration: true });
      expect(registration.documentNo).toMatch(/^\*+\d{4}$/);

      const idCard = {
        documentType: 0,
        documentNo: `K${String(randomInt(0, 1e9)).padStart(9, '0')}`,
        validFrom: '2021-01-01',
        validTo: '2031-01-01',
        frontPhotoId: await insertUnclaimedPhoto(t),
        backPhotoId: await insertUnclaimedPhoto(t),
      };
      expect((await c.post('/consumer/identity/saveIdentityInfo', idCard)).body.status).toBe('821');
      const noPhoto = { ...(await passport()), frontPhotoId: null };
      expect((await c.post('/consumer/identity/saveIdentityInfo', noPhoto)).body.status).toBe('823');
      const expired = { ...(await passport()), validTo: '2020-01-01' };
      const expiredRes = await c.post('/consumer/identity/saveIdentityInfo', expired);
      expect(expiredRes.body).toMatchObject({ status: '400', data: { fields: [{ field: 'validTo' }] } });

      const theirs = await passport();
      expect((await s.post('/consumer/identity/saveIdentityInfo', theirs)).body.status).toBe('200');
      const same = { ...(await passport()), documentNo: theirs.documentNo };
      expect((await c.post('/consumer/identity/saveIdentityInfo', same)).body.status).toBe('811');

      const mine = await passport();
      const saved = await c.post('/consumer/identity/saveIdentityInfo', mine);
      expect(saved.body.status, JSON.stringify(saved.body)).toBe('200');
      const listed = memberEnvelope(ZMemberDocumentList).parse(
        (await c.get('/consumer/identity/queryIdentityLists')).body,
      );
      expect(listed.data.canAdd).toBe(false);
      const added = listed.data.list.find((d) => d.id === saved.body.data.id)!;
      expect(added).toMatchObject({
        documentType: 1,
        state: 'ineffective',
        frontPhotoId: mine.frontPhotoId,
        backPhotoId: null,
      });
      expect(added.documentNo).toBe(`*****${mine.documentNo.slice(-4)}`);
      expect((await c.post('/consumer/identity/saveIdentityInfo', await passport())).body.status).toBe('820');
    });

    it('changes a document back under audit, keeping the number when the masked one comes back', async () => {
      const list = (await c.get('/consumer/identity/queryIdentityLists')).body.data.list;
      const pass = list.find((d: { documentType: number }) => d.documentType === 1);
      await t.database.pool.query(`update member_documents set state = 'effective' where id = $1`, [pass.id]);
      const { rows: before } = await t.database.pool.query(
        'select document_no from member_documents where id = $1',
        [pass.id],
      );
      const res = await c.post('/consumer/identity/updateIdentityInfoById', {
        id: pass.id,
        documentType: 1,
        documentNo: pass.documentNo,
        validFrom: '2022-03-01',
        validTo: '2033-03-01',
        frontPhotoId: pass.frontPhotoId,
        backPhotoId: null,
      });
      expect(res.body.status, JSON.stringify(res.body)).toBe('200');
      const { rows } = await t.database.pool.query(
        'select document_no, valid_to::text, state from member_documents where id = $1',
        [pass.id],
      );
      expect(rows[0]).toMatchObject({
        document_no: before[0].document_no,
        valid_to: '2033-03-01',
        state: 'ineffective',
      });
    });

    it('never deletes the registration document (824); deletes another', async () => {
      const list = (await c.get('/consumer/identity/queryIdentityLists')).body.data.list;
      const registration = list.find((d: { fromRegistration: boolean }) => d.fromRegistration);
      const other = list.find((d: { fromRegistration: boolean }) => !d.fromRegistration);
      expect((await c.post(`/consumer/identity/deleteIdentityInfoById/${registration.id}`)).body.status).toBe(
        '824',
      );
      expect((await c.post(`/consumer/identity/deleteIdentityInfoById/${other.id}`)).body.status).toBe('200');
      const after = (await c.get('/consumer/identity/queryIdentityLists')).body.data;
      expect(after.list).toHaveLength(1);
      expect(after.canAdd).toBe(true);
    });
  });

  describe('addresses', () => {
    it('keeps one main address (831), never deletes or un-sets it (830), holds at most 5 (832)', async () => {
      const first = memberEnvelope(ZMemberAddressList).parse(
        (await c.get('/consumer/address/queryAddressLists')).body,
      );
      expect(first.data.list).toHaveLength(1);
      const main = first.data.list[0]!;
      expect(main.main).toBe(true);
      const address = {
        country: 'kh',
        province: 'Siem Reap',
        city: 'Siem Reap',
        postcode: '17000',
        detail: 'Wat Bo Road 5',
      };
      const second = await c.post('/consumer/address/saveAddressInfo', { ...address, main: true });
      expect(second.body.status).toBe('831');
      expect(second.body.message).toBeTruthy();
      const saved = await c.post('/consumer/address/saveAddressInfo', { ...address, main: false });
      expect(saved.body.status).toBe('200');
      const missing = await c.post('/consumer/address/saveAddressInfo', {
        ...address,
        city: '',
        main: false,
      });
      expect(missing.body).toMatchObject({ status: '400', data: { fields: [{ field: 'city' }] } });

      const unset = await c.post('/consumer/address/updateAddressInfoById', {
        ...address,
        id: main.id,
        main: false,
      });
      expect(unset.body.status).toBe('830');
      const promote = await c.post('/consumer/address/updateAddressInfoById', {
        ...address,
        id: saved.body.data.id,
        main: true,
      });
      expect(promote.body.status).toBe('831');
      const edit = await c.post('/consumer/address/updateAddressInfoById', {
        ...address,
        detail: 'Wat Bo Road 7',
        id: saved.body.data.id,
        main: false,
      });
      expect(edit.body.status).toBe('200');
      expect((await c.post(`/consumer/address/deleteAddressById/${main.id}`)).body.status).toBe('830');

      for (let i = 0; i < 3; i++) {
        expect(
          (await c.post('/consumer/address/saveAddressInfo', { ...address, main: false })).body.status,
        ).toBe('200');
      }
      expect(
        (await c.post('/consumer/address/saveAddressInfo', { ...address, main: false })).body.status,
      ).toBe('832');
      expect((await c.post(`/consumer/address/deleteAddressById/${saved.body.data.id}`)).body.status).toBe(
        '200',
      );
      const list = (await c.get('/consumer/address/queryAddressLists')).body.data.list;
      expect(list).toHaveLength(4);
      expect(list[0]).toMatchObject({ id: main.id, main: true });
      expect(list[1]).toMatchObject({ country: 'KH', city: 'Siem Reap' });
    });
  });

  describe('beneficiaries', () => {
    it('names beneficiaries under audit with an identification and photos (823), at most 5 (832)', async () => {
      const none = await c.post(
        '/consumer/beneficiaries/saveBeneficiariesInfo',
        await beneficiary({ identifications: [] }),
      );
      expect(none.body).toMatchObject({ status: '400', data: { fields: [{ field: 'identifications' }] } });
      const b = await beneficiary();
      const noPhoto = await c.post('/consumer/beneficiaries/saveBeneficiariesInfo', {
        ...b,
        identifications: [{ ...b.identifications[0], frontPhotoId: null }],
      });
      expect(noPhoto.body.status).toBe('823');
      const noValidity = await c.post('/consumer/beneficiaries/saveBeneficiariesInfo', {
        ...b,
        validTo: '2023-01-01',
      });
      expect(noValidity.body.status).toBe('400');

      const saved = await c.post('/consumer/beneficiaries/saveBeneficiariesInfo', b);
      expect(saved.body.status, JSON.stringify(saved.body)).toBe('200');
      const list = memberEnvelope(ZBeneficiaryList).parse(
        (await c.get('/consumer/beneficiaries/queryBeneficiariesInfoLists')).body,
      );
      const one = list.data.list.find((x) => x.id === saved.body.data.id)!;
      expect(one).toMatchObject({ state: 'ineffective', relationship: 'spouse', rejectReason: null });
      const docNo = b.identifications[0]!.documentNo;
      expect(one.identifications[0]!.documentNo).toBe(`${'*'.repeat(docNo.length - 4)}${docNo.slice(-4)}`);
      expect(list.data.canAdd).toBe(true);

      // Audited, then changed: back under audit, the masked number kept as it was.
      await t.database.pool.query(`update member_beneficiaries set state = 'effective' where id = $1`, [
        one.id,
      ]);
      const changed = await c.post('/consumer/beneficiaries/updateBeneficiariesInfo', {
        ...b,
        id: one.id,
        givenName: 'Sophy',
        identifications: [{ ...b.identifications[0], documentNo: one.identifications[0]!.documentNo }],
      });
      expect(changed.body.status, JSON.stringify(changed.body)).toBe('200');
      const { rows } = await t.database.pool.query(
        `select b.state, b.given_name, d.document_no from member_beneficiaries b
           join member_beneficiary_documents d on d.beneficiary_id = b.id where b.id = $1`,
        [one.id],
      );
      expect(rows).toEqual([{ state: 'ineffective', given_name: 'Sophy', document_no: docNo }]);

      for (let i = 0; i < 4; i++) {
        expect(
          (await c.post('/consumer/beneficiaries/saveBeneficiariesInfo', await beneficiary())).body.status,
        ).toBe('200');
      }
      expect(
        (await c.post('/consumer/beneficiaries/saveBeneficiariesInfo', await beneficiary())).body.status,
      ).toBe('832');
      expect((await c.get('/consumer/beneficiaries/queryBeneficiariesInfoLists')).body.data.canAdd).toBe(
        false,
      );
      expect((await c.post(`/consumer/beneficiaries/deleteBeneficiariesInfo/${one.id}`)).body.status).toBe(
        '200',
      );
      expect(await count('member_beneficiaries', me.memberId)).toBe(4);
    });
  });

  describe("another member's records (BOLA)", () => {
    it('answers 404 for every read, change and delete of a record of another member, and changes nothing', async () => {
      const contact = await s.post('/consumer/contact/saveUserContactInfo', {
        kind: 'email',
        email: newEmail(),
      });
      const address = await s.post('/consumer/address/saveAddressInfo', {
        country: 'KH',
        province: '',
        city: 'Kampot',
        postcode: '',
        detail: 'River Road 1',
        main: false,
      });
      const document = (await s.get('/consumer/identity/queryIdentityLists')).body.data.list[0];
      const bene = await s.post('/consumer/beneficiaries/saveBeneficiariesInfo', await beneficiary());
      for (const r of [contact, address, bene]) expect(r.body.status).toBe('200');
      const snapshot = async () =>
        JSON.stringify(
          await Promise.all(
            ['member_contacts', 'member_addresses', 'member_documents', 'member_beneficiaries'].map(
              async (table) =>
                (
                  await t.database.pool.query(`select * from ${table} where member_id = $1 order by id`, [
                    stranger.memberId,
                  ])
                ).rows,
            ),
          ),
        );
      const before = await snapshot();

      const attempts: [string, unknown][] = [
        [
          '/consumer/contact/updateUserContactInfoById',
          { id: contact.body.data.id, kind: 'email', email: newEmail() },
        ],
        [`/consumer/contact/deleteUserContactInfoById/${contact.body.data.id}`, undefined],
        [
          '/consumer/address/updateAddressInfoById',
          {
            id: address.body.data.id,
            country: 'KH',
            province: '',
            city: 'Kep',
            postcode: '',
            detail: 'Crab Market',
            main: false,
          },
        ],
        [`/consumer/address/deleteAddressById/${address.body.data.id}`, undefined],
        ['/consumer/identity/updateIdentityInfoById', { ...(await passport()), id: document.id }],
        [`/consumer/identity/deleteIdentityInfoById/${document.id}`, undefined],
        [
          '/consumer/beneficiaries/updateBeneficiariesInfo',
          { ...(await beneficiary()), id: bene.body.data.id },
        ],
        [`/consumer/beneficiaries/deleteBeneficiariesInfo/${bene.body.data.id}`, undefined],
        [`/consumer/address/deleteAddressById/not-a-uuid`, undefined],
      ];
      for (const [url, payload] of attempts) {
        const res = await c.post(url, payload);
        expect(res.status, url).toBe(404);
        expect(res.body, url).toMatchObject({ status: '404', data: null });
      }
      // Nor do they show in the caller's lists.
      const mine = [
        ...(await c.post('/consumer/contact/queryUserContactInfos')).body.data.list,
        ...(await c.get('/consumer/address/queryAddressLists')).body.data.list,
        ...(await c.get('/consumer/identity/queryIdentityLists')).body.data.list,
        ...(await c.get('/consumer/beneficiaries/queryBeneficiariesInfoLists')).body.data.list,
      ].map((x: { id: string }) => x.id);
      for (const id of [contact.body.data.id, address.body.data.id, document.id, bene.body.data.id]) {
        expect(mine).not.toContain(id);
      }
      expect(await snapshot()).toBe(before);
      // The photos of the stranger's document were not made the caller's either.
      const { rows } = await t.database.pool.query('select member_id from member_files where id = $1', [
        document.frontPhotoId,
      ]);
      expect(rows[0].member_id).toBe(stranger.memberId);
    });
  });
});
