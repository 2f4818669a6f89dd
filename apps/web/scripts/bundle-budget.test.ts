import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { PreloadManifest } from '../route-preload';
import { checkBudget, LANDING_ROUTE, measureFirstLoad, scriptsOf } from './bundle-budget';

/** Text that compresses badly, so sizes are predictable: `bytes` pseudo-random letters. */
function noise(bytes: number, seed: number): string {
  let x = seed;
  let out = '';
  for (let i = 0; i < bytes; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out += String.fromCharCode(33 + (x % 90));
  }
  return out;
}

describe('the first-load budget', () => {
  let dist: string;
  const write = (file: string, content: string) => {
    mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    writeFileSync(path.join(dist, file), content);
  };
  const gz = (content: string) => gzipSync(content, { level: 9 }).byteLength;

  beforeEach(() => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'wings-budget-'));
    vi.spyOn(console, 'log').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    rmSync(dist, { recursive: true, force: true });
    vi.restoreAllMocks();
  });

  test('reads the scripts index.html loads or modulepreloads, not its styles or icons', () => {
    expect(
      scriptsOf(`<head>
        <script src="/assets/route-preload-a.js"></script>
        <script type="module" crossorigin src="/assets/index-b.js"></script>
        <link rel="modulepreload" crossorigin href="/assets/vendor-c.js">
        <link rel="stylesheet" href="/assets/index-d.css">
        <link rel="icon" href="/icons/icon.svg">
      </head>`),
    ).toEqual(['/assets/route-preload-a.js', '/assets/index-b.js', '/assets/vendor-c.js']);
  });

  test("sums the page's scripts, Home's chunks and the heaviest language, and fails above the limit", () => {
    const files = {
      'assets/index.js': noise(4000, 1),
      'assets/vendor.js': noise(3000, 2),
      'assets/home.js': noise(1000, 3),
      'assets/en.js': noise(500, 4),
      'assets/km.js': noise(900, 5),
      'assets/book.js': noise(5000, 6),
    };
    for (const [file, content] of Object.entries(files)) write(file, content);
    write(
      'index.html',
      '<script type="module" src="/assets/index.js"></script><link rel="modulepreload" href="/assets/vendor.js"><link rel="stylesheet" href="/assets/x.css">',
    );
    const manifest: PreloadManifest = {
      files: ['/assets/home.js', '/assets/book.js', '/assets/en.js', '/assets/km.js'],
      routes: { [LANDING_ROUTE]: [0], '/pages/book/book-ticket/book-ticket': [1] },
      styles: {},
      languages: { en: [2], km: [3] },
      fallbackRoute: LANDING_ROUTE,
      languageKey: 'language',
      defaultLanguage: 'en',
    };
    write('preload-manifest.json', JSON.stringify(manifest));

    const load = measureFirstLoad(dist);
    expect(load.language).toBe('km');
    expect(load.files.map((f) => `${f.source} ${f.url}`)).toEqual([
      'index.html /assets/index.js',
      'index.html /assets/vendor.js',
      'route /assets/home.js',
      'language /assets/km.js',
    ]);
    const expected = ['assets/index.js', 'assets/vendor.js', 'assets/home.js', 'assets/km.js'] as const;
    expect(load.gzip).toBe(expected.reduce((sum, f) => sum + gz(files[f]), 0));

    expect(checkBudget([dist, '--limit', String(load.gzip)])).toBe(0);
    expect(checkBudget([dist, '--limit', String(load.gzip - 1)])).toBe(1);
  });

  test('says so when there is no build to measure', () => {
    expect(checkBudget([path.join(dist, 'missing')])).toBe(2);
  });
});
