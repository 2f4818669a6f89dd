import type { Rolldown } from 'vite';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  appPreloadSources,
  manifestUrls,
  type PreloadManifest,
  preloadFirstView,
  preloadManifest,
  routePreload,
} from './route-preload';
import { ROUTE_PAGES } from './src/app/route-pages';
import { paths } from './src/lib/paths';

const chunk = (
  fileName: string,
  options: { imports?: string[]; facade?: string; entry?: boolean; css?: string[] } = {},
): Rolldown.OutputChunk =>
  ({
    type: 'chunk',
    fileName,
    imports: options.imports ?? [],
    facadeModuleId: options.facade ?? null,
    isEntry: options.entry ?? false,
    viteMetadata: { importedCss: new Set(options.css ?? []), importedAssets: new Set() },
  }) as unknown as Rolldown.OutputChunk;

/** A build as Vite hands it over: the shell, Home's page with what only it needs, two languages. */
function fakeBundle(): Rolldown.OutputBundle {
  const chunks = [
    chunk('assets/index.js', { entry: true, facade: '/app/src/main.tsx', imports: ['assets/shared.js'] }),
    chunk('assets/shared.js'),
    chunk('assets/home-page.js', {
      facade: '/app/src/pages/home/home/home-page.tsx',
      imports: ['assets/shared.js', 'assets/query.js'],
      css: ['assets/home-page.css'],
    }),
    chunk('assets/query.js', { imports: ['assets/skeleton.js'] }),
    chunk('assets/skeleton.js', { css: ['assets/skeleton.css'] }),
    chunk('assets/en.js', { facade: '/app/src/app/i18n/locales/en.ts' }),
    chunk('assets/km.js', { facade: '/app/src/app/i18n/locales/km.ts' }),
  ];
  return Object.fromEntries(chunks.map((c) => [c.fileName, c]));
}

const sources = {
  routes: { [paths.home]: '/app/src/pages/home/home/home-page.tsx' },
  languages: { en: '/app/src/app/i18n/locales/en.ts', km: '/app/src/app/i18n/locales/km.ts' },
};

describe('the preload manifest', () => {
  test("lists each route's page and what only it imports, in order, with its styles", () => {
    const { manifest, missing } = preloadManifest(fakeBundle(), sources, '/');
    expect(missing).toEqual([]);
    const home = paths.home.toLowerCase();
    expect(manifestUrls(manifest, manifest.routes, home)).toEqual([
      '/assets/home-page.js',
      '/assets/query.js',
      '/assets/skeleton.js',
    ]);
    expect(manifestUrls(manifest, manifest.styles, home)).toEqual([
      '/assets/home-page.css',
      '/assets/skeleton.css',
    ]);
    expect(manifestUrls(manifest, manifest.languages, 'km')).toEqual(['/assets/km.js']);
    expect(manifest.fallbackRoute).toBe(home);
  });

  test('names a source that has no chunk, so the build fails instead of preloading nothing', () => {
    const { missing } = preloadManifest(
      fakeBundle(),
      { ...sources, routes: { [paths.more]: '/app/src/pages/more/more/more-page.tsx' } },
      '/',
    );
    expect(missing).toEqual(['/app/src/pages/more/more/more-page.tsx']);
  });

  test("covers every page of the app's routes and its three languages", () => {
    const app = appPreloadSources('/app');
    expect(app.routes[paths.home]).toBe('/app/src/pages/home/home/home-page.tsx');
    expect(app.routes[paths.reviewBooking]).toBe(
      '/app/src/pages/book/review-booking/review-booking-page.tsx',
    );
    // Every route of the router's table, however many pages the app has.
    expect(Object.keys(app.routes).sort()).toEqual(Object.keys(ROUTE_PAGES).sort());
    expect(Object.keys(app.languages)).toEqual(['zh', 'en', 'km']);
  });
});

describe('the preload script in the page', () => {
  const manifest = preloadManifest(fakeBundle(), sources, '/').manifest;
  /** Runs the script as the build writes it: its own source, nothing around it. */
  const run = (m: PreloadManifest) =>
    new Function(`(${preloadFirstView.toString()})(${JSON.stringify(m)});`)();
  const links = () =>
    [...document.head.querySelectorAll('link')].map(
      (l) => `${l.rel}${l.as ? `:${l.as}` : ''} ${l.getAttribute('href')}`,
    );

  beforeEach(() => {
    document.head.innerHTML = '';
    // The test setup stores English as the traveller's choice; these start with none stored.
    localStorage.removeItem('language');
  });
  afterEach(() => {
    window.history.replaceState(null, '', '/');
    vi.restoreAllMocks();
  });

  test("an empty hash preloads Home and the stored language's texts", () => {
    localStorage.setItem('language', 'km');
    run(manifest);
    expect(links()).toEqual([
      'modulepreload /assets/home-page.js',
      'modulepreload /assets/query.js',
      'modulepreload /assets/skeleton.js',
      'preload:style /assets/home-page.css',
      'preload:style /assets/skeleton.css',
      'modulepreload /assets/km.js',
    ]);
    expect(document.head.querySelector('link')?.crossOrigin).toBe('');
  });

  test("reads the route from the hash, whatever its case and query, and the browser's language", () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR', 'km-KH']);
    window.history.replaceState(null, '', `/#${paths.home.toUpperCase()}/?from=ad`);
    run(manifest);
    expect(links()).toContain('modulepreload /assets/home-page.js');
    expect(links()).toContain('modulepreload /assets/km.js');
  });

  test('falls back to English, and adds the language a lang= query asks for', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR']);
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('fr-FR');
    window.history.replaceState(null, '', '/#/pages/unknown?lang=km-KH');
    run(manifest);
    // An unknown route preloads no page (the router sends it to Home).
    expect(links()).toEqual(['modulepreload /assets/en.js', 'modulepreload /assets/km.js']);
  });
});

describe('the build plugin', () => {
  const plugin = routePreload() as unknown as {
    configResolved: (config: { root: string; base: string }) => void;
    generateBundle: (this: unknown, options: unknown, bundle: Rolldown.OutputBundle) => void;
  };
  const html = '<head>\n    <script type="module" crossorigin src="/assets/index.js"></script>\n</head>';

  /** Runs the plugin over `bundle` (with an index.html); returns what it emitted. */
  function generate(bundle: Rolldown.OutputBundle): Record<string, string> {
    bundle['index.html'] = {
      type: 'asset',
      fileName: 'index.html',
      source: html,
    } as unknown as Rolldown.OutputAsset;
    const emitted: Record<string, string> = {};
    const context = {
      emitFile: (file: { fileName: string; source: string }) => {
        emitted[file.fileName] = file.source;
        return file.fileName;
      },
      error: (message: string) => {
        throw new Error(message);
      },
    };
    plugin.configResolved({ root: '/app', base: '/' });
    plugin.generateBundle.call(context, {}, bundle);
    return emitted;
  }

  test('writes the script, loads it before the app in index.html, and writes the manifest for the budget', () => {
    // A chunk for every page of the app's routes and for each language, as a build has them.
    const app = appPreloadSources('/app');
    const bundle = fakeBundle();
    const built = new Set(Object.values(bundle).map((c) => (c as Rolldown.OutputChunk).facadeModuleId));
    [...Object.values(app.routes), ...Object.values(app.languages)].forEach((source, i) => {
      if (!built.has(source))
        bundle[`assets/chunk-${i}.js`] = chunk(`assets/chunk-${i}.js`, { facade: source });
    });
    const emitted = generate(bundle);
    const script = Object.keys(emitted).find((name) => /^assets\/route-preload-[\w-]{8}\.js$/.test(name));
    expect(script).toBeDefined();
    const page = String((bundle['index.html'] as Rolldown.OutputAsset).source);
    expect(page.indexOf(`<script src="/${script}"></script>`)).toBeGreaterThan(-1);
    expect(page.indexOf(`<script src="/${script}"></script>`)).toBeLessThan(page.indexOf('type="module"'));
    const manifest = JSON.parse(emitted['preload-manifest.json'] ?? '{}') as PreloadManifest;
    expect(manifestUrls(manifest, manifest.routes, paths.home.toLowerCase())[0]).toBe('/assets/home-page.js');
    // The script as written runs on its own in a page.
    document.head.innerHTML = '';
    new Function(emitted[script ?? ''] ?? '')();
    expect(document.head.querySelector('link[href="/assets/home-page.js"]')).not.toBeNull();
  });

  test('fails the build when a route has no chunk (a page renamed without its route)', () => {
    expect(() => generate(fakeBundle())).toThrow(/no chunk for .*book-ticket-page/);
  });
});
