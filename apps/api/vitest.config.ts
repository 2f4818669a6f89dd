import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 120_000,
    // Test files share one freshly migrated and seeded database, two at a time: both cores (the
    // default keeps one for vitest's main process, which a run of API tests barely uses).
    fileParallelism: true,
    maxWorkers: 2,
  },
});
