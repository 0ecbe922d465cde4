import { defineConfig } from 'vitest/config';

// Whole deployments (several server processes, HAProxy): one file at a time on a 2-core machine.
export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 240_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
