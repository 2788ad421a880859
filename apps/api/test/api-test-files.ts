import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every test file of the API workspace at `root` (its `src` and `test` folders), as full paths. */
export function apiTestFiles(root: string): string[] {
  return ['src', 'test'].flatMap((folder) =>
    readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.test.ts'))
      .map((file) => join(root, folder, file)),
  );
}
