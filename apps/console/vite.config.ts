import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compressAssets } from '../web/compress-assets';

/** The staff console, built to dist/ and served by the API at `/console/` (docs/architecture.md). */
export default defineConfig({
  base: '/console/',
  plugins: [
    react(),
    // dist/**/*.br and *.gz beside every text file, served by the API to browsers that accept them.
    compressAssets(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: ['es2022', 'chrome100', 'edge100', 'firefox100', 'safari15.4'],
    // A desktop app on the office network: antd's chunk is large and loaded once.
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5174,
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: true } },
  },
});
