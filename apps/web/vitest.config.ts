import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { serverMessagesPlugin } from './server-messages';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export default defineConfig({
  plugins: [react(), serverMessagesPlugin()],
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', '*.test.ts', 'scripts/**/*.test.ts'],
    testTimeout: 20_000,
    // Both cores of a CI machine: vitest's default leaves one to its main process, which jsdom page
    // tests barely use (the console's suite went from 10.8 to 7.7 minutes; docs/decisions.md).
    maxWorkers: 2,
  },
});
