import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { cspViolations, launchChromium } from './browser';
import { type RunningServer, startServer } from './server';

export interface Journey {
  server: RunningServer;
  browser: Browser;
}

/**
 * What every journey runs on: the product started as `npm start` starts it, in its own data
 * directory, and Debian's Chromium; both stopped and the directory removed afterwards. Call it
 * inside a `describe`; the fields are set once `beforeAll` has run.
 */
export function useJourney(name: string, env: Record<string, string> = {}): Journey {
  const journey = {} as Journey;
  let dataDir = '';
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), `wings-${name}-`));
    journey.server = await startServer(dataDir, env);
    journey.browser = await launchChromium();
  });
  afterAll(async () => {
    // Every page the journey opened kept to the Content-Security-Policy (issue 9).
    expect(cspViolations).toEqual([]);
    await journey.browser?.close();
    await journey.server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  return journey;
}
