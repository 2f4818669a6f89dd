// The traveller app's first load as Lighthouse sees it on a phone (issue 12): Home, Book (the
// booking tab's search form) and one day's flight results, each loaded RUNS times in a fresh
// Chromium profile with Lighthouse's mobile defaults (a mid-range phone on slow 4G: simulated
// throttling, 4x CPU slowdown). Prints per page the median performance score, LCP, CLS, TBT,
// FCP and bytes transferred, the elements that shifted, and at the end
// `web_lighthouse_min=<lowest median score>` and `web_home_bytes=<Home's bytes on the wire>`.
// Figures from one run on this machine; a benchmark, never a test: nothing is asserted.
// The product is started as `npm start` starts it, serving apps/web/dist (built when missing
// or stale) or the build WEB_DIST names.
// Usage: npm run bench:web [-- --runs 3 --pages home,book,results --over http,https
//        --save /tmp/lh (keeps each report)]

import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { addDays } from '@wings/rules';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { paths } from '../apps/web/src/lib/paths';
import { resultsHref } from '../apps/web/src/pages/book/flight-list/results-link';
import { repoRoot } from '../e2e/support/server';
import { startHttpsProxy } from './https-proxy';
import { type BenchApi, startBenchApi } from './support';

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;
const pagesArg = process.argv.indexOf('--pages');
/** Which pages to load (`--pages home,results`); all three by default. */
const ONLY = pagesArg > 0 ? (process.argv[pagesArg + 1] ?? '').split(',') : null;
const saveArg = process.argv.indexOf('--save');
/** A folder to keep each load's Lighthouse report in (`--save /tmp/lh`), to read what a figure came from. */
const protocolsArg = process.argv.indexOf('--over');
/**
 * How the pages are loaded (`--over http,https`, both by default): straight from the API over
 * HTTP/1.1, and through an HTTPS proxy speaking HTTP/2 as production serves it (https-proxy.ts).
 */
const OVER = (protocolsArg > 0 ? (process.argv[protocolsArg + 1] ?? '') : 'http,https').split(',');
const SAVE_DIR = saveArg > 0 ? (process.argv[saveArg + 1] ?? null) : null;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Debian's Chromium headless on a machine without a GPU or a network beyond loopback: nothing
// in the background may reach out (updates, safe browsing), or it would cost the page time.
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  // The HTTPS proxy's certificate is self-signed (https-proxy.ts).
  '--ignore-certificate-errors',
];

interface Sample {
  score: number;
  lcp: number;
  cls: number;
  tbt: number;
  fcp: number;
  bytes: number;
  shifts: string[];
  /** The element whose paint was the Largest Contentful Paint. */
  lcpElement: string;
}

/** A route from the hub and a day 5 to 14 days ahead that has flights in the demo network. */
async function dayWithFlights(api: BenchApi): Promise<{ depCode: string; arrCode: string; depDate: string }> {
  const today = new Date().toISOString().slice(0, 10);
  const routes = (
    await api.db.query<{ origin: string; destination: string }>(
      "select origin, destination from routes where origin = 'KTI' order by destination",
    )
  ).rows;
  for (const r of routes) {
    for (let d = 5; d < 15; d += 1) {
      const depDate = addDays(today, d);
      const search = await api.call<{ flights: { fares: unknown[] }[] }>('/travelsky/ibe/queryFlight', {
        depCode: r.origin,
        arrCode: r.destination,
        depDate,
        passengers: [1, 0, 0],
        tripType: 0,
      });
      if (search.data?.flights?.some((f) => f.fares.length > 0)) {
        return { depCode: r.origin, arrCode: r.destination, depDate };
      }
    }
  }
  throw new Error('no route from KTI has flights in the next two weeks');
}

/** The layout-shifts audit's rows: each shift's score and the element that moved most. */
function shiftsOf(lhr: Result): string[] {
  const details = lhr.audits['layout-shifts']?.details;
  if (details?.type !== 'table') return [];
  return details.items.map((item) => {
    const node = item.node as { selector?: string; snippet?: string } | undefined;
    const score = typeof item.score === 'number' ? item.score.toFixed(3) : '?';
    return `${score} ${node?.selector ?? node?.snippet ?? '(no element)'}`;
  });
}

/** The Largest Contentful Paint's element, as Lighthouse names it. */
function lcpElementOf(lhr: Result): string {
  const details = lhr.audits['largest-contentful-paint-element']?.details;
  const table = details?.type === 'list' ? details.items[0] : undefined;
  const node =
    table?.type === 'table' ? (table.items[0]?.node as { selector?: string; snippet?: string }) : undefined;
  return node?.selector ?? node?.snippet ?? '(none)';
}

/**
 * The app's API calls of a load that failed (an HTTP status of 400 or more, such as a 429 on
 * getAccessToken): a page measured while showing its error state would measure the wrong page.
 */
function failedApiCalls(lhr: Result): string[] {
  const details = lhr.audits['network-requests']?.details;
  if (details?.type !== 'table') return [];
  return details.items
    .filter((item) => String(item.url).includes('/api/') && Number(item.statusCode) >= 400)
    .map((item) => `${item.statusCode} ${item.url}`);
}

/** One Lighthouse load of `url` in a Chromium of its own (a clean profile every time). */
async function measureOnce(url: string): Promise<Sample | string> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'error',
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result) return 'Lighthouse returned no result';
    const { lhr } = result;
    if (SAVE_DIR) {
      await mkdir(SAVE_DIR, { recursive: true });
      const name = `${new URL(url).hash.replace(/\W+/g, '-').slice(0, 40)}-${Date.now()}.json`;
      await writeFile(path.join(SAVE_DIR, name), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) return `${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
    const failed = failedApiCalls(lhr);
    if (failed.length > 0) throw new Error(`${url}: the app's calls failed: ${failed.join(', ')}`);
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcp: metric('largest-contentful-paint'),
      cls: metric('cumulative-layout-shift'),
      tbt: metric('total-blocking-time'),
      fcp: metric('first-contentful-paint'),
      bytes: metric('total-byte-weight'),
      shifts: shiftsOf(lhr),
      lcpElement: lcpElementOf(lhr),
    };
  } finally {
    chrome.kill();
  }
}

/**
 * A load whose trace Lighthouse could not read (NO_NAVSTART, NO_FCP: it says to run it again,
 * and on a busy 2-core machine it happens now and then) is tried again, up to three times.
 */
async function measure(url: string): Promise<Sample> {
  let failure = '';
  for (let attempt = 0; attempt < 3; attempt++) {
    const sample = await measureOnce(url);
    if (typeof sample !== 'string') return sample;
    failure = sample;
    console.log(`         (${failure.split('.')[0]}; loading again)`);
  }
  throw new Error(`${url}: ${failure}`);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** What index.html makes the browser load before the first view: its module script and preloads, gzip. */
async function firstLoadJsGzip(dist: string): Promise<{ files: number; raw: number; gzip: number }> {
  const html = await readFile(path.join(dist, 'index.html'), 'utf8');
  const srcs = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => m[1]!);
  let raw = 0;
  let gzip = 0;
  for (const src of new Set(srcs)) {
    const bytes = await readFile(path.join(dist, src.replace(/^\//, '')));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { files: new Set(srcs).size, raw, gzip };
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const started = Date.now();
// Every load is a fresh profile, so a first visit: it mints an access token. The per-address
// limit (20 a minute) is for devices, not for one address loading the app again and again.
const api = await startBenchApi('web', { ACCESS_TOKENS_PER_IP_MINUTE: '1000' });
const proxy = OVER.includes('https') ? await startHttpsProxy(api.url) : null;
try {
  const day = await dayWithFlights(api);
  const routes = [
    { name: 'home', hash: paths.home },
    { name: 'book', hash: paths.book },
    { name: 'results', hash: resultsHref(day) },
  ].filter((p) => !ONLY || ONLY.includes(p.name));
  const origins = [
    { over: 'http', label: 'HTTP/1.1', origin: api.url },
    ...(proxy ? [{ over: 'https', label: 'HTTPS, HTTP/2', origin: proxy.url }] : []),
  ].filter((o) => OVER.includes(o.over));
  console.log(
    `Lighthouse mobile (default throttling), ${RUNS} runs a page, Chromium ${CHROMIUM}; results: ${day.depCode}-${day.arrCode} ${day.depDate}`,
  );

  const medians: { name: string; over: string; score: number; bytes: number }[] = [];
  for (const { over, label, origin } of origins) {
    console.log(`-- ${label}, ${origin}`);
    for (const route of routes) {
      const samples: Sample[] = [];
      for (let i = 0; i < RUNS; i++) samples.push(await measure(`${origin}/#${route.hash}`));
      const m = (pick: (s: Sample) => number) => median(samples.map(pick));
      const score = m((s) => s.score);
      const bytes = m((s) => s.bytes);
      medians.push({ name: route.name, over, score, bytes });
      console.log(
        `${route.name.padEnd(8)} score ${score} (${samples.map((s) => s.score).join(' ')})  LCP ${seconds(m((s) => s.lcp))}` +
          `  CLS ${m((s) => s.cls).toFixed(3)}  TBT ${m((s) => s.tbt).toFixed(0)} ms  FCP ${seconds(m((s) => s.fcp))}` +
          `  transferred ${kib(bytes)}`,
      );
      console.log(`         LCP element ${samples[0]?.lcpElement}`);
      // The shifts of the run with the highest CLS: where a skeleton or late content moved the page.
      const worst = samples.reduce((a, b) => (b.cls > a.cls ? b : a));
      for (const shift of worst.shifts.slice(0, 5)) console.log(`         shift ${shift}`);
    }
  }

  const dist = process.env.WEB_DIST
    ? path.resolve(process.env.WEB_DIST)
    : path.join(repoRoot, 'apps/web/dist');
  const js = await firstLoadJsGzip(dist);
  console.log(
    `first-load JS (index.html's script and preloads, ${js.files} files): ${kib(js.raw)} raw, ${kib(js.gzip)} gzip`,
  );
  console.log(`web_first_load_js_gzip=${js.gzip}`);
  for (const { over } of origins) {
    const these = medians.filter((p) => p.over === over);
    const suffix = over === 'http' ? '' : `_${over}`;
    console.log(`web_lighthouse_min${suffix}=${Math.min(...these.map((p) => p.score))}`);
    const home = these.find((p) => p.name === 'home');
    if (home) console.log(`web_home_bytes${suffix}=${Math.round(home.bytes)}`);
  }
  console.log(`(${((Date.now() - started) / 1000).toFixed(0)} s)`);
} finally {
  await proxy?.stop();
  await api.stop();
}
