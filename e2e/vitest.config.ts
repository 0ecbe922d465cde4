import { defineConfig } from 'vitest/config';

// Browser journeys against the real server (built and started by the global setup). One file at
// a time in one process: a 2-core machine runs one Chromium comfortably, not several.
export default defineConfig({
  test: {
    include: ['journeys/**/*.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    setupFiles: ['./support/journey-hooks.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    pool: 'forks',
    poolOptions: { forks: { singleFork: true } },
    reporters: ['default'],
  },
});
