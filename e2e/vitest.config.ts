import { defineConfig } from 'vitest/config';

// Browser journeys start the real server (scripts/start.mjs) and drive Debian's Chromium.
export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**'],
    testTimeout: 120_000,
    hookTimeout: 240_000,
    fileParallelism: false,
  },
});
