import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['journeys/**/*.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One server and one browser are shared; journeys run one file at a time on two cores.
    fileParallelism: false,
  },
});
