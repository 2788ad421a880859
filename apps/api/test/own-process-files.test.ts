import { describe, expect, it } from 'vitest';
import { changesTheProcess, ownProcessTestFiles } from './own-process-files.ts';

describe('the test files that need a process of their own', () => {
  it('finds a file that replaces a module, and one that fakes the clock', () => {
    const files = ownProcessTestFiles(`${import.meta.dirname}/..`);
    expect(files).toContain('test/admin-only-kit-routes.test.ts');
    expect(files).toContain('src/lib/ttl-cache.test.ts');
  });

  it('reads what changes the process, not what only reads it', () => {
    expect(changesTheProcess("vi.mock('./x.ts')")).toBe(true);
    expect(changesTheProcess('vi.spyOn(logger, "child")')).toBe(true);
    expect(changesTheProcess("process.env.LOG_LEVEL = 'warn'")).toBe(true);
    expect(changesTheProcess("process.env['TZ'] = 'UTC'")).toBe(true);
    expect(changesTheProcess('delete process.env.TZ')).toBe(true);
    expect(changesTheProcess('const url = process.env.TEST_DATABASE_URL;')).toBe(false);
    expect(changesTheProcess("if (process.env.CI === 'true') {}")).toBe(false);
    expect(changesTheProcess('vi.fn()')).toBe(false);
  });
});
