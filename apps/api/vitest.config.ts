import { configDefaults, defineConfig } from 'vitest/config';
import { databaseFreeTestFiles } from './test/database-free-files.ts';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // `npm test` runs the files that never meet the suite's database in one of its two API suites only.
    exclude: [
      ...configDefaults.exclude,
      ...(process.env.API_TESTS_DATABASE_FREE === 'skip' ? databaseFreeTestFiles(import.meta.dirname) : []),
    ],
    // Each file opens its own database; PGlite start-up and argon2 hashing make the first hook slow.
    hookTimeout: 60_000,
    testTimeout: 30_000,
    pool: 'forks',
    // One migrated database that each file's own database is copied from (test/global-setup.ts).
    globalSetup: ['test/global-setup.ts'],
  },
});
