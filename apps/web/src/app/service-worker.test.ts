import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCompressible } from '../../compress-assets';
import { readPrecacheManifest } from '../../sw-precache';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The app built as `npm start` builds it, into a directory of this test's own. */
let outDir = '';
let manifest: { version: string; urls: string[] };
let swSource = '';

beforeAll(async () => {
  outDir = await mkdtemp(path.join(os.tmpdir(), 'wings-sw-test-'));
  await build({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true },
  });
  swSource = await readFile(path.join(outDir, 'sw.js'), 'utf8');
  manifest = readPrecacheManifest(swSource);
}, 120_000);

afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

describe('the build writes compressed copies of its text files (issue 12)', () => {
  it('writes a .br and a .gz beside every text file, each decoding to the file, and none beside fonts and images', async () => {
    const files = (await readdir(outDir, { recursive: true })).map(String);
    const text = files.filter(isCompressible);
    expect(text).toEqual(
      expect.arrayContaining(['index.html', 'sw.js', 'manifest.webmanifest', 'icons/icon.svg']),
    );
    expect(text.some((f) => f.endsWith('.css'))).toBe(true);
    for (const name of text) {
      const original = await readFile(path.join(outDir, name));
      expect(
        brotliDecompressSync(await readFile(path.join(outDir, `${name}.br`))).equals(original),
        name,
      ).toBe(true);
      expect(gunzipSync(await readFile(path.join(outDir, `${name}.gz`))).equals(original), name).toBe(true);
    }
    const binary = files.filter((f) => /\.(woff2|png)$/.test(f));
    expect(binary.length).toBeGreaterThan(0);
    for (const name of binary) {
      expect(files, name).not.toContain(`${name}.br`);
      expect(files, name).not.toContain(`${name}.gz`);
    }
  });

  it('keeps the compressed copies out of the service worker precache', () => {
    expect(manifest.urls.filter((url) => /\.(br|gz)$/.test(url))).toEqual([]);
  });
});

describe('the built service worker precaches the app shell', () => {
  it('lists index.html and every script and stylesheet index.html loads', async () => {
    const html = await readFile(path.join(outDir, 'index.html'), 'utf8');
    const loaded = [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="(\/assets\/[^"]+)"/g)].map(
      (m) => m[1],
    );
    expect(loaded.some((url) => url?.endsWith('.js'))).toBe(true);
    expect(manifest.urls).toContain('/index.html');
    for (const url of loaded) expect(manifest.urls).toContain(url);
  });

  it('lists every JavaScript chunk, lazy pages included, so no route is blank offline', async () => {
    const chunks = (await readdir(path.join(outDir, 'assets'))).filter((f) => f.endsWith('.js'));
    expect(chunks.length).toBeGreaterThan(10);
    for (const chunk of chunks) expect(manifest.urls).toContain(`/assets/${chunk}`);
  });

  it('lists the woff2 file of every font face the stylesheets declare, the Khmer font included', async () => {
    const assets = await readdir(path.join(outDir, 'assets'));
    const fonts = new Set<string>();
    for (const css of assets.filter((f) => f.endsWith('.css'))) {
      const text = await readFile(path.join(outDir, 'assets', css), 'utf8');
      for (const m of text.matchAll(/url\(["']?([^"')]+\.woff2)["']?\)/g)) {
        fonts.add(`/assets/${path.basename(m[1] ?? '')}`);
      }
    }
    expect([...fonts].some((f) => f.includes('khmer'))).toBe(true);
    for (const font of fonts) expect(manifest.urls).toContain(font);
  });

  it('lists the web manifest and the icons it names, and no file twice', async () => {
    const webManifest = JSON.parse(await readFile(path.join(outDir, 'manifest.webmanifest'), 'utf8')) as {
      icons: { src: string }[];
    };
    expect(manifest.urls).toContain('/manifest.webmanifest');
    for (const icon of webManifest.icons) expect(manifest.urls).toContain(icon.src);
    expect(new Set(manifest.urls).size).toBe(manifest.urls.length);
    expect(manifest.urls).not.toContain('/sw.js');
  });

  it('installs every listed file, then opens the app and its scripts with the network gone', async () => {
    const worker = runServiceWorker(swSource);
    const served: string[] = [];
    worker.network = async (request) => {
      served.push(new URL(request.url).pathname);
      return new Response(`body of ${new URL(request.url).pathname}`, { status: 200 });
    };
    await worker.dispatch('install');
    await worker.dispatch('activate');
    expect(served.sort()).toEqual([...manifest.urls].sort());

    // Offline, with nothing in the HTTP cache: every request fails at the network.
    worker.network = async () => {
      throw new TypeError('Failed to fetch');
    };
    const page = await worker.fetch('https://wings.test/?lang=km', 'navigate');
    expect(await page?.text()).toBe('body of /index.html');
    const entry = manifest.urls.find((url) => /\/assets\/index-[^/]+\.js$/.test(url))!;
    const script = await worker.fetch(`https://wings.test${entry}`, 'no-cors');
    expect(await script?.text()).toBe(`body of ${entry}`);
    // API calls are never answered from the cache.
    expect(await worker.fetch('https://wings.test/api/health', 'cors')).toBeUndefined();
  });

  it('keeps each release in a cache of its own version and drops the previous release', async () => {
    expect(manifest.version).toMatch(/^[0-9a-f]{16}$/);
    const worker = runServiceWorker(swSource);
    worker.network = async () => new Response('x', { status: 200 });
    worker.cacheNames.add('wings-shell-v1');
    await worker.dispatch('install');
    await worker.dispatch('activate');
    expect([...worker.cacheNames]).toEqual([`wings-shell-${manifest.version}`]);
  });
});

interface FakeWorker {
  network: (request: Request) => Promise<Response>;
  /** The names in Cache Storage; adding one stands for an earlier release's cache. */
  cacheNames: { add(name: string): void; [Symbol.iterator](): Iterator<string> };
  dispatch(type: 'install' | 'activate'): Promise<void>;
  /** What the worker answers for a request; undefined when it lets the browser go to the network. */
  fetch(url: string, mode: RequestMode): Promise<Response | undefined>;
}

/** Runs the built sw.js in a sandbox with Cache Storage in memory and a network the test controls. */
function runServiceWorker(source: string): FakeWorker {
  const listeners = new Map<string, (event: unknown) => void>();
  const stores = new Map<string, Map<string, Response>>();
  const openCache = (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    const key = (r: Request | string) =>
      new URL(typeof r === 'string' ? r : r.url, 'https://wings.test').href;
    return {
      async match(r: Request | string) {
        return store.get(key(r))?.clone();
      },
      async put(r: Request | string, response: Response) {
        store.set(key(r), response);
      },
      async addAll(requests: Request[]) {
        for (const r of requests) store.set(key(r), await worker.network(r));
      },
    };
  };
  const caches = {
    open: async (name: string) => openCache(name),
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
  };
  const self = {
    location: { origin: 'https://wings.test' },
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    skipWaiting: async () => undefined,
    clients: { claim: async () => undefined },
  };
  const worker: FakeWorker = {
    network: async () => new Response('', { status: 404 }),
    cacheNames: {
      add: (name) => void stores.set(name, new Map()),
      [Symbol.iterator]: () => stores.keys(),
    },
    async dispatch(type) {
      let pending: Promise<unknown> = Promise.resolve();
      listeners.get(type)?.({
        waitUntil: (p: Promise<unknown>) => {
          pending = p;
        },
      });
      await pending;
    },
    async fetch(url, mode) {
      let answer: Promise<Response> | undefined;
      // A navigation Request cannot be built outside a browser: the worker reads only these fields.
      const request = { url, method: 'GET', mode, clone: () => new Request(url) };
      listeners.get('fetch')?.({
        request,
        respondWith: (p: Promise<Response>) => {
          answer = p;
        },
      });
      return answer;
    },
  };
  // In a worker a relative URL is read against the worker's own address.
  class WorkerRequest extends Request {
    constructor(input: string | Request, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, self.location.origin).href : input, init);
    }
  }
  const context = vm.createContext({
    self,
    caches,
    Request: WorkerRequest,
    Response,
    URL,
    Set,
    Promise,
    fetch: (r: Request | { url: string }) => worker.network(r instanceof Request ? r : new Request(r.url)),
  });
  vm.runInContext(source, context);
  return worker;
}
