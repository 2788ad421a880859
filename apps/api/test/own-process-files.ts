import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { apiTestFiles } from './api-test-files.ts';

/*
 * The test files that need a process of their own. The API suite runs its other files one after the
 * other in one shared process (vitest.config.ts, `isolate: false`): a file's time was mostly its own
 * start — a process, the app's modules imported again, PGlite started again — not its tests. What a
 * file changes in the process would then reach the files after it: a module replaced by `vi.mock`
 * (hoisted, it cannot replace a module an earlier file imported), a spy on a shared module, fake timers
 * or a stubbed global or variable of the environment. Such a file runs in its own process, as before.
 */
const CHANGES_THE_PROCESS =
  /\bvi\.(mock|doMock|unmock|spyOn|stubGlobal|stubEnv|useFakeTimers|setSystemTime|resetModules)\b|process\.env(\.\w+|\[[^\]]+\])\s*=(?!=)|delete process\.env|Object\.assign\(process\.env/;

/** Whether a test file's text changes what the files after it would meet in a shared process. */
export function changesTheProcess(text: string): boolean {
  return CHANGES_THE_PROCESS.test(text);
}

/** The test files (relative to `root`, the API workspace) that run in a process of their own. */
export function ownProcessTestFiles(root: string): string[] {
  return apiTestFiles(root)
    .filter((file) => changesTheProcess(readFileSync(file, 'utf8')))
    .map((file) => relative(root, file))
    .sort();
}
