import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode } from '@scentia/shared/error-codes';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { multipart } from '../multipart.ts';
import { createTestApp } from '../test-app.ts';
import { edgeRequestsFor, hasIdInPath, plainRequestFor } from './boundary-requests.ts';
import { createFuzzAccounts } from './fuzz-accounts.ts';
import { describeRequest, type FuzzRequest, requestsFor } from './hostile-requests.ts';
import {
  type Operation,
  ROLES_BY_ACCESS,
  type Role,
  readOperations,
  resolver,
  vocabularyOf,
} from './openapi-operations.ts';
import { changedParts, createStateDigest } from './state-digest.ts';

/*
 * Every operation of the live OpenAPI document, called by every role that may call it, with generated
 * hostile input. Nothing here names a route: a new route is fuzzed as soon as the document shows it.
 * Longer or different runs: FUZZ_RUNS=200 FUZZ_SEED=42 npx vitest run test/fuzz
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
/*
 * `npm test` runs this file on both databases and splits the inputs between them (FUZZ_PART, set by
 * scripts/test.mjs): each route × role pair draws the same RUNS inputs and each edge sweep lists the
 * same edges on both, and the PostgreSQL suite sends the even-numbered ones (`even`), the PGlite suite
 * the odd-numbered ones (`odd`). Every pair and every sweep still runs on both databases, every input
 * on one. By default (`all`) every input is sent. Why the split is sound: docs/decisions/test-suite.md.
 */
const PART = process.env.FUZZ_PART ?? 'all';
if (!['all', 'even', 'odd'].includes(PART)) throw new Error(`FUZZ_PART is all, even or odd, not ${PART}`);
/** Whether this run sends the input numbered `index` (from 0) of its pair or sweep. */
const isSentHere = (index: number) => PART === 'all' || index % 2 === (PART === 'even' ? 0 : 1);
const UPLOAD_MAX_MB = 0.05;
const BODY_LIMIT_KB = 100;

const dataDir = mkdtempSync(join(tmpdir(), 'scentia-fuzz-'));
const ctx = await createTestApp({
  DATA_DIR: dataDir,
  UPLOAD_MAX_MB: String(UPLOAD_MAX_MB),
  BODY_LIMIT_KB: String(BODY_LIMIT_KB),
  // No postcode lookup leaves the machine: a closed port answers at once, and the offline answer is used.
  VIACEP_URL: 'http://127.0.0.1:9',
  VIACEP_TIMEOUT_MS: '200',
  // Fuzzed sign-ins may name a fuzz account; its lock-out must not stop it signing in again.
  LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000000',
  // The device role sends far more than a device would: its calls must reach the routes, not the limit.
  DEVICE_REQUESTS_PER_MINUTE: '1000000',
  // The alerts job recomputes every capsule's forecast each quarter hour of the clock (a period claimed by
  // the first instance): a run crossing one saw a refused write "change" capsule_forecasts. Once a day.
  ALERTS_INTERVAL_MINUTES: '1440',
});
const accounts = await createFuzzAccounts(ctx);
const digest = await createStateDigest(ctx, join(dataDir, 'files'));
const document = ctx.app.swagger() as Parameters<typeof readOperations>[0];
const operations = readOperations(document);
const { names, values } = vocabularyOf(document);

const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#f60' } })
  .png()
  .toBuffer();
const jpeg = await sharp(png).jpeg().toBuffer();
const ids = await seedRecords();

const context = {
  resolve: resolver(document),
  vocabulary: names,
  values: [...values, ...accounts.emails],
  ids,
  images: { png, jpeg },
  maxUploadBytes: Math.round(UPLOAD_MAX_MB * 1_048_576),
  bodyLimitBytes: BODY_LIMIT_KB * 1024,
};

/** A few records of each kind, so writes and reads meet real rows as well as missing ones. */
async function seedRecords(): Promise<number[]> {
  const authorization = `Bearer ${accounts.tokenOf('admin')}`;
  for (const name of ['Cítricos', 'Amadeirados']) {
    await ctx.app.inject({
      method: 'POST',
      url: '/api/categories',
      payload: { name },
      headers: { authorization },
    });
  }
  const form = multipart([
    { name: 'name', value: 'Limão Siciliano' },
    { name: 'ofactoryWay', value: 'Cítrico fresco' },
    { name: 'categoryId', value: '1' },
    { name: 'image.file', fileName: 'limao.png', contentType: 'image/png', bytes: png },
  ]);
  await ctx.app.inject({
    method: 'POST',
    url: '/api/fragrances',
    payload: form.payload,
    headers: { ...form.headers, authorization },
  });
  await ctx.createAccount({ profile: 'OPERADOR', isConfirmed: false });
  await ctx.createAccount({ profile: 'USER', isActive: false });
  return [1, 2, 3, 4, 5, 6];
}

const figures = {
  sent: 0,
  unsendable: 0,
  serverErrors: 0,
  foreignErrors: 0,
  changedRefusals: 0,
  refusedWrites: 0,
  repairs: 0,
  byRole: new Map<Role, { calls: number; lostSessions: number }>(),
  pairs: 0,
  /** Requests of the edge sweep (each field at each of its edges). */
  edges: 0,
  statuses: new Map<number, number>(),
  /** Operations answered 2xx at least once: the fuzzer got through to the service there. */
  accepted: new Set<string>(),
};

/**
 * The state digest taken right after the last write, while nothing has written since (reads never
 * write; putting a fuzz account back does, and forgets it): the next write's "before" costs nothing.
 */
let stateAfterLastWrite: Awaited<ReturnType<typeof digest>> | undefined;

const ERROR_CODES = new Set<string>(Object.values(ErrorCode));

/** Every refusal is the API's error body — a known code, a message — never a framework's own answer. */
function expectErrorBody(response: { statusCode: number; body: string }, request: FuzzRequest) {
  let body: { statusCode?: unknown; code?: unknown; message?: unknown } = {};
  try {
    body = JSON.parse(response.body);
  } catch {
    // Not JSON at all: reported below.
  }
  if (body.statusCode !== response.statusCode || !ERROR_CODES.has(String(body.code)) || !body.message) {
    figures.foreignErrors += 1;
    throw new Error(
      `${response.statusCode} answered without the API's error body: ${response.body.slice(0, 200)} for ${describeRequest(request)}`,
    );
  }
}

let address = 0;
/** Each call comes from its own address, so per-IP rate limits never hide a route behind 429s. */
function nextAddress(): string {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
}

function seedFor(key: string): number {
  let hash = 2_166_136_261;
  for (const character of key) hash = Math.imul(hash ^ character.charCodeAt(0), 16_777_619);
  return (SEED ^ hash) | 0;
}

async function send(request: FuzzRequest, role: Role) {
  const token = accounts.tokenOf(role);
  try {
    const response = await ctx.app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: { ...request.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(request.payload === undefined ? {} : { payload: request.payload }),
      remoteAddress: nextAddress(),
    });
    // A request's effects include the work done after its answer (password recovery's link and mail):
    // otherwise that work lands between the next request's two state digests and is blamed on it.
    await ctx.afterAnswersSettled();
    return response;
  } catch {
    // The injector itself refused to build the request (an invalid URL or header): nothing was sent.
    figures.unsendable += 1;
    return undefined;
  }
}

/**
 * Sends one request as `role` and checks its answer: never a 5xx, every refusal the API's error body,
 * and a refused write changes nothing. Answers the status, and whether the role's session was turned
 * away (then it is renewed).
 */
async function sendAndCheck(
  request: FuzzRequest,
  role: Role,
  operation: Operation,
): Promise<{ status: number | undefined; isSignedOut: boolean }> {
  const counts = figures.byRole.get(role) ?? { calls: 0, lostSessions: 0 };
  figures.byRole.set(role, counts);
  const isWrite = request.method !== 'GET';
  const before = isWrite ? (stateAfterLastWrite ?? (await digest())) : undefined;
  stateAfterLastWrite = undefined;
  const response = await send(request, role);
  if (!response) return { status: undefined, isSignedOut: false };
  const after = isWrite ? await digest() : undefined;
  stateAfterLastWrite = after;
  figures.sent += 1;
  counts.calls += 1;
  const status = response.statusCode;
  figures.statuses.set(status, (figures.statuses.get(status) ?? 0) + 1);
  if (status < 300) figures.accepted.add(`${operation.method} ${operation.path}`);
  if (status >= 500) {
    figures.serverErrors += 1;
    throw new Error(`${status} ${response.body.slice(0, 300)} for ${describeRequest(request)}`);
  }
  if (status >= 400) expectErrorBody(response, request);
  if (before && after && status >= 400) {
    figures.refusedWrites += 1;
    const changed = changedParts(before, after);
    if (changed.length > 0) {
      figures.changedRefusals += 1;
      throw new Error(`${status} changed ${changed.join(', ')} for ${describeRequest(request)}`);
    }
  }
  let isSignedOut = false;
  const code = status === 401 ? (response.json() as { code?: string }).code : undefined;
  // A refused session, not a refused password: the role's token (or the device's credential) no longer works.
  const isTurnedAway =
    role === 'device'
      ? code === 'DEVICE_CREDENTIAL_INVALID'
      : code === 'UNAUTHENTICATED' || code === 'TOKEN_EXPIRED';
  if (role !== 'anonymous' && isTurnedAway) {
    counts.lostSessions += 1;
    if (!(await accounts.restore())) await accounts.renew(role);
    stateAfterLastWrite = undefined;
    isSignedOut = true;
  }
  if (isWrite && status < 300 && (await accounts.restore())) {
    figures.repairs += 1;
    stateAfterLastWrite = undefined;
  }
  return { status, isSignedOut };
}

/**
 * The id the edges put in the path: the first seeded record the plain request is accepted for, so an
 * edge in the body meets a record that exists and may change (an id the database refuses, say).
 */
async function workingId(operation: Operation, role: Role): Promise<number> {
  const [first] = context.ids as [number];
  if (!hasIdInPath(operation, context)) return first;
  let found: number | undefined;
  for (const id of context.ids) {
    const { status } = await sendAndCheck(plainRequestFor(operation, context, id), role, operation);
    if (status !== undefined && status < 300) return id;
    if (status !== 404) found ??= id;
  }
  return found ?? first;
}

afterAll(async () => {
  const roles = [...figures.byRole.entries()]
    .map(([role, counts]) => `${role} ${counts.calls} calls (${counts.lostSessions} lost sessions)`)
    .join(', ');
  console.info(
    [
      `fuzz (FUZZ_SEED=${SEED}, FUZZ_RUNS=${RUNS}, FUZZ_PART=${PART}, ${ctx.driver}):`,
      `  routes covered: ${operations.length} operations, ${figures.pairs} route × role pairs`,
      `  roles: ${roles}`,
      `  inputs sent: ${figures.sent} (${figures.edges} of them at a field's edge; ${figures.unsendable} the injector refused to build)`,
      `  answers by status: ${[...figures.statuses]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}×${count}`)
        .join(' ')}`,
      `  operations answered 2xx at least once: ${figures.accepted.size} of ${operations.length}`,
      ...(process.env.FUZZ_VERBOSE
        ? operations
            .map((operation) => `${operation.method} ${operation.path}`)
            .filter((key) => !figures.accepted.has(key))
            .map((key) => `    never 2xx: ${key}`)
        : []),
      `  5xx answers: ${figures.serverErrors}`,
      `  4xx answers without the API's error body: ${figures.foreignErrors}`,
      `  refused writes: ${figures.refusedWrites}, of which changed something: ${figures.changedRefusals}`,
      `  fuzz accounts put back after a write changed them: ${figures.repairs}`,
    ].join('\n'),
  );
  await ctx.close();
});

describe('every route of the OpenAPI document, fuzzed', () => {
  it('reads the routes and who may call them from the live document', () => {
    expect(operations.length).toBeGreaterThan(20);
    expect(operations.some((operation) => operation.multipartBody)).toBe(true);
    expect(operations.some((operation) => operation.jsonBody)).toBe(true);
  });

  it('aims at the edges of integers and strings wherever they travel: path, query, JSON body, multipart part', () => {
    const edgesOf = (method: string, path: string) => {
      const operation = operations.find((item) => item.method === method && item.path === path);
      return operation ? edgeRequestsFor(operation, context, 1).map((request) => request.edge) : [];
    };
    const integers = ['0', '-1', '2147483647', '2147483648', '9007199254740992', '12345678901234567890'];
    expect(edgesOf('GET', '/api/usuario/{id}')).toEqual(
      expect.arrayContaining(integers.map((value) => `path id = "${value}"`)),
    );
    expect(edgesOf('GET', '/api/usuario')).toEqual(
      expect.arrayContaining([...integers.map((value) => `query page = "${value}"`), 'query search = ""']),
    );
    expect(edgesOf('POST', '/api/usuario')).toEqual(
      expect.arrayContaining([
        ...integers.map((value) => `body profile.id = ${value}`),
        ...integers.map((value) => `body profile.id = "${value}"`),
        'body email = ""',
        'body nome = "xxxxxxxxxxxx…(201)"',
      ]),
    );
    expect(edgesOf('PUT', '/api/usuario/{id}')).toEqual(
      expect.arrayContaining(integers.map((value) => `body profile.id = ${value}`)),
    );
    expect(edgesOf('POST', '/api/fragrances')).toEqual(
      expect.arrayContaining(integers.map((value) => `body categoryId = "${value}"`)),
    );
    expect(edgesOf('PUT', '/api/campaigns/{id}')).toEqual(
      expect.arrayContaining(integers.map((value) => `body collection[0][fragranceId] = "${value}"`)),
    );
  });

  for (const operation of operations) {
    for (const role of ROLES_BY_ACCESS[operation.access]) {
      const key = `${operation.method} ${operation.path} as ${role}`;
      it(`${key}: never a 5xx, and a refused write changes nothing`, async () => {
        figures.pairs += 1;
        let answered = 0;
        // The inputs are drawn in the same order on both databases; the other one's are drawn, not
        // sent. Once an input failed, every smaller one fast-check tries is sent.
        let drawn = 0;
        let sentHere = 0;
        let isShrinking = false;
        const seed = seedFor(key);
        const property = fc.asyncProperty(requestsFor(operation, context), async (request) => {
          drawn += 1;
          if (!isShrinking && !isSentHere(drawn - 1)) return;
          sentHere += 1;
          try {
            if (!(await sendAndCheck(request, role, operation)).isSignedOut) answered += 1;
          } catch (error) {
            isShrinking = true;
            throw error;
          }
        });
        try {
          await fc.assert(property, { numRuns: RUNS, seed });
        } catch (error) {
          throw new Error(
            `${key} failed (FUZZ_SEED=${SEED}, FUZZ_PART=${PART}, property seed ${seed}):\n${(error as Error).message}`,
          );
        }
        // Coverage must not collapse into 401s: the role's calls have to reach the route.
        if (sentHere > 0)
          expect(answered, `${key}: every call was turned away as signed out`).toBeGreaterThan(0);
      }, 120_000);
    }
  }

  /*
   * The edges, listed rather than drawn: each field of each operation at each of its edges, sent by
   * the role that gets furthest (the last the route lets in), so the edge meets the schema and, when
   * the schema lets it past, the service and the database.
   */
  for (const operation of operations) {
    const role = ROLES_BY_ACCESS[operation.access].at(-1) as Role;
    const key = `${operation.method} ${operation.path} as ${role}`;
    it(`${key}: every field at its edges, never a 5xx, and a refused write changes nothing`, async () => {
      const failures: string[] = [];
      const id = await workingId(operation, role);
      const edges = edgeRequestsFor(operation, context, id).filter((_, index) => isSentHere(index));
      for (const request of edges) {
        figures.edges += 1;
        try {
          await sendAndCheck(request, role, operation);
        } catch (error) {
          failures.push(`${request.edge}: ${(error as Error).message}`);
        }
      }
      expect(failures, key).toEqual([]);
    }, 120_000);
  }

  it('kept every signed-in role signed in for almost every call', () => {
    for (const [role, counts] of figures.byRole) {
      if (role === 'anonymous') continue;
      expect(counts.lostSessions, `${role} lost its session too often`).toBeLessThanOrEqual(
        Math.max(3, counts.calls * 0.05),
      );
    }
  });
});
