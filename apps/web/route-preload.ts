import { createHash } from 'node:crypto';
import path from 'node:path';
import { minifySync, type Plugin, type Rolldown } from 'vite';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY } from './src/app/i18n/storage-key';
import { pageSource, ROUTE_PAGES } from './src/app/route-pages';
import { paths } from './src/lib/paths';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/**
 * What the first view needs beyond the shell, as URLs: each route's own chunks (its page and
 * what only it imports, scripts and styles), and each language's texts. Written into the preload
 * script and, for the bundle budget (scripts/bundle-budget.ts), to dist/preload-manifest.json.
 */
export interface PreloadManifest {
  /** Every file named below, once: the lists hold indexes into it (the script stays small). */
  files: string[];
  /** Route path, lower case, to the scripts of its page. */
  routes: Record<string, number[]>;
  /** Route path, lower case, to the stylesheets of its page. */
  styles: Record<string, number[]>;
  /** Language (zh, en, km) to the scripts of its texts. */
  languages: Record<string, number[]>;
  /** The route an empty hash opens (the router sends `/` to Home). */
  fallbackRoute: string;
  /** The storage key of the traveller's language choice (app/i18n). */
  languageKey: string;
  /** The language when nothing is stored and the browser's is not one of ours (app/i18n). */
  defaultLanguage: string;
}

/** The URLs of a list of the manifest (`routes`, `styles` or `languages`) for `key`. */
export function manifestUrls(
  manifest: PreloadManifest,
  list: Record<string, number[]>,
  key: string,
): string[] {
  return (list[key] ?? []).map((i) => manifest.files[i] ?? '');
}

/**
 * Runs in the page before the app (a classic script in index.html's head): from the hash route
 * and the language the app will pick, adds `<link rel="modulepreload">` for the route's page and
 * its texts, and `<link rel="preload" as="style">` for the page's styles, so they download with
 * the shell instead of after it has run. Picks the language as app/i18n's `detectLanguage` does
 * (stored choice, the browser's languages, English), and also the one a `lang=` query asks for
 * (start-up applies it 300 ms in). Self-contained: its source is written into the build as is.
 */
export function preloadFirstView(manifest: PreloadManifest): void {
  const doc = document;
  const added: Record<string, boolean> = {};
  const add = (index: number, rel: string, as?: string) => {
    const href = manifest.files[index];
    if (!href || added[href]) return;
    added[href] = true;
    const link = doc.createElement('link');
    link.rel = rel;
    if (as) link.as = as;
    link.crossOrigin = '';
    link.href = href;
    doc.head.appendChild(link);
  };
  const hash = location.hash.replace(/^#/, '');
  const queryAt = hash.indexOf('?');
  const route = (queryAt < 0 ? hash : hash.slice(0, queryAt)).toLowerCase().replace(/\/+$/, '');
  const key = route === '' ? manifest.fallbackRoute : route;
  for (const index of manifest.routes[key] ?? []) add(index, 'modulepreload');
  for (const index of manifest.styles[key] ?? []) add(index, 'preload', 'style');

  const languages: string[] = [];
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(manifest.languageKey);
  } catch {
    stored = null;
  }
  if (stored && manifest.languages[stored]) languages.push(stored);
  else {
    const candidates = ([] as (string | undefined)[]).concat(navigator.languages || [], navigator.language);
    for (const candidate of candidates) {
      const base = String(candidate || '')
        .toLowerCase()
        .split('-')[0];
      if (base && manifest.languages[base]) {
        languages.push(base);
        break;
      }
    }
    if (languages.length === 0) languages.push(manifest.defaultLanguage);
  }
  const query = `${location.search}&${queryAt < 0 ? '' : hash.slice(queryAt + 1)}`;
  const asked = /[?&]lang=(zh|en|km)-/i.exec(query);
  if (asked?.[1]) languages.push(asked[1].toLowerCase());
  for (const lang of languages)
    for (const index of manifest.languages[lang] ?? []) add(index, 'modulepreload');
}

/** A chunk and every chunk it imports statically, transitively, in load order. */
function withStaticImports(bundle: OutputBundle, fileName: string, into = new Set<string>()): Set<string> {
  if (into.has(fileName)) return into;
  into.add(fileName);
  const chunk = bundle[fileName];
  if (chunk?.type === 'chunk') for (const dep of chunk.imports) withStaticImports(bundle, dep, into);
  return into;
}

/** The stylesheets the chunks import (Vite's metadata on each chunk). */
function stylesOf(bundle: OutputBundle, files: Iterable<string>): string[] {
  const styles: string[] = [];
  for (const file of files) {
    const chunk = bundle[file] as (OutputChunk & { viteMetadata?: { importedCss: Set<string> } }) | undefined;
    for (const css of chunk?.viteMetadata?.importedCss ?? []) styles.push(css);
  }
  return styles;
}

/** The modules whose chunks the preload script names: each route's page, each language's texts. */
export interface PreloadSources {
  /** Route path to page source file, absolute. */
  routes: Record<string, string>;
  /** Language to texts source file, absolute. */
  languages: Record<string, string>;
}

/** Builds the manifest from the bundle: each source's chunk and what it alone needs. */
export function preloadManifest(
  bundle: OutputBundle,
  sources: PreloadSources,
  base: string,
): { manifest: PreloadManifest; missing: string[] } {
  const chunks = Object.values(bundle).filter((o): o is OutputChunk => o.type === 'chunk');
  const entry = chunks.find((c) => c.isEntry);
  // What index.html already loads: the entry and its static imports.
  const shell = entry ? withStaticImports(bundle, entry.fileName) : new Set<string>();
  const missing: string[] = [];
  const own = (source: string) => {
    const chunk = chunks.find((c) => c.facadeModuleId === source);
    if (!chunk) {
      missing.push(source);
      return [];
    }
    return [...withStaticImports(bundle, chunk.fileName)].filter((file) => !shell.has(file));
  };
  const manifest: PreloadManifest = {
    files: [],
    routes: {},
    styles: {},
    languages: {},
    fallbackRoute: paths.home.toLowerCase(),
    languageKey: LANGUAGE_STORAGE_KEY,
    defaultLanguage: DEFAULT_LANGUAGE,
  };
  const indexes = new Map<string, number>();
  const indexOf = (file: string) => {
    let index = indexes.get(file);
    if (index === undefined) {
      index = manifest.files.push(`${base}${file}`) - 1;
      indexes.set(file, index);
    }
    return index;
  };
  for (const [route, source] of Object.entries(sources.routes)) {
    const files = own(source);
    const key = route.toLowerCase();
    manifest.routes[key] = files.map(indexOf);
    manifest.styles[key] = stylesOf(bundle, files).map(indexOf);
  }
  for (const [lang, source] of Object.entries(sources.languages)) {
    manifest.languages[lang] = own(source).map(indexOf);
  }
  return { manifest, missing };
}

/**
 * The app's own preload sources: the routes of app/route-pages.ts, and the texts of each language
 * (packages/contracts/src/app-texts, where the console's translation editor reads them too).
 */
export function appPreloadSources(root: string): PreloadSources {
  const src = path.join(root, 'src');
  return {
    routes: Object.fromEntries(
      Object.entries(ROUTE_PAGES).map(([route, page]) => [route, path.join(src, pageSource(page))]),
    ),
    languages: Object.fromEntries(
      ['zh', 'en', 'km'].map((lang) => [
        lang,
        path.join(root, '..', '..', 'packages', 'contracts', 'src', 'app-texts', `${lang}.ts`),
      ]),
    ),
  };
}

/**
 * Preloads the route's own chunk and the traveller's texts with the shell: writes
 * `assets/route-preload-<hash>.js` (preloadFirstView and the manifest), loads it first thing in
 * index.html's head, and writes `preload-manifest.json` for the bundle budget. A classic script
 * file, not inline, so the Content-Security-Policy (`script-src 'self'`) keeps refusing inline
 * scripts. Runs after Vite has put index.html into the bundle and before the service worker's
 * precache list is made (sw-precache.ts), so the script is precached like every other.
 */
export function routePreload(): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'wings:route-preload',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const { manifest, missing } = preloadManifest(bundle, appPreloadSources(root), base);
      if (missing.length > 0) {
        this.error(`route-preload: no chunk for ${missing.join(', ')} (renamed? see app/route-pages.ts)`);
      }
      const script = `(${preloadFirstView.toString()})(${JSON.stringify(manifest)});\n`;
      const source = minifySync('route-preload.js', script).code;
      const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
      const fileName = `assets/route-preload-${hash}.js`;
      this.emitFile({ type: 'asset', fileName, source });
      this.emitFile({
        type: 'asset',
        fileName: 'preload-manifest.json',
        source: JSON.stringify(manifest, null, 2),
      });

      const html = bundle['index.html'];
      if (html?.type !== 'asset') return this.error('route-preload: the build has no index.html');
      const page = String(html.source);
      const tag = `<script src="${base}${fileName}"></script>\n    `;
      const at = page.indexOf('<script type="module"');
      if (at < 0) return this.error('route-preload: index.html has no module script');
      html.source = page.slice(0, at) + tag + page.slice(at);
    },
  };
}
