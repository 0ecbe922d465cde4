import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Test files of a worker share their modules: the migrated PGlite template (test/app.ts) and the
    // app's modules are loaded once per worker, not once per file (the suite took 2.5 times as long
    // isolated). No test mocks modules or stubs globals, and each builds its own app and database.
    isolate: false,
  },
});
