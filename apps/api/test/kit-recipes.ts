import { type KitRecordType, RECORD_PATHS } from '@scentia/shared/audit.schemas';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { importUpload } from './import-files.ts';

type Caller = 'admin' | 'anonymous';
type Call = {
  request: InjectOptions;
  caller: Caller;
  /** Who the trail names when the request carries its own token (an app user): null without one. */
  actorId?: number;
  record: { type: string; id: number };
  /** The trail's action when it is not the operation's id (an import's rows: `importOrganization`). */
  action?: string;
};
export type Recipe = { describe: string; prepare: () => Promise<Call> };

/**
 * A valid body for a kit resource's create (and, made again, its update): a JSON `payload`, or a
 * multipart form. It is all a kit resource's audit recipes need from its author.
 */
export type KitSample = () => Promise<Omit<InjectOptions, 'method' | 'url'>>;

/**
 * The recipes of the routes the resource kit registers for a kind of record (create, update,
 * deactivate, delete for good, activate), keyed as the OpenAPI document writes them, from its
 * collection path (the shared `RECORD_PATHS`) and a sample body. The created record's id is the
 * answer's `<type>Id`, as every kit row names it.
 */
export function kitRecipes(
  type: KitRecordType,
  sample: KitSample,
  send: (request: InjectOptions) => Promise<LightMyRequestResponse>,
): Record<string, Recipe[]> {
  const url = `/api${RECORD_PATHS[type]}`;

  async function create(): Promise<number> {
    const response = await send({ method: 'POST', url, ...(await sample()) });
    expect(response.statusCode, response.body).toBe(201);
    return response.json()[`${type}Id`];
  }

  async function createInactive(): Promise<number> {
    const id = await create();
    expect((await send({ method: 'DELETE', url: `${url}/${id}` })).statusCode).toBe(204);
    return id;
  }

  /** A recipe whose call is made by the admin on the record `prepare` answers (NaN: a new one). */
  const recipe = (
    describe: string,
    prepare: () => Promise<{ request: InjectOptions; id: number }>,
  ): Recipe => ({
    describe,
    prepare: async () => {
      const { request, id } = await prepare();
      return { request, caller: 'admin', record: { type, id } };
    },
  });

  return {
    [`POST ${url}`]: [
      recipe(`creates a ${type}`, async () => ({
        request: { method: 'POST', url, ...(await sample()) },
        id: Number.NaN,
      })),
    ],
    [`PUT ${url}/{id}`]: [
      recipe(`updates a ${type}`, async () => {
        const id = await create();
        return { request: { method: 'PUT', url: `${url}/${id}`, ...(await sample()) }, id };
      }),
    ],
    [`DELETE ${url}/{id}`]: [
      recipe(`deactivates a ${type}`, async () => {
        const id = await create();
        return { request: { method: 'DELETE', url: `${url}/${id}` }, id };
      }),
      recipe(`deletes an inactive ${type} for good`, async () => {
        const id = await createInactive();
        return { request: { method: 'DELETE', url: `${url}/${id}?hardDelete=true` }, id };
      }),
    ],
    [`PUT ${url}/activate/{id}`]: [
      recipe(`activates a ${type}`, async () => {
        const id = await createInactive();
        return { request: { method: 'PUT', url: `${url}/activate/${id}` }, id };
      }),
    ],
  };
}

/**
 * The recipe of a resource's spreadsheet import (`POST {path}/import`): one row applied from the CSV
 * that `csv` writes (after making whatever the row refers to), recorded as `import<RecordType>`.
 */
export function importRecipe(
  type: KitRecordType,
  describe: string,
  csv: () => Promise<string>,
): Record<string, Recipe[]> {
  const url = `/api${RECORD_PATHS[type]}/import`;
  const action = `import${type.charAt(0).toUpperCase()}${type.slice(1)}`;
  return {
    [`POST ${url}`]: [
      {
        describe,
        prepare: async () => ({
          request: { method: 'POST', url: `${url}?mode=apply`, ...importUpload(Buffer.from(await csv())) },
          caller: 'admin',
          record: { type, id: Number.NaN },
          action,
        }),
      },
    ],
  };
}
