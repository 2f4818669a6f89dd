import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    testTimeout: 60_000,
    // Both cores of a CI machine: vitest's default leaves one to its main process, which jsdom page
    // tests barely use (the console's suite went from 10.8 to 7.7 minutes; docs/decisions.md).
    maxWorkers: 2,
  },
});
