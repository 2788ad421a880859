import { describe, expect, it } from 'vitest';
import { databaseFreeTestFiles } from './database-free-files.ts';

describe('the test files that never meet the suite’s database', () => {
  const files = databaseFreeTestFiles(new URL('..', import.meta.url).pathname);

  it('lists a unit test that opens no database', () => {
    expect(files).toContain('src/lib/ttl-cache.test.ts');
  });

  it('leaves out a file that opens a test app, itself or through a module it imports', () => {
    expect(files).not.toContain('src/modules/profiles/profiles.test.ts');
    // Its test app is opened in src/modules/campaigns/campaign-test-setup.ts, through test/quiz-editor-setup.ts.
    expect(files).not.toContain('test/quiz-editor.test.ts');
  });

  it('leaves out a file whose spawned servers run on the suite’s database', () => {
    // The suite's database is named to them in test/spawned-server.ts and test/crash-databases.ts.
    expect(files).not.toContain('test/import-job-crash.test.ts');
  });
});
