import { configDefaults, defineConfig } from 'vitest/config';
import { databaseFreeTestFiles } from './test/database-free-files.ts';
import { ownProcessTestFiles } from './test/own-process-files.ts';

// `npm test` runs the files that never meet the suite's database in one of its two API suites only.
const leftOut =
  process.env.API_TESTS_DATABASE_FREE === 'skip' ? databaseFreeTestFiles(import.meta.dirname) : [];
const ownProcess = ownProcessTestFiles(import.meta.dirname);

export default defineConfig({
  test: {
    // Each file opens its own database; PGlite start-up and argon2 hashing make the first hook slow.
    hookTimeout: 60_000,
    testTimeout: 30_000,
    pool: 'forks',
    // One migrated database that each file's own database is copied from (test/global-setup.ts).
    globalSetup: ['test/global-setup.ts'],
    projects: [
      // Each project names its own files: a project that extends the root adds to its lists.
      // Most files run one after the other in a shared process: a file's own start (a process, the
      // app's modules, PGlite) was most of its time. Each still opens its own database and app.
      // `isolate: false` alone does not do it: Vitest's forks pool takes its worker isolation from the
      // root config, so each file still got a new process; `singleFork` hands the project's files to
      // one worker, which, not isolated, keeps the modules it imported from file to file.
      {
        extends: true,
        test: {
          name: 'shared-process',
          isolate: false,
          poolOptions: { forks: { singleFork: true } },
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...leftOut, ...ownProcess],
        },
      },
      // The files that change the process (a mocked module, fake timers, a stubbed environment) keep
      // their own (test/own-process-files.ts).
      {
        extends: true,
        test: { name: 'own-process', include: ownProcess, exclude: [...configDefaults.exclude, ...leftOut] },
      },
    ],
  },
});
