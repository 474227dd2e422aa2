import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on this two-core machine. The server
    // files wait on their databases (PostgreSQL, or PGlite's file system) as much as they compute, so
    // two at a time take CI's passes from about 16 to about 13 minutes of PostgreSQL suites even
    // with other work on the machine. Each file has its own database copy, so files never share state.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || 2,
    projects: [
      {
        test: {
          name: 'domain',
          root: './packages/domain',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./test/global-setup.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      './apps/web/vite.config.ts',
    ],
  },
});
