import { createHash, createHmac } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileStore, DirectoryFileStore, S3FileStore, signV4 } from './file-store';

describe('the directory store', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'wings-files-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('keeps, reads and removes files under the directory, creating its folders', async () => {
    const store = createFileStore({ filesDir: path.join(dir, 'nested', 'files') });
    expect(store).toBeInstanceOf(DirectoryFileStore);
    await store.put('members/2026/abc-1', Buffer.from('picture'), 'image/jpeg');
    expect((await store.get('members/2026/abc-1'))?.toString()).toBe('picture');
    // Written again: replaced whole, and no temporary file is left beside it.
    await store.put('members/2026/abc-1', Buffer.from('another'), 'image/jpeg');
    expect((await store.get('members/2026/abc-1'))?.toString()).toBe('another');
    expect(await readdir(path.join(dir, 'nested', 'files', 'members', '2026'))).toEqual(['abc-1']);
    await store.delete('members/2026/abc-1');
    expect(await store.get('members/2026/abc-1')).toBeNull();
    await store.delete('members/2026/abc-1');
  });

  it('refuses every key that could leave the directory or name something else', async () => {
    const own = path.join(dir, 'own');
    const store = new DirectoryFileStore(own);
    for (const key of [
      '../x',
      'a/../../etc/passwd',
      '/etc/passwd',
      'a//b',
      'A',
      'a.jpg',
      'a/',
      '',
      'a\\b',
      'a\0b',
    ]) {
      await expect(store.put(key, Buffer.from('x'), 'image/png'), key).rejects.toThrow(/refused key/);
      await expect(store.get(key), key).rejects.toThrow(/refused key/);
      await expect(store.delete(key), key).rejects.toThrow(/refused key/);
    }
    await expect(readdir(own)).rejects.toThrow(/ENOENT/);
  });
});

describe('the S3-compatible store', () => {
  const s3 = {
    endpoint: '',
    bucket: 'member-files',
    region: 'ap-southeast-1',
    accessKey: 'AKIDEXAMPLE',
    secretKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  };
  const objects = new Map<string, { body: Buffer; type: string | undefined }>();
  const refused: string[] = [];
  let server: Server;

  /** The signature recomputed from what arrived, as the object store checks it. */
  function expectedSignature(
    req: IncomingMessage,
    signedHeaders: string,
    scope: string,
    payloadHash: string,
  ) {
    const names = signedHeaders.split(';');
    const canonicalHeaders = names.map((n) => `${n}:${String(req.headers[n]).trim()}\n`).join('');
    const canonical = [req.method, req.url, '', canonicalHeaders, signedHeaders, payloadHash].join('\n');
    const [day, region, service, terminator] = scope.split('/') as [string, string, string, string];
    const toSign = [
      'AWS4-HMAC-SHA256',
      req.headers['x-amz-date'],
      scope,
      createHash('sha256').update(canonical).digest('hex'),
    ].join('\n');
    let key: Buffer = createHmac('sha256', `AWS4${s3.secretKey}`).update(day).digest();
    for (const part of [region, service, terminator]) key = createHmac('sha256', key).update(part).digest();
    return createHmac('sha256', key).update(toSign).digest('hex');
  }

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        const auth = String(req.headers.authorization ?? '');
        const shape =
          /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/(\d{8}\/ap-southeast-1\/s3\/aws4_request), SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
            auth,
          );
        const payloadHash = createHash('sha256').update(body).digest('hex');
        if (
          !shape ||
          req.headers['x-amz-content-sha256'] !== payloadHash ||
          !/^\d{8}T\d{6}Z$/.test(String(req.headers['x-amz-date'])) ||
          !shape[2]!.split(';').includes('host') ||
          shape[3] !== expectedSignature(req, shape[2]!, shape[1]!, payloadHash)
        ) {
          refused.push(`${req.method} ${req.url}`);
          res.writeHead(403).end('SignatureDoesNotMatch');
          return;
        }
        const key = req.url ?? '';
        if (req.method === 'PUT') {
          objects.set(key, { body, type: req.headers['content-type'] });
          res.writeHead(200).end();
        } else if (req.method === 'GET') {
          const found = objects.get(key);
          if (!found) res.writeHead(404).end('NoSuchKey');
          else
            res.writeHead(200, { 'content-type': found.type ?? 'application/octet-stream' }).end(found.body);
        } else if (req.method === 'DELETE') {
          objects.delete(key);
          res.writeHead(204).end();
        } else res.writeHead(405).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    s3.endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('puts, gets and deletes path-style objects with signed requests', async () => {
    const store = createFileStore({ filesDir: '/nowhere', filesS3: s3 });
    expect(store).toBeInstanceOf(S3FileStore);
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01, 0x02]);
    await store.put('members/f-1', bytes, 'image/jpeg');
    expect(objects.get('/member-files/members/f-1')).toEqual({ body: bytes, type: 'image/jpeg' });
    expect(await store.get('members/f-1')).toEqual(bytes);
    expect(await store.get('members/none')).toBeNull();
    await store.delete('members/f-1');
    expect(objects.has('/member-files/members/f-1')).toBe(false);
    expect(await store.get('members/f-1')).toBeNull();
    expect(refused).toEqual([]);
  });

  it('fails loudly when the store refuses the signature, and refuses bad keys before asking', async () => {
    const wrong = createFileStore({ filesDir: '/nowhere', filesS3: { ...s3, secretKey: 'not-the-secret' } });
    await expect(wrong.put('members/f-2', Buffer.from('x'), 'image/png')).rejects.toThrow(/answered 403/);
    expect(refused).toEqual(['PUT /member-files/members/f-2']);
    const store = createFileStore({ filesDir: '/nowhere', filesS3: s3 });
    await expect(store.get('../other-bucket/x')).rejects.toThrow(/refused key/);
    expect(refused).toHaveLength(1);
  });

  it('signs as AWS documents it (the GET object example of Signature Version 4)', () => {
    const headers = signV4({
      method: 'GET',
      host: 'examplebucket.s3.amazonaws.com',
      path: '/test.txt',
      payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      extraHeaders: { range: 'bytes=0-9' },
      region: 'us-east-1',
      accessKey: 'AKIAIOSFODNN7EXAMPLE',
      secretKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      at: new Date('2013-05-24T00:00:00Z'),
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});
