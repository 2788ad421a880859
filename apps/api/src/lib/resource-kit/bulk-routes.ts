import {
  BULK_MAX_ROWS,
  bulkAnswerSchema,
  bulkBodySchema,
  bulkIdsAnswerSchema,
  bulkIdsBodySchema,
} from '@scentia/shared/record-bulk.schemas';
import type { FastifyContextConfig } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AccessScope, currentScope } from '../access-scope.ts';
import type { Account } from '../account.ts';
import { invalidFields } from '../app-error.ts';
import { errorResponses } from '../http-schemas.ts';
import { type BulkDeclaration, runBulkAction } from './bulk-actions.ts';

/** The app a feature's routes plugin receives (resource-routes.ts `ZodApp`). */
type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** What a list's "all N that match" reads: the ids of the rows the list shows, at most `limit`. */
export type MatchingIds<Query> = (query: Query, scope: AccessScope, limit: number) => Promise<number[]>;

export type BulkRoutes<Row, Query> = {
  /** The collection path (`/organizations`): the routes are `{path}/bulk` and `{path}/bulk/ids`. */
  path: `/${string}`;
  tag: string;
  declaration: BulkDeclaration<Row>;
  /** The door of the actions: the single commands' (`access`; staff when absent). */
  config?: FastifyContextConfig;
  /** The door of `bulk/ids`, a read: the list's. */
  readConfig?: FastifyContextConfig;
  /** The list's filter without paging or sort, and its ids; no `bulk/ids` route without it. */
  ids?: { query: z.ZodType<Query>; matching: MatchingIds<Query> };
};

const PAGING_AND_SORT = { page: true, perPage: true, orderBy: true, orderByDirection: true } as const;

/**
 * The list's query as `bulk/ids` takes it: its filters without paging or sort (`locationListQuerySchema`
 * keeps `organizationId`), the shared contract's when the resource's query is not a plain object.
 */
export function filterOf(listQuery: z.ZodType | undefined): z.ZodType {
  return listQuery instanceof z.ZodObject ? listQuery.omit(PAGING_AND_SORT) : bulkIdsBodySchema;
}

/**
 * `POST {path}/bulk`: one action over a chunk of ids, a result per id (lib/resource-kit/bulk-actions.ts);
 * `POST {path}/bulk/ids`: the ids of all rows the list shows for a filter, within the caller's scope,
 * at most `BULK_MAX_ROWS` (more is a 400 asking to narrow the filter).
 */
export function registerBulkRoutes<Row, Query>(app: ZodApp, resource: BulkRoutes<Row, Query>): void {
  const { path, declaration } = resource;
  const tags = [resource.tag];
  const actions = [
    ...new Set([...Object.keys(declaration.actions), ...Object.keys(declaration.chunkActions ?? {})]),
  ].join(', ');

  app.post(
    `${path}/bulk`,
    {
      // The chunk commits once, each row in a savepoint of its own: a refused row leaves the others.
      config: { ...resource.config, oneTransaction: true },
      schema: {
        tags,
        summary: `Runs one action (${actions}) over up to 500 ids, each row with its own command's rules; one result per id (done, unchanged, refused with why, notFound)`,
        body: bulkBodySchema,
        response: { 200: bulkAnswerSchema, ...errorResponses },
      },
    },
    async (request) =>
      runBulkAction(declaration, request.body, {
        scope: currentScope(request),
        account: request.account as Account,
        language: request.language,
      }),
  );

  const { ids } = resource;
  if (!ids) return;
  app.post(
    `${path}/bulk/ids`,
    {
      config: { ...resource.config, ...resource.readConfig },
      schema: {
        tags,
        summary: `The ids of every row the list shows for this filter (at most ${BULK_MAX_ROWS.toLocaleString('en-US')}; more: 400)`,
        body: ids.query,
        response: { 200: bulkIdsAnswerSchema, ...errorResponses },
      },
    },
    async (request) => {
      const query = { page: 1, perPage: 10, orderByDirection: 'desc', ...(request.body as object) } as Query;
      const found = await ids.matching(query, currentScope(request), BULK_MAX_ROWS + 1);
      if (found.length > BULK_MAX_ROWS) {
        throw invalidFields({
          path: 'filter',
          key: 'field.bulkTooManyRows',
          params: { max: BULK_MAX_ROWS.toLocaleString(request.language) },
        });
      }
      return { ids: found, total: found.length };
    },
  );
}
