import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { scheduledIntensityAt } from '@scentia/shared/schedule-times';
import type { Schedule } from '@scentia/shared/schedules.schemas';
import { sql } from 'drizzle-orm';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeviceFixture, type DeviceFixture } from './device-fixture.ts';
import { createTestApp, type TestContext } from './test-app.ts';

type Driver = {
  driveDevice: (options: {
    baseUrl: string;
    macAddress: string;
    provisioningKey: string;
    appUserToken: string;
    serialPrefix: string;
  }) => Promise<{
    provisioned: { status: number; codeDigits: number };
    pairing: { status: number; deviceId: number };
    config: { status: number; version: string; schedule: { timeZone: string; ranges: Schedule['ranges'] } };
    unchanged: { status: number };
    heartbeat: { status: number; capsules: { slot: number; remainingShots: number }[] };
    shots: { status: number; answer: { shots: number; isNew: boolean; capsules: unknown[] } };
    again: { status: number; answer: { shots: number; isNew: boolean } };
  }>;
  intensityAt: (schedule: { timeZone: string; ranges: Schedule['ranges'] }, at: Date) => number;
};

const root = join(import.meta.dirname, '../../..');
let ctx: TestContext;
let fixture: DeviceFixture;
let folder: string;
let baseUrl: string;

/** A schedule that crosses midnight and a week's end, in a zone with daylight saving. */
const schedule: Schedule = {
  ranges: [
    { weekday: 0, start: '09:00', end: '12:00', intensity: 30 },
    { weekday: 5, start: '22:00', end: '02:00', intensity: 120 },
    { weekday: 6, start: '23:00', end: '01:00', intensity: 60 },
  ],
};

beforeAll(async () => {
  ctx = await createTestApp();
  fixture = await createDeviceFixture(ctx);
  await ctx.query(
    sql`update locations set time_zone = 'America/New_York', schedule = ${JSON.stringify(schedule)}::jsonb
        where id = ${fixture.locationIds[0]}`,
  );
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  // Beside the repository's node_modules, so the copy type-checks with the same compiler and types.
  mkdirSync(join(root, '.tmp'), { recursive: true });
  folder = mkdtempSync(join(root, '.tmp', 'device-client-'));
});
afterAll(async () => {
  rmSync(folder, { recursive: true, force: true });
  await ctx.close();
});

/** The client generated from the served document alone, type-checked, and loaded. */
async function generatedClient(): Promise<Driver> {
  const document = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
  writeFileSync(join(folder, 'openapi.json'), document.body);
  execFileSync(
    join(root, 'node_modules/.bin/openapi-typescript'),
    [join(folder, 'openapi.json'), '-o', join(folder, 'openapi-types.ts')],
    { stdio: 'pipe' },
  );
  copyFileSync(join(root, 'scripts/openapi-device-driver.ts'), join(folder, 'device-driver.ts'));
  writeFileSync(
    join(folder, 'tsconfig.json'),
    JSON.stringify({
      extends: '../../tsconfig.base.json',
      compilerOptions: { types: ['node'], lib: ['ES2023', 'DOM'] },
      files: ['device-driver.ts'],
    }),
  );
  const config = ts.getParsedCommandLineOfConfigFile(
    join(folder, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error('no tsconfig');
  const program = ts.createProgram(config.fileNames, config.options);
  const problems = ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  expect(problems).toEqual([]);
  return (await import(pathToFileURL(join(folder, 'device-driver.ts')).href)) as Driver;
}

type Node = { [key: string]: unknown };

/** The schema at `path` (property names; `[]` for an array's items) below `schema`, following `$ref`s. */
function schemaAt(document: Node, schema: unknown, path: string[]): Node {
  let node = schema as Node;
  for (const step of ['', ...path]) {
    while (typeof node.$ref === 'string') {
      node = node.$ref
        .slice(2)
        .split('/')
        .reduce<Node>((parent, key) => parent[key] as Node, document);
    }
    if (step === '') continue;
    node = (step === '[]' ? node.items : (node.properties as Node)[step]) as Node;
    while (typeof node.$ref === 'string') {
      node = node.$ref
        .slice(2)
        .split('/')
        .reduce<Node>((parent, key) => parent[key] as Node, document);
    }
  }
  return node;
}

describe('a device built from GET /api/openapi.json alone', () => {
  it('tells what a firmware needs: the secret’s encoding, the weekdays, the unit of intensity, the limits', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Node;
    const operation = (path: string, method: string) =>
      ((document.paths as Node)[path] as Node)[method] as Node;
    const answer = (path: string, method: string, status: string) =>
      (((operation(path, method).responses as Node)[status] as Node).content as Node)[
        'application/json'
      ] as Node;
    const description = (node: Node) => String(node.description ?? '');

    const provisioned = answer('/api/device/provision', 'post', '201').schema;
    expect(description(schemaAt(document, provisioned, ['secret']))).toMatch(
      /base32.*RFC 4648.*no `=` padding/,
    );
    expect(description(schemaAt(document, provisioned, ['secret']))).toMatch(/RFC 6238/);
    const config = answer('/api/device/config', 'get', '200').schema;
    const range = ['schedule', 'ranges', '[]'];
    expect(description(schemaAt(document, config, [...range, 'weekday']))).toMatch(/0 is Sunday/);
    expect(description(schemaAt(document, config, [...range, 'intensity']))).toMatch(/Shots per hour/);
    expect(description(schemaAt(document, config, ['schedule', 'timeZone']))).toMatch(/IANA/);
    expect(description(schemaAt(document, config, ['campaign', 'collection', '[]', 'shotSeconds']))).toMatch(
      /seconds/,
    );
    const shotEntry = (
      ((operation('/api/device/shots', 'post').requestBody as Node).content as Node)[
        'application/json'
      ] as Node
    ).schema;
    expect(description(schemaAt(document, shotEntry, ['shots', '[]', 'count']))).toMatch(
      /beyond the capsule’s level/,
    );
    expect(description(operation('/api/device/provision', 'post'))).toMatch(/at most 1 KB \(413/);
    expect(description(operation('/api/device/heartbeat', 'post'))).toMatch(/at most 8 KB \(413/);
    expect(description(operation('/api/device/shots', 'post'))).toMatch(/at most 128 KB \(413/);
  });

  // Generating the types of the whole document and type-checking against them takes seconds of CPU.
  it('provisions, is paired with its code, fetches its configuration, beats and sends shots', {
    timeout: 120_000,
  }, async () => {
    const driver = await generatedClient();
    const device = await fixture.createDevice({ isProvisioned: false });
    const account = await ctx.createAccount({ profile: 'USER' });
    const appUserToken = (await ctx.signIn(account.email, account.password)).token;
    const run = await driver.driveDevice({
      baseUrl,
      macAddress: device.macAddress,
      provisioningKey: fixture.provisioningKey,
      appUserToken,
      serialPrefix: `OAS${device.id}`,
    });
    expect(run.provisioned).toEqual({ status: 201, codeDigits: 6 });
    // The code computed from the base32 secret with the document's parameters pairs.
    expect(run.pairing).toEqual({ status: 201, deviceId: device.id });
    expect(run.config.status).toBe(200);
    expect(run.unchanged.status).toBe(304);
    expect(run.heartbeat.status).toBe(200);
    expect(run.heartbeat.capsules.map((capsule) => capsule.slot)).toEqual(
      fixture.fragranceIds.map((_, index) => index + 1),
    );
    // Twelve shots from a capsule of ten: all counted, the level stops at zero; sent again, counted once.
    expect(run.shots.status).toBe(200);
    expect(run.shots.answer).toMatchObject({
      shots: 12,
      isNew: true,
      capsules: [{ slot: 1, remainingShots: 0 }],
    });
    expect(run.again.answer).toMatchObject({ shots: 0, isNew: false });
    const [linked] = await ctx.query<{ userId: number }>(
      sql`select user_id as "userId" from devices where id = ${device.id}`,
    );
    expect(linked?.userId).toBe(account.id);

    // The document's weekday numbering, wall-clock times and intensity read as the server means them.
    for (let hour = 0; hour < 7 * 24; hour += 1) {
      const at = new Date(Date.UTC(2026, 2, 6, 0, 0) + hour * 3_600_000 + 30 * 60_000);
      expect(driver.intensityAt(run.config.schedule, at), at.toISOString()).toBe(
        scheduledIntensityAt(schedule, 'America/New_York', at),
      );
    }
  });
});
