import { randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  envelope,
  MEMBER_UPLOAD_MAX_BYTES,
  ZAdminBeneficiaryQueue,
  ZAdminDocumentQueue,
  ZAdminMemberActionResult,
  ZAdminMemberDetail,
  ZAdminMemberPage,
  ZAdminRegistrationQueue,
} from '@wings/contracts';
import { isMemberCardNo, MEMBER_REJECTIONS_TO_BLOCK } from '@wings/rules';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { newIp } from '../../../test/support/clients';
import {
  insertUnclaimedPhoto,
  memberClient,
  registerApprovedMember,
  registerMember,
} from '../../../test/support/members';
import { callAsStaff, expectOnlyRoles, type SignedInStaff, signInStaff } from '../../../test/support/staff';

/**
 * The console's member programme (issue 17, /api/admin/members): the audit queues with the
 * photos, approve (card number, Luhn valid), reject (the third blocks), block / unblock, document
 * and beneficiary audits, search and detail; every action in the audit log and the member's
 * history; the roles (agents and admins act, auditors read, finance is refused).
 */

describe('members in the staff console', () => {
  let t: TestApp;
  let agent: SignedInStaff;
  let auditor: SignedInStaff;

  let filesDir: string;

  beforeAll(async () => {
    filesDir = await mkdtemp(path.join(tmpdir(), 'wings-admin-files-'));
    t = await createTestApp({ env: { FILES_DIR: filesDir } });
    agent = await signInStaff(t, ['agent']);
    auditor = await signInStaff(t, ['auditor']);
  });
  afterAll(async () => {
    await t.close();
    await rm(filesDir, { recursive: true, force: true });
  });

  const auditRows = async (memberId: string) =>
    (
      await t.database.pool.query(
        `select action, staff_id, reason, after from audit_log where target_type = 'member' and target_id = $1 order by id`,
        [memberId],
      )
    ).rows;
  const events = async (memberId: string) =>
    (
      await t.database.pool.query(
        'select kind, staff_id, reason from member_events where member_id = $1 and staff_id is not null order by id',
        [memberId],
      )
    ).rows;

  /** Signs the member in by card number (or e-mail) and password: the reply's status. */
  const login = async (account: string, password: string) =>
    (await memberClient(t).post('/consumer/login', { account, password })).body.status;

  it('queues a registration with its document, and approval issues a Luhn-valid card number', async () => {
    const member = await registerMember(t);
    const queue = envelope(ZAdminRegistrationQueue).parse(
      (await callAsStaff(t, auditor, 'GET', '/members/audits/registrations')).body,
    );
    const row = queue.data.list.find((r) => r.id === member.memberId)!;
    expect(row).toMatchObject({ status: 'auditing', cardNo: null, primaryEmail: member.email.toLowerCase() });
    const registered = member.body.document as {
      documentNo: string;
      frontPhotoId: string;
      backPhotoId: string;
    };
    expect(row.document).toMatchObject({
      documentType: 0,
      documentNo: registered.documentNo,
      frontPhotoId: registered.frontPhotoId,
      fromRegistration: true,
      state: 'ineffective',
    });

    const approved = await callAsStaff(t, agent, 'POST', `/members/${member.memberId}/approve`, {
      note: 'ID matches',
    });
    const result = envelope(ZAdminMemberActionResult).parse(approved.body).data;
    expect(result.status).toBe('approved');
    expect(isMemberCardNo(result.cardNo!)).toBe(true);
    const detail = envelope(ZAdminMemberDetail).parse(
      (await callAsStaff(t, auditor, 'GET', `/members/${member.memberId}`)).body,
    ).data;
    expect(detail).toMatchObject({ status: 'approved', cardNo: result.cardNo, level: 0 });
    expect(detail.approvedAt).not.toBeNull();
    expect(detail.documents[0]).toMatchObject({ state: 'effective', documentNo: registered.documentNo });
    expect(detail.events[0]).toMatchObject({ kind: 'approve', by: agent.staff.email, reason: 'ID matches' });
    expect(detail.audit[0]).toMatchObject({
      action: 'member.approve',
      staffId: agent.staff.id,
      targetId: member.memberId,
    });
    expect(await events(member.memberId)).toEqual([
      { kind: 'approve', staff_id: agent.staff.id, reason: 'ID matches' },
    ]);
    // Not waiting any more: a second verdict is refused with what it is.
    const again = await callAsStaff(t, agent, 'POST', `/members/${member.memberId}/approve`, {});
    expect(again.body).toMatchObject({ code: '4131', data: { status: 'approved' } });
    const late = await callAsStaff(t, agent, 'POST', `/members/${member.memberId}/reject`, {
      reason: 'too late',
    });
    expect(late.body.code).toBe('4131');
    // The member signs in with the card number now.
    expect(await login(result.cardNo!, member.password)).toBe('200');
    const unknown = await callAsStaff(
      t,
      agent,
      'POST',
      '/members/00000000-0000-4000-8000-000000000000/approve',
      {},
    );
    expect(unknown.body.code).toBe('4130');
  });

  it('rejects with a reason the member reads; the third rejection blocks the account and ends its sessions', async () => {
    const member = await registerMember(t);
    const c = memberClient(t, { vipToken: member.vipToken });
    const { password: _p, confirmPassword: _c, code: _code, agree: _a, ...fields } = member.body;
    for (let i = 1; i <= MEMBER_REJECTIONS_TO_BLOCK; i++) {
      const res = await callAsStaff(t, agent, 'POST', `/members/${member.memberId}/reject`, {
        reason: `Photo ${i} is blurred`,
      });
      const status = i < MEMBER_REJECTIONS_TO_BLOCK ? 'rejected' : 'blocked';
      expect(res.body, `rejection ${i}`).toMatchObject({ code: '0', data: { status } });
      if (i < MEMBER_REJECTIONS_TO_BLOCK) {
        const info = await c.post('/consumer/user/queryRegisterInfo');
        expect(info.body.data).toMatchObject({
          status: 'rejected',
          rejectReason: `Photo ${i} is blurred`,
          rejections: i,
        });
        const fixed = await c.post('/consumer/user/updateRegisterInfo', fields);
        expect(fixed.body.status, JSON.stringify(fixed.body)).toBe('200');
      }
    }
    // Blocked: the session ended, sign-in says "repeated rejection" (802).
    expect((await c.get('/consumer/address/queryAddressLists')).body.status).toBe('CAF9999');
    expect(await login(member.email, member.password)).toBe('802');
    const rows = await auditRows(member.memberId);
    expect(rows.map((r) => r.action)).toEqual(['member.reject', 'member.reject', 'member.reject']);
    expect(rows[2]).toMatchObject({
      staff_id: agent.staff.id,
      reason: 'Photo 3 is blurred',
      after: { status: 'blocked', rejections: 3 },
    });
    expect((await events(member.memberId)).map((e) => e.kind)).toEqual(['reject', 'reject', 'reject']);
    // Unblocked by staff: back to rejected, so the member can fix it once more.
    const unblocked = await callAsStaff(t, agent, 'POST', `/members/${member.memberId}/unblock`, {
      reason: 'Called us, new photos coming',
    });
    expect(unblocked.body.data).toMatchObject({ status: 'rejected' });
  });

  it('blocks with a reason (sessions end, sign-in 805) and unblocks back to what it was (4132 twice)', async () => {
    const member = await registerApprovedMember(t);
    const c = memberClient(t, { vipToken: member.vipToken });
    expect((await c.get('/consumer/address/queryAddressLists')).body.status).toBe('200');
    const tooShort = await callAsStaff(t, agent, 'POST', `/members/${member.memberId}/block`, {
      reason: 'x',
    });
    expect(tooShort.body.code).toBe('400');
    const blocked = await callAsStaff(t, agent, 'POST', `/members/${member.memberId}/block`, {
      reason: 'Fraud report 118',
    });
    expect(blocked.body.data).toMatchObject({ status: 'blocked', cardNo: member.cardNo });
    expect((await c.get('/consumer/address/queryAddressLists')).body.status).toBe('CAF9999');
    expect(await login(member.cardNo, member.password)).toBe('805');
    expect(
      (await callAsStaff(t, agent, 'POST', `/members/${member.memberId}/block`, { reason: 'again please' }))
        .body.code,
    ).toBe('4132');
    const detail = (await callAsStaff(t, auditor, 'GET', `/members/${member.memberId}`)).body.data;
    expect(detail).toMatchObject({ status: 'blocked', blockReason: 'Fraud report 118' });
    const unblocked = await callAsStaff(t, agent, 'POST', `/members/${member.memberId}/unblock`, {
      reason: 'Report withdrawn',
    });
    expect(unblocked.body.data).toMatchObject({ status: 'approved' });
    expect(await login(member.cardNo, member.password)).toBe('200');
    expect(
      (await callAsStaff(t, agent, 'POST', `/members/${member.memberId}/unblock`, { reason: 'again please' }))
        .body.code,
    ).toBe('4132');
    expect((await auditRows(member.memberId)).map((r) => [r.action, r.reason])).toEqual([
      ['member.block', 'Fraud report 118'],
      ['member.unblock', 'Report withdrawn'],
    ]);
  });

  it('audits documents and beneficiaries added later, and shows their photos to staff only', async () => {
    const member = await registerApprovedMember(t);
    const c = memberClient(t, { vipToken: member.vipToken });
    // A real photo through the upload, so staff see its bytes.
    const image = await sharp({ create: { width: 30, height: 20, channels: 3, background: 'white' } })
      .jpeg()
      .toBuffer();
    const boundary = 'staffphoto';
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/fqt/common/uploadFile',
      headers: {
        authorization: `Bearer ${t.token}`,
        vipToken: member.vipToken,
        'x-forwarded-for': newIp(),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.jpg"\r\n\r\n`),
        image,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(upload.json().status).toBe('200');
    expect(image.length).toBeLessThan(MEMBER_UPLOAD_MAX_BYTES);
    const photoId = upload.json().data.fileId as string;
    const passportNo = `E${String(randomInt(0, 1e8)).padStart(8, '0')}`;
    const doc = await c.post('/consumer/identity/saveIdentityInfo', {
      documentType: 1,
      documentNo: passportNo,
      validFrom: '2023-01-01',
      validTo: '2033-01-01',
      frontPhotoId: photoId,
      backPhotoId: null,
    });
    expect(doc.body.status).toBe('200');
    const docs = envelope(ZAdminDocumentQueue).parse(
      (await callAsStaff(t, auditor, 'GET', '/members/audits/documents')).body,
    ).data;
    expect(docs.list.find((d) => d.id === doc.body.data.id)).toMatchObject({
      documentNo: passportNo,
      cardNo: member.cardNo,
      frontPhotoId: photoId,
      state: 'ineffective',
    });
    // The photo, for staff who read members; refused to finance.
    for (const who of [auditor, agent]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/members/files/${photoId}`,
        headers: who.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect((await sharp(res.rawPayload).metadata()).width).toBe(30);
    }
    const finance = await signInStaff(t, ['finance']);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/members/files/${photoId}`,
          headers: finance.headers,
        })
      ).statusCode,
    ).toBe(403);

    const rejectDoc = await callAsStaff(t, agent, 'POST', `/members/documents/${doc.body.data.id}/reject`, {
      reason: 'Passport photo page cut off',
    });
    expect(rejectDoc.body.data).toMatchObject({ status: 'rejected' });
    const mine = (await c.get('/consumer/identity/queryIdentityLists')).body.data.list;
    expect(mine.find((d: { id: string }) => d.id === doc.body.data.id)).toMatchObject({
      state: 'rejected',
      rejectReason: 'Passport photo page cut off',
    });
    expect(
      (await callAsStaff(t, agent, 'POST', `/members/documents/${doc.body.data.id}/approve`, {})).body.code,
    ).toBe('4131');
    // Fixed by the member: under audit again, then approved.
    const fixed = await c.post('/consumer/identity/updateIdentityInfoById', {
      id: doc.body.data.id,
      documentType: 1,
      documentNo: passportNo,
      validFrom: '2023-01-01',
      validTo: '2033-01-01',
      frontPhotoId: photoId,
      backPhotoId: null,
    });
    expect(fixed.body.status).toBe('200');
    const approvedDoc = await callAsStaff(
      t,
      agent,
      'POST',
      `/members/documents/${doc.body.data.id}/approve`,
      {},
    );
    expect(approvedDoc.body.data).toMatchObject({ status: 'effective' });

    const bene = await c.post('/consumer/beneficiaries/saveBeneficiariesInfo', {
      surname: 'Keo',
      givenName: 'Bopha',
      middleName: null,
      gender: 1,
      birthday: '1960-05-05',
      nationality: 'KH',
      relationship: 'parent',
      identifications: [
        {
          documentType: 1,
          documentNo: `N${randomInt(1e6, 1e7)}`,
          validTo: '2030-01-01',
          frontPhotoId: await insertUnclaimedPhoto(t),
          backPhotoId: null,
        },
      ],
      validFrom: '2024-01-01',
      validTo: '2029-01-01',
    });
    expect(bene.body.status).toBe('200');
    const benes = envelope(ZAdminBeneficiaryQueue).parse(
      (await callAsStaff(t, auditor, 'GET', '/members/audits/beneficiaries')).body,
    ).data;
    const queued = benes.list.find((b) => b.id === bene.body.data.id)!;
    expect(queued).toMatchObject({ memberId: member.memberId, cardNo: member.cardNo, state: 'ineffective' });
    expect(queued.identifications[0]!.documentNo).not.toContain('*');
    expect(
      (await callAsStaff(t, auditor, 'POST', `/members/beneficiaries/${bene.body.data.id}/approve`, {}))
        .status,
    ).toBe(403);
    const ok = await callAsStaff(t, agent, 'POST', `/members/beneficiaries/${bene.body.data.id}/approve`, {});
    expect(ok.body.data).toMatchObject({ status: 'effective' });
    const list = (await c.get('/consumer/beneficiaries/queryBeneficiariesInfoLists')).body.data.list;
    expect(list[0]).toMatchObject({ id: bene.body.data.id, state: 'effective' });

    expect((await auditRows(member.memberId)).map((r) => r.action)).toEqual([
      'member.document_reject',
      'member.document_approve',
      'member.beneficiary_approve',
    ]);
    expect((await events(member.memberId)).map((e) => e.kind)).toEqual([
      'document_reject',
      'document_approve',
      'beneficiary_approve',
    ]);
  });

  it("audits an approved member's renewed registration document; a registering one goes with the registration", async () => {
    const member = await registerApprovedMember(t);
    const c = memberClient(t, { vipToken: member.vipToken });
    const registration = (await c.get('/consumer/identity/queryIdentityLists')).body.data.list[0];
    const renewed = await c.post('/consumer/identity/updateIdentityInfoById', {
      ...registration,
      validFrom: '2025-01-01',
      validTo: '2035-06-01',
    });
    expect(renewed.body.status, JSON.stringify(renewed.body)).toBe('200');
    const queue = (await callAsStaff(t, auditor, 'GET', '/members/audits/documents')).body.data.list;
    expect(queue.find((d: { id: string }) => d.id === registration.id)).toMatchObject({
      fromRegistration: true,
      state: 'ineffective',
      validTo: '2035-06-01',
    });
    const ok = await callAsStaff(t, agent, 'POST', `/members/documents/${registration.id}/approve`, {});
    expect(ok.body.data).toMatchObject({ status: 'effective' });

    // While the registration waits, its document is not in this queue, nor audited alone.
    const waiting = await registerMember(t);
    const doc = (
      await memberClient(t, { vipToken: waiting.vipToken }).get('/consumer/identity/queryIdentityLists')
    ).body.data.list[0];
    const documents = (await callAsStaff(t, auditor, 'GET', '/members/audits/documents')).body.data.list;
    expect(documents.map((d: { id: string }) => d.id)).not.toContain(doc.id);
    const alone = await callAsStaff(t, agent, 'POST', `/members/documents/${doc.id}/approve`, {});
    expect(alone.body).toMatchObject({ code: '4131', data: { status: 'ineffective' } });
  });

  it('finds members by card number, e-mail, phone, name and status', async () => {
    const member = await registerApprovedMember(t, { surname: 'Vannak' });
    const search = async (query: string) =>
      envelope(ZAdminMemberPage).parse((await callAsStaff(t, auditor, 'GET', `/members?${query}`)).body).data;
    for (const q of [member.cardNo, member.email, member.phone, 'vann']) {
      const page = await search(`q=${encodeURIComponent(q)}`);
      expect(
        page.list.map((m) => m.id),
        q,
      ).toContain(member.memberId);
    }
    const row = (await search(`q=${member.cardNo}`)).list[0]!;
    expect(row).toMatchObject({
      cardNo: member.cardNo,
      status: 'approved',
      primaryPhone: `+${member.countryCode} ${member.phone}`,
    });
    const auditing = await search(`q=${member.cardNo}&status=auditing`);
    expect(auditing.list).toHaveLength(0);
    expect(
      (await callAsStaff(t, auditor, 'GET', '/members/00000000-0000-4000-8000-000000000000')).body.code,
    ).toBe('4130');
  });

  it('lets agents and admins act, auditors read, and refuses finance and the others (403)', async () => {
    const member = await registerMember(t);
    const id = member.memberId;
    for (const url of [
      '/api/admin/members',
      '/api/admin/members/audits/registrations',
      `/api/admin/members/${id}`,
    ]) {
      await expectOnlyRoles(t, { method: 'GET', url }, ['agent', 'admin', 'auditor']);
    }
    await expectOnlyRoles(
      t,
      { method: 'POST', url: `/api/admin/members/${id}/block`, payload: { reason: '' } },
      ['agent', 'admin'],
    );
    await expectOnlyRoles(
      t,
      {
        method: 'POST',
        url: '/api/admin/members/documents/00000000-0000-4000-8000-000000000000/approve',
        payload: {},
      },
      ['agent', 'admin'],
    );
    // None of these got through: the member is as registered.
    expect(await auditRows(id)).toEqual([]);
  });
});
