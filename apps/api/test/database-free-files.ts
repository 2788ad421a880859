import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { apiTestFiles } from './api-test-files.ts';

/*
 * The test files that never meet the suite's database: neither they nor anything they import
 * (followed through every relative import) opens the database the suite runs on (`createTestApp`,
 * `TEST_DATABASE_URL`, the template). They do the same on PGlite and on PostgreSQL, so `npm test`
 * runs them in one of its two API suites only (scripts/test.mjs, `API_TESTS_DATABASE_FREE=skip`).
 * A file that opens a database of its own (an in-memory PGlite) counts as database-free: it opens the
 * same one in both suites.
 */
const USES_THE_SUITES_DATABASE = /\b(createTestApp|TEST_DATABASE_URL|databaseTemplate)\b/;
const RELATIVE_IMPORT = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

function importsOf(file: string, text: string): string[] {
  const found: string[] = [];
  for (const [, specifier] of text.matchAll(RELATIVE_IMPORT)) {
    const target = resolve(dirname(file), specifier as string);
    for (const candidate of [target, `${target}.ts`, join(target, 'index.ts')]) {
      if (candidate.endsWith('.ts') && existsSync(candidate)) {
        found.push(candidate);
        break;
      }
    }
  }
  return found;
}

type Reading = { isDirect: boolean; imports: string[] };

/**
 * Whether `file` or anything it imports opens the suite's database. Only a "yes" is kept between
 * files: a "no" found inside an import cycle is not final until the cycle's first file is answered.
 */
function usesTheSuitesDatabase(
  file: string,
  readings: Map<string, Reading>,
  users: Set<string>,
  visited = new Set<string>(),
): boolean {
  if (users.has(file)) return true;
  if (visited.has(file)) return false;
  visited.add(file);
  let reading = readings.get(file);
  if (!reading) {
    const text = readFileSync(file, 'utf8');
    reading = { isDirect: USES_THE_SUITES_DATABASE.test(text), imports: importsOf(file, text) };
    readings.set(file, reading);
  }
  const answer =
    reading.isDirect ||
    reading.imports.some((imported) => usesTheSuitesDatabase(imported, readings, users, visited));
  if (answer) users.add(file);
  return answer;
}

/** The database-free test files under `root` (the API workspace), relative to it. */
export function databaseFreeTestFiles(root: string): string[] {
  const readings = new Map<string, Reading>();
  const users = new Set<string>();
  return apiTestFiles(root)
    .filter((file) => !usesTheSuitesDatabase(file, readings, users))
    .map((file) => relative(root, file))
    .sort();
}
