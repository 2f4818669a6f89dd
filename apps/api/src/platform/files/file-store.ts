import { createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live (issue 17: member document photos): a directory (FILES_DIR) by
 * default, an S3-compatible object store by configuration for production. Keys are the caller's
 * own opaque names (never a traveller's file name).
 */
export interface FileStore {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when no file has this key. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the file; nothing happens when it is already gone. */
  delete(key: string): Promise<void>;
}

/** An S3-compatible bucket, addressed path-style (`{endpoint}/{bucket}/{key}`). */
export interface S3Location {
  endpoint: string;
  bucket: string;
  region: string;
  accessKey: string;
  secretKey: string;
}

/** What the store is built from (config.ts: FILES_DIR, FILES_S3_*). */
export interface FileStoreConfig {
  filesDir: string;
  filesS3?: S3Location | undefined;
}

/**
 * A key is lower-case letters, digits, `-` and `/`-separated parts, none empty: no dot, so no
 * `..`, no absolute path, nothing that leaves the store's directory or bucket.
 */
const KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/;

export function assertFileKey(key: string): void {
  if (key.length > 200 || !KEY.test(key)) throw new Error(`file store: refused key ${JSON.stringify(key)}`);
}

/** The configured store: the S3-compatible bucket when FILES_S3_ENDPOINT is set, else the directory. */
export function createFileStore(config: FileStoreConfig, options: { fetch?: typeof fetch } = {}): FileStore {
  if (config.filesS3) return new S3FileStore(config.filesS3, options.fetch ?? fetch);
  return new DirectoryFileStore(config.filesDir);
}

/**
 * Files in a directory, one file per key (its `/` parts as folders). A file is written beside
 * its place under a temporary name and renamed into it, so a reader never sees half of one.
 */
export class DirectoryFileStore implements FileStore {
  private readonly root: string;

  constructor(dir: string) {
    this.root = path.resolve(dir);
  }

  private pathOf(key: string): string {
    assertFileKey(key);
    const file = path.join(this.root, ...key.split('/'));
    // The key's shape already keeps it inside; this says so once more.
    if (!file.startsWith(this.root + path.sep)) throw new Error('file store: key outside the directory');
    return file;
  }

  async put(key: string, bytes: Buffer, _contentType: string): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, bytes, { mode: 0o600, flag: 'wx' });
      await rename(temporary, file);
    } catch (err) {
      await rm(temporary, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

const hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding of one path part, as Signature V4 wants it. */
function encodePart(part: string): string {
  return encodeURIComponent(part).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * An S3-compatible bucket through plain HTTP: `PUT`, `GET`, `DELETE` of
 * `{endpoint}/{bucket}/{key}` (path-style, as MinIO and most compatible stores take it), each
 * signed with AWS Signature Version 4 (the payload's SHA-256 signed too).
 */
export class S3FileStore implements FileStore {
  constructor(
    private readonly s3: S3Location,
    private readonly fetcher: typeof fetch = fetch,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const res = await this.send('PUT', key, bytes, contentType);
    if (!res.ok) throw new Error(`file store: PUT ${key} answered ${res.status}`);
  }

  async get(key: string): Promise<Buffer | null> {
    const res = await this.send('GET', key);
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`file store: GET ${key} answered ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  }

  async delete(key: string): Promise<void> {
    const res = await this.send('DELETE', key);
    if (!res.ok && res.status !== 404) throw new Error(`file store: DELETE ${key} answered ${res.status}`);
  }

  private async send(method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Buffer, contentType?: string) {
    assertFileKey(key);
    const base = new URL(this.s3.endpoint);
    const basePath = base.pathname.replace(/\/+$/, '');
    const canonicalPath = `${basePath}/${encodePart(this.s3.bucket)}/${key.split('/').map(encodePart).join('/')}`;
    const url = new URL(base.origin);
    url.pathname = canonicalPath;
    const headers = signV4({
      method,
      host: base.host,
      path: canonicalPath,
      payloadHash: hex(body ?? ''),
      contentType,
      region: this.s3.region,
      accessKey: this.s3.accessKey,
      secretKey: this.s3.secretKey,
      at: this.now(),
    });
    return this.fetcher(url, {
      method,
      headers,
      ...(body ? { body: new Uint8Array(body) } : {}),
      signal: AbortSignal.timeout(30_000),
    });
  }
}

/** What one Signature V4 request signs (no query string: the store's calls have none). */
export interface SignV4Input {
  method: string;
  host: string;
  /** The request path, already URI-encoded. */
  path: string;
  payloadHash: string;
  contentType?: string | undefined;
  /** Further headers to sign and send (lower-case names). */
  extraHeaders?: Record<string, string>;
  region: string;
  accessKey: string;
  secretKey: string;
  at: Date;
}

/**
 * The headers of a request signed with AWS Signature Version 4 for the `s3` service: `host`,
 * `x-amz-date`, `x-amz-content-sha256`, the content type when there is a body, and
 * `Authorization: AWS4-HMAC-SHA256 Credential=..., SignedHeaders=..., Signature=...`.
 */
export function signV4(input: SignV4Input): Record<string, string> {
  const amzDate = input.at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const signed: Record<string, string> = {
    host: input.host,
    'x-amz-content-sha256': input.payloadHash,
    'x-amz-date': amzDate,
  };
  if (input.contentType) signed['content-type'] = input.contentType;
  Object.assign(signed, input.extraHeaders);
  const names = Object.keys(signed).sort();
  const canonicalHeaders = names.map((n) => `${n}:${signed[n]!.trim()}\n`).join('');
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    input.method,
    input.path,
    '',
    canonicalHeaders,
    signedHeaders,
    input.payloadHash,
  ].join('\n');
  const scope = `${day}/${input.region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${input.secretKey}`, day), input.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  const { host: _host, ...sent } = signed;
  return {
    ...sent,
    authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKey}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}
