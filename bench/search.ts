// Search throughput as a share of a bare Fastify reply, measured in one run on one machine
// (docs/operations.md, Benchmarks: ratios, never timed assertions). Usage: npm run bench [-- --seconds 10]

import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addDays } from '@wings/rules';
import autocannon from 'autocannon';
import { freePort, startServer } from '../e2e/support/server';
import { getAccessToken } from '../e2e/support/token';

const here = path.dirname(fileURLToPath(import.meta.url));
const secondsArg = process.argv.indexOf('--seconds');
const seconds = secondsArg > 0 ? Number(process.argv[secondsArg + 1]) : 10;
const connections = 50;

async function startBare(): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'bare-server.ts')], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) =>
    child.stdout?.on('data', (d) => String(d).includes('ready') && resolve()),
  );
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGINT') };
}

function run(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

function line(name: string, r: autocannon.Result): string {
  return `${name.padEnd(12)} ${r.requests.average.toFixed(0).padStart(8)} req/s   p50 ${r.latency.p50} ms   p99 ${r.latency.p99} ms   errors ${r.errors + r.non2xx}`;
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'wings-bench-'));
const api = await startServer(dataDir, { LOG_LEVEL: 'error' });
const bare = await startBare();
try {
  const token = await getAccessToken(api.url);
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}`, language: '1' };
  const today = new Date().toISOString().slice(0, 10);
  // A realistic mix: several routes, both directions, the next 30 days, different parties.
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
  const check = await fetch(`${api.url}${requests[0]!.path}`, {
    method: 'POST',
    headers,
    body: requests[0]!.body as string,
  });
  const checked = (await check.json()) as { code: string; data: { flights: unknown[] } };
  if (checked.code !== '0') throw new Error(`queryFlight does not answer: ${JSON.stringify(checked)}`);

  // The same kind of request to the bare route: a JSON search body, a small JSON reply.
  const bareOptions = (duration: number): autocannon.Options => ({
    url: `${bare.url}/bare`,
    connections,
    duration,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: requests[0]!.body as string,
  });
  // Warm both up, then measure each with the machine otherwise idle.
  await run({ url: api.url, connections, duration: 2, requests });
  await run(bareOptions(2));
  const search = await run({ url: api.url, connections, duration: seconds, requests });
  const baseline = await run(bareOptions(seconds));

  console.log(`${connections} connections, ${seconds} s each, ${os.cpus().length} cores`);
  console.log(line('bare', baseline));
  console.log(line('queryFlight', search));
  console.log(`search_p99_ms=${search.latency.p99}`);
  console.log(`search_vs_bare_ratio=${(search.requests.average / baseline.requests.average).toFixed(3)}`);
} finally {
  bare.stop();
  await api.stop();
  await rm(dataDir, { recursive: true, force: true });
}
