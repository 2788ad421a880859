import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Each file opens its own database; PGlite start-up and argon2 hashing make the first hook slow.
    hookTimeout: 60_000,
    testTimeout: 30_000,
    pool: 'forks',
    // One migrated database that each file's own database is copied from (test/global-setup.ts).
    globalSetup: ['test/global-setup.ts'],
  },
});
