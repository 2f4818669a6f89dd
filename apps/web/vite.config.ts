import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compressAssets } from './compress-assets';
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
    // dist/sw.js: src/sw.js with the list of every file of the shell, precached at install.
    precacheServiceWorker({ template: fileURLToPath(new URL('./src/sw.js', import.meta.url)) }),
    // dist/**/*.br and *.gz beside every text file, served by the API to clients that accept them.
    compressAssets(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      treeshake: {
        // The contracts package builds Zod schemas at module level; the app uses their types,
        // the message catalogue and the enums only, so unused schema modules (and Zod) are dropped.
        moduleSideEffects: (id: string) => !/packages\/contracts\/|node_modules\/zod\//.test(id),
      },
    },
  },
  server: {
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: true } },
  },
});
