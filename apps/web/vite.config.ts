import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compressAssets } from './compress-assets';
import { routePreload } from './route-preload';
import { serverMessagesPlugin } from './server-messages';
import { precacheServiceWorker } from './sw-precache';

/** The traveller PWA, built to dist/ and served by the API at `/`. */
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export default defineConfig({
  base: '/',
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  plugins: [
    react(),
    // virtual:server-messages/<lang>: the server's message catalogue in one language.
    serverMessagesPlugin(),
    // index.html preloads the route's page and the traveller's texts with the shell.
    routePreload(),
    // dist/sw.js: src/sw.js with the list of every file of the shell, precached at install.
    precacheServiceWorker({ template: fileURLToPath(new URL('./src/sw.js', import.meta.url)) }),
    // dist/**/*.br and *.gz beside every text file, served by the API to clients that accept them.
    compressAssets(),
  ],
  resolve: {
    alias: [
      // antd-mobile's React 18 renderer, replaced at start by react19-compat.ts: never bundled.
      {
        find: /^rc-util\/lib\/React\/render$/,
        replacement: fileURLToPath(new URL('./src/app/antd-legacy-render.ts', import.meta.url)),
      },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Modern syntax as written, without legacy helpers: browsers of 2022 on (Android Chrome and
    // WebView 100, iOS Safari 15.4, the oldest an iPhone 6s or 7 runs). The app already calls
    // Object.hasOwn, which needs those. docs/decisions.md, "First load".
    target: ['es2022', 'chrome100', 'edge100', 'firefox100', 'safari15.4'],
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      treeshake: {
        // The contracts package builds Zod schemas at module level; the app uses their types,
        // the error codes and the enums only, so unused schema modules (and Zod) are dropped. The
        // rules package is pure functions: a page that checks a passport does not bring the
        // rest of it into the first load.
        moduleSideEffects: (id: string) => !/packages\/(contracts|rules)\/|node_modules\/zod\//.test(id),
        // Building a schema (`z.object(...)`) has no effect but its value: a module the app reads
        // one constant from (contracts' envelope.ts, oauth.ts) no longer keeps Zod, 20 KB gzip,
        // in the first load for the schemas it declares beside that constant.
        manualPureFunctions: ['z'],
      },
    },
  },
  server: {
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: true } },
  },
});
