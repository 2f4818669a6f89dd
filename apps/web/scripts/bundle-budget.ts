// The first-load budget of the traveller app: the JavaScript a phone downloads before it can show
// the first page, summed gzip-compressed, against a limit (issue 12: 150 KB; issue 14: 155 KB for
// the router's table of 17 more pages; the aim stays 120 KB).
//
//   npm run budget -w @wings/web                 reads apps/web/dist
//   tsx scripts/bundle-budget.ts <dist> [--limit <bytes>]
//
// Exits 1 when the first load is over the limit, 2 when the build is missing or unreadable.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { manifestUrls, type PreloadManifest } from '../route-preload';

/**
 * The most first-load JavaScript may weigh, gzip, in bytes (164 KB): 150 KB until issue 14 added
 * 17 pages, 155 KB until issue 15 added 19 more and 160 KB until issue 17 added the member
 * programme's 17 pages and its session, whose routes the shell's router, page table and preload
 * manifest must name (docs/decisions.md, "The first-load budget is 164 KB").
 */
export const FIRST_LOAD_BUDGET_BYTES = 164_000;

/** The route a visitor with no hash lands on, whose chunks the first load must include. */
export const LANDING_ROUTE = '/pages/tab-bar/home/home';

/**
 * The scripts index.html loads or preloads: `<script src>` (module or classic) and
 * `<link rel="modulepreload">`, in document order, as URL paths.
 */
export function scriptsOf(html: string): string[] {
  const urls: string[] = [];
  const tag = /<(script|link)\b([^>]*)>/gi;
  for (const match of html.matchAll(tag)) {
    const [, name, attrs = ''] = match;
    const attr = (key: string) => new RegExp(`\\b${key}\\s*=\\s*"([^"]*)"`, 'i').exec(attrs)?.[1];
    if (name?.toLowerCase() === 'script') {
      const src = attr('src');
      if (src) urls.push(src);
    } else if (attr('rel') === 'modulepreload') {
      const href = attr('href');
      if (href) urls.push(href);
    }
  }
  return [...new Set(urls)];
}

export interface FirstLoadFile {
  url: string;
  /** Why it is in the first load: the page itself, the landing route, or the largest language. */
  source: 'index.html' | 'route' | 'language';
  raw: number;
  gzip: number;
  brotli: number;
}

export interface FirstLoad {
  files: FirstLoadFile[];
  raw: number;
  gzip: number;
  brotli: number;
  /** The language whose texts weigh most (gzip), counted as the worst case. */
  language: string | null;
}

function sizes(file: string): { raw: number; gzip: number; brotli: number } {
  const content = readFileSync(file);
  // The build writes .gz and .br beside each file (compress-assets.ts): what the server sends.
  const gz = existsSync(`${file}.gz`)
    ? readFileSync(`${file}.gz`).byteLength
    : gzipSync(content, { level: 9 }).byteLength;
  const br = existsSync(`${file}.br`)
    ? readFileSync(`${file}.br`).byteLength
    : brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).byteLength;
  return { raw: content.byteLength, gzip: gz, brotli: br };
}

/**
 * The first load of `dist`: what index.html loads or modulepreloads, plus what its preload
 * script adds for a visitor landing on Home (the route's chunks, and the texts of the heaviest
 * language, so the figure holds in every language).
 */
export function measureFirstLoad(dist: string): FirstLoad {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const fileOf = (url: string) => path.join(dist, url.replace(/^\//, ''));
  const files: FirstLoadFile[] = [];
  const seen = new Set<string>();
  const add = (url: string, source: FirstLoadFile['source']) => {
    if (seen.has(url)) return;
    seen.add(url);
    files.push({ url, source, ...sizes(fileOf(url)) });
  };
  for (const url of scriptsOf(html)) add(url, 'index.html');

  let language: string | null = null;
  const manifestFile = path.join(dist, 'preload-manifest.json');
  if (existsSync(manifestFile)) {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as PreloadManifest;
    for (const url of manifestUrls(manifest, manifest.routes, LANDING_ROUTE)) add(url, 'route');
    let heaviest = -1;
    for (const lang of Object.keys(manifest.languages)) {
      const urls = manifestUrls(manifest, manifest.languages, lang);
      const weight = urls.filter((u) => !seen.has(u)).reduce((sum, u) => sum + sizes(fileOf(u)).gzip, 0);
      if (weight > heaviest) {
        heaviest = weight;
        language = lang;
      }
    }
    if (language)
      for (const url of manifestUrls(manifest, manifest.languages, language)) add(url, 'language');
  }
  const js = files.filter((f) => /\.m?js$/.test(f.url));
  return {
    files: js,
    raw: js.reduce((s, f) => s + f.raw, 0),
    gzip: js.reduce((s, f) => s + f.gzip, 0),
    brotli: js.reduce((s, f) => s + f.brotli, 0),
    language,
  };
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

export function report(load: FirstLoad, limit: number): string {
  const lines = [`First-load JavaScript (Home, ${load.language ?? 'bundled'} texts):`];
  for (const f of [...load.files].sort((a, b) => b.gzip - a.gzip)) {
    lines.push(
      `  ${kb(f.gzip).padStart(9)} gzip ${kb(f.brotli).padStart(9)} br ${kb(f.raw).padStart(9)} raw  ${f.url}  (${f.source})`,
    );
  }
  lines.push(
    `  total ${kb(load.gzip)} gzip (${load.gzip} bytes), ${kb(load.brotli)} brotli, ${kb(load.raw)} raw; budget ${kb(limit)} gzip`,
  );
  return lines.join('\n');
}

/** The command: prints the first load of a build and returns the exit code (1 over the limit). */
export function checkBudget(argv: string[]): number {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const limitAt = argv.indexOf('--limit');
  const limit = limitAt >= 0 ? Number(argv[limitAt + 1]) : FIRST_LOAD_BUDGET_BYTES;
  const positional = argv.filter((arg, i) => !arg.startsWith('--') && argv[i - 1] !== '--limit');
  const dist = path.resolve(positional[0] ?? path.join(here, '..', 'dist'));
  if (!Number.isFinite(limit) || limit <= 0) {
    console.error(`bundle-budget: --limit needs a number of bytes, got ${argv[limitAt + 1]}`);
    return 2;
  }
  if (!existsSync(path.join(dist, 'index.html'))) {
    console.error(`bundle-budget: no build at ${dist} (run npm run build -w @wings/web first)`);
    return 2;
  }
  const load = measureFirstLoad(dist);
  console.log(report(load, limit));
  if (load.gzip > limit) {
    console.error(
      `bundle-budget: first-load JavaScript is ${load.gzip} bytes gzip, over the budget of ${limit}: keep what Home does not need out of index.html's graph (lazy pages, lazy overlays), or raise FIRST_LOAD_BUDGET_BYTES in apps/web/scripts/bundle-budget.ts with a reason in docs/decisions.md`,
    );
    return 1;
  }
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = checkBudget(process.argv.slice(2));
}
