// `npm run check:openapi`: the API document as the server serves it (GET /api/openapi.json) is one a
// client can use. This script builds the app in-process on an in-memory PGlite (run with tsx: it imports
// the API's TypeScript sources) and writes into .tmp/openapi/ (git-ignored):
//  - openapi.json, the served document, which the npm script then lints with Redocly (redocly.yaml:
//    the recommended rules, 0 errors and 0 warnings allowed) and turns into TypeScript types with
//    openapi-typescript (openapi-types.ts);
//  - usage.ts, a copy of scripts/check-openapi-usage.ts, a client of those types (a list answer, the
//    login body, a multipart form…), and the tsconfig.json with which the npm script type-checks it.
// So a document a client generator cannot use fails the check. The files stay there to be read.
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';

const root = join(import.meta.dirname, '..');
const folder = join(root, '.tmp/openapi');
rmSync(folder, { recursive: true, force: true });
mkdirSync(folder, { recursive: true });

const database = await openDatabase({ dataDir: 'memory://' });
await database.migrate();
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JWT_SECRET: 'x'.repeat(32) });
const app = await buildApp({ config, database });
try {
  await app.ready();
  const answer = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  if (answer.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${answer.statusCode}`);
  writeFileSync(join(folder, 'openapi.json'), answer.body);
  console.log(
    `check:openapi: the served document (${answer.body.length} bytes) is in .tmp/openapi/openapi.json`,
  );
} finally {
  await app.close();
  await database.close();
}

copyFileSync(join(root, 'scripts/check-openapi-usage.ts'), join(folder, 'usage.ts'));
writeFileSync(
  join(folder, 'tsconfig.json'),
  JSON.stringify({
    extends: '../../tsconfig.base.json',
    compilerOptions: { types: [] },
    files: ['usage.ts'],
  }),
);
