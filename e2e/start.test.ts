import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresLeftRunning, startServer } from './support/server';
import { getAccessToken } from './support/token';

describe('npm start', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it('serves the app and API on one port, keeps data across a restart, and stops cleanly on Ctrl-C', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'wings-start-'));
    dirs.push(dataDir);

    const first = await startServer(dataDir);
    const page = await fetch(`${first.url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect(first.output()).toContain('press Ctrl-C');
    const health = await (await fetch(`${first.url}/api/health`)).json();
    expect(health).toMatchObject({ code: '0', data: { database: 'up' } });
    const token = await getAccessToken(first.url);
    expect(await first.stop()).toBe(0);
    expect(postgresLeftRunning(dataDir)).toBe(false);

    const second = await startServer(dataDir);
    // The token issued before the restart is still known: the data survived.
    const airports = await fetch(`${second.url}/api/travelsky/ibe/getAirport`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await airports.json()) as { code: string }).code).toBe('0');
    expect(await second.stop()).toBe(0);
    expect(postgresLeftRunning(dataDir)).toBe(false);
  });
});
