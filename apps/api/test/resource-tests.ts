import { afterAll, beforeAll } from 'vitest';
import type { RecordReader } from '../src/lib/resource-kit/resource-list.ts';
import { createTestApp, type TestContext } from './test-app.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A resource test file's app, and its calls as a signed-in OPERADOR (staff, who may use every kit
 * route): `call(method, url, payload?, language?)`, the language as `content-language`. Made before
 * the file's tests, closed after them.
 */
export function staffSession() {
  let ctx: TestContext | undefined;
  let token = '';
  beforeAll(async () => {
    ctx = await createTestApp();
    const operator = await ctx.createAccount({ profile: 'OPERADOR' });
    token = (await ctx.signIn(operator.email, operator.password)).token;
  });
  afterAll(() => ctx?.close());

  const session = {
    get ctx(): TestContext {
      if (!ctx) throw new Error('The session starts in beforeAll');
      return ctx;
    },
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
