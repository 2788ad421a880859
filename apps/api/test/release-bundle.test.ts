import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, pngImage } from './multipart.ts';
import {
  stopWithSigterm,
  tail,
  type WatchedProcess,
  waitUntilAnswers,
  watchProcess,
} from './process-output.ts';
import { redisForTests, type TestRedis } from './redis-for-tests.ts';
import { freePort } from './spawned-server.ts';

/**
 * The release bundle (`npm run release`) as an operator gets it: made into a folder outside the
 * repository, started with `node server.js` and nothing else, on PostgreSQL and Redis. It needs the
 * built API and web client, which `npm test` makes before the suites (the script checks and says so).
 */
const repository = fileURLToPath(new URL('../../../', import.meta.url));
const serverUrl = process.env.TEST_DATABASE_URL;
const isBuilt =
  existsSync(join(repository, 'apps/api/dist/server.js')) &&
  existsSync(join(repository, 'apps/web/dist/index.html'));
const skipReason = !serverUrl
  ? 'the PostgreSQL run makes and starts the bundle (TEST_DATABASE_URL)'
  : !isBuilt
    ? 'nothing built: run npm run build first (npm test does)'
    : false;
if (skipReason) console.info(`release bundle: skipped, ${skipReason}`);

const ADMIN = { email: 'release.admin@scentia.test', password: 'Release#2026' };
/** npm install on a busy two-core machine, then the first start's migrations: minutes, not seconds. */
const RELEASE_TIMEOUT_MS = 300_000;

describe.skipIf(skipReason)(`the release bundle${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  // Made in beforeAll: a skipped describe still runs its body, and would leave an empty folder behind.
  let folder = '';
  let bundle = '';
  const databaseName = `scentia_release_${randomBytes(6).toString('hex')}`;
  let redis: TestRedis | undefined;
  let server: WatchedProcess | undefined;
  let base = '';
  let token = '';

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'scentia-release-'));
    bundle = join(folder, 'release');
    const release = watchProcess(
      process.execPath,
      [join(repository, 'scripts/release.mjs'), '--skip-build', '--out', bundle],
      { cwd: repository, env: process.env },
    );
    const code = await release.exited;
    if (code !== 0) throw new Error(`npm run release failed (${code}):\n${tail(release.output(), 60)}`);

    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const databaseUrl = new URL(serverUrl as string);
    databaseUrl.pathname = `/${databaseName}`;

    const found = await redisForTests();
    if ('skipReason' in found) console.info(`release bundle: started without Redis, ${found.skipReason}`);
    else redis = found;

    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // Only what an operator would set: nothing of the test run's environment (NODE_OPTIONS, tsx…), and
    // the working directory outside the repository, so no module can come from its node_modules.
    server = watchProcess(process.execPath, [join(bundle, 'server.js')], {
      cwd: folder,
      env: {
        PATH: process.env.PATH,
        HOME: folder,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'info',
        DATA_DIR: join(folder, 'data'),
        DATABASE_URL: databaseUrl.toString(),
        DATABASE_POOL_SIZE: '4',
        // The test server's superuser: the roles an operator gives the app are not this test's subject.
        DATABASE_ALLOW_OWNER: 'true',
        ...(redis ? { REDIS_URL: redis.url, REDIS_KEY_PREFIX: redis.keyPrefix } : {}),
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        APP_URL: base,
      },
    });
    await waitUntilAnswers(`${base}/api/health/ready`, server, RELEASE_TIMEOUT_MS);
  }, RELEASE_TIMEOUT_MS * 2);

  afterAll(async () => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    await redis?.close();
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${databaseName} with (force)`);
    await dropper.end();
    if (folder) rmSync(folder, { recursive: true, force: true });
  }, 60_000);

  it('holds the production dependencies only, pinned, with packages/shared inlined rather than linked', () => {
    const manifest = JSON.parse(readFileSync(join(bundle, 'package.json'), 'utf8'));
    expect(manifest.devDependencies).toBeUndefined();
    expect(Object.keys(manifest.dependencies)).not.toContain('@scentia/shared');
    for (const version of Object.values(manifest.dependencies)) expect(version).toMatch(/^\d+\.\d+\.\d+/);
    expect(existsSync(join(bundle, 'package-lock.json'))).toBe(true);
    for (const devOnly of ['vitest', 'esbuild', 'typescript', 'tsx', '@scentia/shared'])
      expect(existsSync(join(bundle, 'node_modules', devOnly)), devOnly).toBe(false);
    expect(existsSync(join(bundle, 'apps/api/dist/migrations/meta/_journal.json'))).toBe(true);
  });

  it('is ready with its database, migrations and Redis', async () => {
    const response = await fetch(`${base}/api/health/ready`);
    const body = (await response.json()) as { status: string; checks: { name: string; isReady: boolean }[] };
    expect(body.status).toBe('ready');
    expect(body.checks.every((check) => check.isReady)).toBe(true);
    if (redis) expect(body.checks.map((check) => check.name)).toContain('redis');
  });

  it('signs the administrator in, writes a category and a fragrance with its image, and reads them back', async () => {
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status, await login.clone().text()).toBe(200);
    token = ((await login.json()) as { token: string }).token;
    const authorization = { authorization: `Bearer ${token}` };

    const created = await fetch(`${base}/api/categories`, {
      method: 'POST',
      headers: { ...authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Cítricos do pacote' }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { categoryId } = (await created.json()) as { categoryId: number };

    // The upload goes through sharp, the read of the image through the signed file route.
    const form = multipart([
      { name: 'name', value: 'Bergamota do pacote' },
      { name: 'ofactoryWay', value: 'Cítrico fresco' },
      { name: 'categoryId', value: String(categoryId) },
      { name: 'image.file', fileName: 'bergamota.png', contentType: 'image/png', bytes: await pngImage() },
    ]);
    const fragrance = await fetch(`${base}/api/fragrances`, {
      method: 'POST',
      headers: { ...authorization, ...form.headers },
      body: form.payload,
    });
    expect(fragrance.status, await fragrance.clone().text()).toBe(201);
    const { fragranceId } = (await fragrance.json()) as { fragranceId: number };

    const read = await fetch(`${base}/api/fragrances/${fragranceId}`, { headers: authorization });
    expect(read.status).toBe(200);
    const row = (await read.json()) as {
      name: string;
      category: { name: string };
      image: { tempUri: string };
    };
    expect(row).toMatchObject({ name: 'Bergamota do pacote', category: { name: 'Cítricos do pacote' } });
    const image = await fetch(new URL(row.image.tempUri, base));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(100);
  });

  it('serves the web client, pre-compressed', async () => {
    const index = await fetch(`${base}/`, { headers: { 'accept-encoding': 'br' } });
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await index.text()).toMatch(/<div id="root">/);
    // The entry script of the client, as a browser asks for it.
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(
      readFileSync(join(bundle, 'apps/web/dist/index.html'), 'utf8'),
    )?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${base}${script}`, { headers: { 'accept-encoding': 'br' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-encoding')).toBe('br');
  });

  it('stops on SIGTERM with exit code 0', async () => {
    const running = server as WatchedProcess;
    expect(await stopWithSigterm(running)).toBe(0);
    expect(running.output()).toContain('Shut down');
  }, 60_000);
});
