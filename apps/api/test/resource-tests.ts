import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { RecordReader } from '../src/lib/resource-kit/resource-list.ts';
import { createTestApp, type TestContext } from './test-app.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A resource test file's app, and its calls as a signed-in OPERADOR (staff, who may use every kit
 * route), or as an ADMIN with `{ admin: true }` (an ADMIN-only resource's routes):
 * `call(method, url, payload?, language?)`, the language as `content-language`. Made before the file's
 * tests, closed after them.
 */
export function staffSession(options: { admin?: boolean } = {}) {
  let ctx: TestContext | undefined;
  let token = '';
  beforeAll(async () => {
    ctx = await createTestApp();
    const operator = await ctx.createAccount({ profile: options.admin ? 'ADMIN' : 'OPERADOR' });
    token = (await ctx.signIn(operator.email, operator.password)).token;
  });
  afterAll(() => ctx?.close());

  const session = {
    get ctx(): TestContext {
      if (!ctx) throw new Error('The session starts in beforeAll');
      return ctx;
    },
    /** The session's headers, for a call `call` cannot make (a multipart upload). */
    headers: (language = 'pt-BR') => ({ authorization: `Bearer ${token}`, 'content-language': language }),
    call: (method: Method, url: string, payload?: object, language = 'pt-BR') =>
      session.ctx.app.inject({
        method,
        url,
        payload,
        headers: { authorization: `Bearer ${token}`, 'content-language': language },
      }),
  };
  return session;
}

/**
 * Makes a repository's reader run `meanwhile` after its first read of a record, before the service
 * writes: what another request may do between a rule's check and the statement (a race test).
 */
export function meanwhileAfterFirstRead<Record>(
  reader: RecordReader<Record>,
  meanwhile: (id: number) => Promise<unknown>,
): void {
  const read = reader.findById.bind(reader);
  let isFirst = true;
  reader.findById = async (id) => {
    const record = await read(id);
    if (isFirst) {
      isFirst = false;
      await meanwhile(id);
    }
    return record;
  };
}

type Call = (method: Method, url: string, payload?: object) => Promise<LightMyRequestResponse>;

/**
 * The stale-save check of an editable record saved at `url` (and read at `recordUrl`, the same unless
 * the save is a part of the record: a location's schedule), opened at version `updatedAt`: the first
 * save based on it passes; a second based on the same version is 409 STALE_RECORD and changes nothing;
 * the same save based on the version the first one answered passes.
 */
export async function expectStaleSaveRefused(
  call: Call,
  url: string,
  saves: [object, object],
  updatedAt: string,
  recordUrl = url,
) {
  const first = await call('PUT', url, { ...saves[0], updatedAt });
  expect(first.statusCode, first.body).toBe(200);
  const stale = await call('PUT', url, { ...saves[1], updatedAt });
  expect(stale.statusCode).toBe(409);
  expect(stale.json()).toMatchObject({ code: 'STALE_RECORD' });
  expect((await call('GET', recordUrl)).json().updatedAt).toBe(first.json().updatedAt);
  const current = await call('PUT', url, { ...saves[1], updatedAt: first.json().updatedAt });
  expect(current.statusCode, current.body).toBe(200);
}
