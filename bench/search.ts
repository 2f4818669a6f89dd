// Search throughput as a share of a bare Fastify reply, measured in one run on one machine
// (docs/operations.md, Benchmarks: ratios, never timed assertions).
// Usage: npm run bench [-- --seconds 10 --rounds 2 --processes 1]
//
// Two API processes answer the same search mix: one as configured by default (a cached search
// keeps its reply serialised), and one with SEARCH_KEEP_SERIALISED=false, which works out and
// serialises every reply again as before issue 12: the old figure's equivalent, in the same run.
// Each is measured plain (what `search_vs_bare_ratio` reports) and as a browser asks for it,
// `accept-encoding: gzip, deflate, br` (compressed per request before, kept compressed now).
//
// The load generator shares the machine's cores, and other work on it makes any one slice of
// seconds unrepresentative: each variant is measured in `--rounds` slices taken in turn, and
// besides requests a second the server's own CPU time per request is reported (from
// /proc/<pid>/stat), which contention disturbs far less; `search_cpu_vs_bare_ratio` is the bare
// reply's CPU time per request over the search's.

import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addDays } from '@wings/rules';
import autocannon from 'autocannon';
import { freePort, type RunningServer, startServer } from '../e2e/support/server';
import { getAccessToken } from '../e2e/support/token';
import { processCount } from './support';

const here = path.dirname(fileURLToPath(import.meta.url));
function arg(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
}
const seconds = arg('seconds', 10);
const rounds = Math.max(1, arg('rounds', 2));
const connections = 50;
const BROWSER_ENCODINGS = 'gzip, deflate, br';
/** Linux's clock ticks a second for /proc times (USER_HZ); it cancels out of every ratio. */
const TICKS_PER_SECOND = 100;

async function startBare(): Promise<{ url: string; pid: number | undefined; stop(): void }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'bare-server.ts')], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) =>
    child.stdout?.on('data', (d) => String(d).includes('ready') && resolve()),
  );
  return { url: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => child.kill('SIGINT') };
}

function run(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/** CPU time a process has used so far, in clock ticks; null where /proc is not there. */
function ownTicks(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime + stime
  } catch {
    return null;
  }
}

/**
 * CPU time of an API server so far: its own and, with several processes, its workers' (its
 * child processes other than the embedded PostgreSQL, whose time is the database's).
 */
function cpuTicks(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  const own = ownTicks(pid);
  if (own === null) return null;
  let children: string[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  } catch {
    return own;
  }
  let total = own;
  for (const child of children) {
    try {
      if (readFileSync(`/proc/${child}/comm`, 'utf8').trim().startsWith('postgres')) continue;
    } catch {
      continue;
    }
    total += ownTicks(Number(child)) ?? 0;
  }
  return total;
}

/** One variant's slices added up. */
interface Measure {
  name: string;
  requests: number;
  seconds: number;
  bytes: number;
  errors: number;
  cpuTicks: number | null;
  p50: number[];
  p99: number[];
}

async function measure(m: Measure, pid: number | undefined, opts: autocannon.Options): Promise<void> {
  const before = cpuTicks(pid);
  const r = await run(opts);
  const after = cpuTicks(pid);
  m.requests += r.requests.total;
  m.seconds += r.duration;
  m.bytes += r.throughput.total;
  m.errors += r.errors + r.non2xx;
  m.cpuTicks = before === null || after === null || m.cpuTicks === null ? null : m.cpuTicks + after - before;
  m.p50.push(r.latency.p50);
  m.p99.push(r.latency.p99);
}

const perSecond = (m: Measure) => m.requests / m.seconds;
/** Server CPU microseconds per request. */
const cpuPerRequest = (m: Measure) =>
  m.cpuTicks === null || m.requests === 0 ? null : (m.cpuTicks / TICKS_PER_SECOND / m.requests) * 1e6;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

function line(m: Measure): string {
  const cpu = cpuPerRequest(m);
  return [
    m.name.padEnd(30),
    `${perSecond(m).toFixed(0).padStart(6)} req/s`,
    `cpu ${cpu === null ? '   ?' : cpu.toFixed(0).padStart(4)} µs/req`,
    `p50 ${median(m.p50)} ms`,
    `p99 ${Math.max(...m.p99)} ms`,
    `${(m.bytes / Math.max(1, m.requests)).toFixed(0).padStart(5)} B/reply`,
    `errors ${m.errors}`,
  ].join('   ');
}

/** `a` as a share of `b`: by requests a second, or by CPU time per request (b's over a's). */
const ratio = (a: Measure, b: Measure) => (perSecond(a) / perSecond(b)).toFixed(3);
function cpuRatio(a: Measure, b: Measure): string {
  const ca = cpuPerRequest(a);
  const cb = cpuPerRequest(b);
  return ca === null || cb === null ? 'n/a' : (cb / ca).toFixed(3);
}

/** The search mix: several routes, both directions, the next 30 days, different parties. */
function searchMix(headers: Record<string, string>): autocannon.Request[] {
  const today = new Date().toISOString().slice(0, 10);
  const routes = [
    ['KTI', 'BKK'],
    ['BKK', 'KTI'],
    ['KTI', 'SAI'],
    ['KTI', 'PVG'],
    ['KTI', 'SIN'],
    ['MFM', 'KTI'],
  ];
  const requests: autocannon.Request[] = [];
  for (let d = 2; d < 32; d++) {
    const [depCode, arrCode] = routes[d % routes.length]!;
    const passengers = d % 3 === 0 ? [2, 1, 1] : [1, 0, 0];
    requests.push({
      method: 'POST',
      path: '/api/travelsky/ibe/queryFlight',
      headers,
      body: JSON.stringify({ depCode, arrCode, depDate: addDays(today, d), passengers, tripType: 0 }),
    });
  }
  return requests;
}

interface SearchTarget {
  url: string;
  pid: number | undefined;
  headers: Record<string, string>;
  plain: autocannon.Request[];
  compressed: autocannon.Request[];
}

async function searchTarget(server: RunningServer): Promise<SearchTarget> {
  const token = await getAccessToken(server.url);
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}`, language: '1' };
  return {
    url: server.url,
    pid: server.process.pid,
    headers,
    plain: searchMix(headers),
    compressed: searchMix({ ...headers, 'accept-encoding': BROWSER_ENCODINGS }),
  };
}

/** The size of a reply as it travels (fetch would decode it): read with node:http. */
function rawSize(url: string, body: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', headers: { ...headers, 'accept-encoding': BROWSER_ENCODINGS } },
      (res) => {
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
        });
        res.on('end', () => resolve(size));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const processes = await processCount();
if (processes === null) process.exit(0);
const perServer = { LOG_LEVEL: 'error', WEB_CONCURRENCY: String(processes) };
const dataDirs = await Promise.all([0, 1].map(() => mkdtemp(path.join(os.tmpdir(), 'wings-bench-'))));
const [keptServer, rewrittenServer] = await Promise.all([
  startServer(dataDirs[0]!, perServer),
  startServer(dataDirs[1]!, { ...perServer, SEARCH_KEEP_SERIALISED: 'false' }),
]);
const bare = await startBare();
try {
  const kept = await searchTarget(keptServer);
  const rewritten = await searchTarget(rewrittenServer);

  // Every request of the mix answered by both alike: the same flights, or the same designed failure.
  let withFlights = 0;
  let plainBytes = 0;
  let compressedBytes = 0;
  for (const [i, request] of kept.plain.entries()) {
    const [reply, other] = await Promise.all(
      [kept, rewritten].map(async (target) => {
        const res = await fetch(`${target.url}${request.path}`, {
          method: 'POST',
          headers: target.headers,
          body: request.body as string,
        });
        const text = await res.text();
        return {
          text,
          json: JSON.parse(text) as { code: string; data: { flights?: { flightNo: string }[] } },
        };
      }),
    );
    const flightNos = (r: typeof reply) => r!.json.data?.flights?.map((f) => f.flightNo).join(' ');
    if (reply!.json.code !== other!.json.code || flightNos(reply) !== flightNos(other)) {
      throw new Error(`the two servers answer request ${i} differently`);
    }
    if (reply!.json.code === '0') withFlights++;
    plainBytes += Buffer.byteLength(reply!.text);
    compressedBytes += await rawSize(`${kept.url}${request.path}`, request.body as string, kept.headers);
  }
  if (withFlights === 0) throw new Error('queryFlight answers no flights');

  // The same kind of request to the bare route: a JSON search body, a small JSON reply.
  const bareOptions = (duration: number): autocannon.Options => ({
    url: `${bare.url}/bare`,
    connections,
    duration,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: kept.plain[0]!.body as string,
  });
  const searchOptions = (
    target: SearchTarget,
    compressed: boolean,
    duration: number,
  ): autocannon.Options => ({
    url: target.url,
    connections,
    duration,
    requests: compressed ? target.compressed : target.plain,
  });
  interface Variant {
    measure: Measure;
    pid: number | undefined;
    options(duration: number): autocannon.Options;
  }
  const variant = (name: string, pid: number | undefined, options: Variant['options']): Variant => ({
    measure: { name, requests: 0, seconds: 0, bytes: 0, errors: 0, cpuTicks: 0, p50: [], p99: [] },
    pid,
    options,
  });
  const variants = [
    variant('bare', bare.pid, bareOptions),
    variant('queryFlight re-serialised', rewritten.pid, (d) => searchOptions(rewritten, false, d)),
    variant('queryFlight kept serialised', kept.pid, (d) => searchOptions(kept, false, d)),
    variant('queryFlight re-serialised, br', rewritten.pid, (d) => searchOptions(rewritten, true, d)),
    variant('queryFlight kept, br', kept.pid, (d) => searchOptions(kept, true, d)),
  ];

  // Warm each up, then measure the variants in turn, a slice of each per round.
  for (const v of variants) await run(v.options(2));
  const slice = Math.max(1, Math.round(seconds / rounds));
  for (let r = 0; r < rounds; r++) {
    for (const v of variants) await measure(v.measure, v.pid, v.options(slice));
  }

  const [baseline, oldPlain, newPlain, oldCompressed, newCompressed] = variants.map((v) => v.measure) as [
    Measure,
    Measure,
    Measure,
    Measure,
    Measure,
  ];
  const n = kept.plain.length;
  console.log(
    `${connections} connections, ${rounds} rounds of ${slice} s per variant, ${os.cpus().length} cores`,
  );
  console.log(
    `search mix: ${n} requests, ${withFlights} with flights; reply ${Math.round(plainBytes / n)} B plain, ${Math.round(compressedBytes / n)} B as a browser gets it (${BROWSER_ENCODINGS})`,
  );
  for (const m of [baseline, oldPlain, newPlain, oldCompressed, newCompressed]) console.log(line(m));
  console.log(`search_p99_ms=${Math.max(...newPlain.p99)}`);
  console.log(`search_reserialised_vs_bare_ratio=${ratio(oldPlain, baseline)}`);
  console.log(`search_compressed_reserialised_vs_bare_ratio=${ratio(oldCompressed, baseline)}`);
  console.log(`search_compressed_vs_bare_ratio=${ratio(newCompressed, baseline)}`);
  console.log(`search_reserialised_cpu_vs_bare_ratio=${cpuRatio(oldPlain, baseline)}`);
  console.log(`search_cpu_vs_bare_ratio=${cpuRatio(newPlain, baseline)}`);
  console.log(`search_vs_bare_ratio=${ratio(newPlain, baseline)}`);
} finally {
  bare.stop();
  await Promise.all([keptServer.stop(), rewrittenServer.stop()]);
  await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
}
