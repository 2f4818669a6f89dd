import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The most the service worker may precache at install, all files together. The shell is about
 * 1.5 MB today (half of it the two largest script chunks, a third the Khmer font in woff2); a
 * build that goes past this fails, instead of silently leaving files out of the precache as a
 * per-file size cap would (workbox's default drops any file over 2 MiB, and an app missing one
 * chunk opens to a blank page offline).
 */
export const PRECACHE_BUDGET_BYTES = 4 * 1024 * 1024;

/**
 * Which built files the app needs to open offline: the page, every script and style chunk, the
 * fonts in woff2 (every browser with service workers reads woff2, so the woff copies fontsource
 * also ships are never fetched there), icons and the web manifest. Not source maps, not the
 * service worker itself.
 */
export function isPrecached(fileName: string): boolean {
  if (fileName === 'sw.js' || fileName.endsWith('.map')) return false;
  return /\.(html|js|css|woff2|webmanifest|png|svg|ico)$/.test(fileName);
}

function listFiles(dir: string, prefix = ''): string[] {
  if (!dir || !existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? listFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`)
      : [`${prefix}${entry.name}`],
  );
}

/**
 * Writes `sw.js` into the build: the service worker in `template` after one line that sets
 * `self.__WINGS_PRECACHE__ = { version, urls }`, the URLs of every file `isPrecached` keeps
 * (the bundle's, index.html included, and the public directory's) and a version hashed from
 * their names and contents, so each release installs a cache of its own. Fails the build when
 * there is no index.html or the files weigh more than `budgetBytes`.
 */
export function precacheServiceWorker(options: { template: string; budgetBytes?: number }): Plugin {
  const budget = options.budgetBytes ?? PRECACHE_BUDGET_BYTES;
  let publicDir = '';
  let base = '/';
  return {
    name: 'wings:precache-service-worker',
    apply: 'build',
    // After vite:build-html, which adds index.html to the bundle.
    enforce: 'post',
    configResolved(config) {
      publicDir = config.publicDir;
      base = config.base;
    },
    generateBundle(_outputOptions, bundle) {
      const files = new Map<string, string | Uint8Array>();
      for (const [fileName, output] of Object.entries(bundle)) {
        if (isPrecached(fileName)) files.set(fileName, output.type === 'chunk' ? output.code : output.source);
      }
      for (const fileName of listFiles(publicDir)) {
        if (isPrecached(fileName) && !files.has(fileName)) {
          files.set(fileName, readFileSync(path.join(publicDir, fileName)));
        }
      }
      if (!files.has('index.html')) this.error('sw-precache: the build has no index.html to precache');
      const names = [...files.keys()].sort();
      let total = 0;
      const hash = createHash('sha256');
      for (const name of names) {
        const content = files.get(name)!;
        total += typeof content === 'string' ? Buffer.byteLength(content) : content.byteLength;
        hash.update(name).update('\0').update(content).update('\0');
      }
      if (total > budget) {
        this.error(
          `sw-precache: the app shell is ${total} bytes, over the precache budget of ${budget} (PRECACHE_BUDGET_BYTES in apps/web/sw-precache.ts): make it smaller, or raise the budget knowing every install downloads it all`,
        );
      }
      const manifest = {
        version: hash.digest('hex').slice(0, 16),
        urls: names.map((name) => `${base}${name}`),
      };
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: `self.__WINGS_PRECACHE__ = ${JSON.stringify(manifest)};\n${readFileSync(options.template, 'utf8')}`,
      });
    },
  };
}

/** The precache manifest of a built `sw.js` (its first line), for tests and checks. */
export function readPrecacheManifest(swSource: string): { version: string; urls: string[] } {
  const match = /^self\.__WINGS_PRECACHE__ = (.*);$/m.exec(swSource);
  if (!match?.[1]) throw new Error('sw.js has no precache manifest line');
  return JSON.parse(match[1]) as { version: string; urls: string[] };
}
