import { type KitRecordType, RECORD_PATHS } from '@scentia/shared/audit.schemas';
import {
  type ListQuery,
  listQuerySchema,
  type Page,
  pageOf,
  quickSearchQuerySchema,
} from '@scentia/shared/list.schemas';
import type { Language } from '@scentia/shared/locales';
import type { FastifyContextConfig } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type MessageKey, translate } from '../../i18n/translate.ts';
import type { AccessScope } from '../access-scope.ts';
import { currentScope } from '../access-scope.ts';
import { errorResponses, hardDeleteQuerySchema, idParamsSchema } from '../http-schemas.ts';
import { withResourceAccess } from '../resource-access.ts';
import { datedFileName, type ExportColumn, sendXlsx, XLSX_TYPE } from '../xlsx-export.ts';
import { type KitBulk, kitBulkDeclaration } from './bulk-actions.ts';
import { filterOf, registerBulkRoutes } from './bulk-routes.ts';
import type { Selection } from './record-reads.ts';
import { inLanguage } from './refusal.ts';

/** The app a feature's routes plugin receives: Fastify with zod schemas. */
export type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

type ListQueryInput = z.input<typeof listQuerySchema>;
type QuickSearchQuery = z.infer<typeof quickSearchQuerySchema>;
type QuickSearchInput = z.input<typeof quickSearchQuerySchema>;

/** The error answers of a write that a rule may refuse (409). */
export const conflictErrors = { ...errorResponses, 409: errorResponses[400] };
/** …and of one that carries a file: too large (413), not an image (415). */
export const uploadErrors = { ...conflictErrors, 413: errorResponses[400], 415: errorResponses[400] };

/**
 * What the read routes call: a service built with `recordReads`. Each read gets the caller's scope
 * (lib/access-scope.ts), which a service opened to members narrows its rows by.
 */
export type ReadService<Row, Record, Query extends ListQuery = ListQuery> = {
  list(query: Query, scope: AccessScope): Promise<Page<Row>>;
  exportBatches(query: Query, scope: AccessScope): AsyncIterable<Record[]>;
  get(id: number, scope: AccessScope): Promise<Row>;
};

/** What the common routes call: a service built with `recordReads` plus the state changes. */
export type ResourceService<Row, Record, Query extends ListQuery = ListQuery> = ReadService<
  Row,
  Record,
  Query
> & {
  activate(id: number): Promise<Row>;
  /** `DELETE` without hardDelete: soft delete. */
  deactivate(id: number): Promise<void>;
  /** `DELETE ?hardDelete=true`. */
  deletePermanently(id: number): Promise<void>;
  /** What bulk actions read: `recordReads(…).selection`. */
  selection: Selection<Row, Query>;
};

export type ResourceRoutes<Row, Record, Match, Query extends ListQuery, Search> = {
  /**
   * The kind of record the audit trail names it by: its collection path (`/categories`; a record's is
   * `/categories/:id`) is the shared `RECORD_PATHS` entry, so the trail's action names and the audit
   * test's recipes follow from this declaration.
   */
  recordType: KitRecordType;
  /** The OpenAPI tag: the feature's name. */
  tag: string;
  /** The answer for one record, in lists too. */
  row: z.ZodType<Row>;
  /** The answer of get when it says more than a list's row (a quiz's whole tree); `row` otherwise. */
  getRow?: z.ZodType<Row>;
  service: ResourceService<Row, Record, Query>;
  /**
   * The list's and the export's query: the shared `listQuerySchema` unless the resource filters by
   * more (`locationListQuerySchema`, its `.extend()`).
   */
  listQuery?: z.ZodType<Query, ListQueryInput>;
  /** The spreadsheet: its file and sheet names (translated) and its columns (a `<feature>.export.ts`). */
  spreadsheet: {
    fileName: MessageKey;
    sheet: MessageKey;
    columns: (language: Language) => ExportColumn<Record>[];
  };
  /**
   * `GET {path}/quick-search?str=`: a form's typeahead, when the resource has one; `query` when it
   * takes more than `str` (`quickSearchQuerySchema.extend()`), which `search` then receives.
   */
  quickSearch?: {
    summary: string;
    match: z.ZodType<Match>;
    query?: z.ZodType<Search, QuickSearchInput>;
    search: (text: string, query: Search, scope: AccessScope) => Promise<Match[]>;
  };
  /** Each route's summary in the OpenAPI document. */
  summaries: { list: string; export: string; get: string; activate: string; delete: string };
  /** The error answers of activate and delete; `conflictErrors` unless said otherwise. */
  writeErrors?: typeof conflictErrors;
  /**
   * Bulk actions (`POST {path}/bulk`, lib/resource-kit/bulk-actions.ts): activate, deactivate and delete
   * come with the kit; `actions` adds the resource's own (devices' `move`). A row is named by its
   * `name` and identified by its `<recordType>Id` unless `nameOf` and `idOf` say otherwise.
   */
  bulk?: KitBulk<Row>;
  /** Route config of every route (`access`; the house default, staff, when absent). */
  config?: FastifyContextConfig;
  /**
   * Config of the read routes (list, export, quick search, get) over `config`: `{ access:
   * 'organization' }` opens them to members, whose reads the service narrows to their scope.
   */
  readConfig?: FastifyContextConfig;
};

/**
 * A read-only resource's routes (capsules, which the devices report): list, export, quick search
 * (optional) and get, declared like `registerResourceRoutes` without the state changes, at `path`.
 */
export type ReadRoutes<Row, Record, Match, Query extends ListQuery, Search> = Omit<
  ResourceRoutes<Row, Record, Match, Query, Search>,
  'recordType' | 'service' | 'summaries' | 'writeErrors'
> & {
  /** Its collection path (`/capsules`): a record type with no audit trail has no `RECORD_PATHS` entry. */
  path: `/${string}`;
  service: ReadService<Row, Record, Query>;
  summaries: { list: string; export: string; get: string };
};

/**
 * The routes every soft-deleted resource has, each with its full schemas: list, export, quick search
 * (optional), get, activate and delete (soft, or for good with `hardDelete=true`). A feature registers
 * these, its saves (`registerSaveRoutes`) and whatever routes of its own it needs, on the same `app`.
 */
export function registerResourceRoutes<
  Row,
  Record,
  Match = never,
  Query extends ListQuery = ListQuery,
  Search extends QuickSearchQuery = QuickSearchQuery,
>(app: ZodApp, declared: ResourceRoutes<Row, Record, Match, Query, Search>): void {
  // An ADMIN-only resource's routes, its bulk routes included, are the ADMIN's (RESOURCE_ACCESS).
  const resource = {
    ...declared,
    config: withResourceAccess(declared.recordType, declared.config),
    readConfig: withResourceAccess(declared.recordType, declared.readConfig),
  };
  const { service, summaries, config } = resource;
  const path = RECORD_PATHS[resource.recordType];
  const tags = [resource.tag];
  const writeErrors = resource.writeErrors ?? conflictErrors;
  registerReadRoutes(app, { ...resource, path });
  registerKitBulkRoutes(app, resource);

  app.put(
    `${path}/activate/:id`,
    {
      config,
      schema: {
        tags,
        summary: summaries.activate,
        params: idParamsSchema,
        response: { 200: resource.row, ...writeErrors },
      },
    },
    async (request) => inLanguage(request.language, () => service.activate(request.params.id)),
  );

  app.delete(
    `${path}/:id`,
    {
      config,
      schema: {
        tags,
        summary: summaries.delete,
        params: idParamsSchema,
        querystring: hardDeleteQuerySchema,
        response: { 204: z.null(), ...writeErrors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await inLanguage(request.language, () =>
        request.query.hardDelete ? service.deletePermanently(id) : service.deactivate(id),
      );
      return reply.status(204).send(null);
    },
  );
}

/** The kit's bulk routes of a resource: its state changes and its own actions, and its list's ids. */
function registerKitBulkRoutes<Row, Record, Match, Query extends ListQuery, Search>(
  app: ZodApp,
  resource: ResourceRoutes<Row, Record, Match, Query, Search>,
): void {
  const { service } = resource;
  registerBulkRoutes(app, {
    path: RECORD_PATHS[resource.recordType],
    tag: resource.tag,
    config: resource.config,
    readConfig: resource.readConfig,
    declaration: kitBulkDeclaration(resource),
    ids: {
      query: filterOf(resource.listQuery) as z.ZodType<Query>,
      matching: (query, scope, limit) => service.selection.ids(query, scope, limit),
    },
  });
}

/** List, export, quick search (when declared) and get, at the resource's path. */
export function registerReadRoutes<
  Row,
  Record,
  Match = never,
  Query extends ListQuery = ListQuery,
  Search extends QuickSearchQuery = QuickSearchQuery,
>(app: ZodApp, resource: ReadRoutes<Row, Record, Match, Query, Search>): void {
  const { service, summaries, path } = resource;
  const config = { ...resource.config, ...resource.readConfig };
  const tags = [resource.tag];
  const listQuery = resource.listQuery ?? (listQuerySchema as unknown as z.ZodType<Query, ListQueryInput>);

  app.get(
    path,
    {
      config,
      schema: {
        tags,
        summary: summaries.list,
        querystring: listQuery,
        response: { 200: pageOf(resource.row), ...errorResponses },
      },
    },
    async (request) => service.list(request.query as Query, currentScope(request)),
  );

  app.get(
    `${path}/export`,
    {
      config: { ...config, fileAnswer: XLSX_TYPE },
      schema: { tags, summary: summaries.export, querystring: listQuery, response: errorResponses },
    },
    async (request, reply) => {
      const { fileName, sheet, columns } = resource.spreadsheet;
      return sendXlsx(reply, {
        fileName: datedFileName(translate(request.language, fileName)),
        sheetName: translate(request.language, sheet),
        columns: columns(request.language),
        batches: service.exportBatches(request.query as Query, currentScope(request)),
      });
    },
  );

  const { quickSearch } = resource;
  if (quickSearch) {
    app.get(
      `${path}/quick-search`,
      {
        config,
        schema: {
          tags,
          summary: quickSearch.summary,
          querystring: quickSearch.query ?? quickSearchQuerySchema,
          response: { 200: z.array(quickSearch.match), ...errorResponses },
        },
      },
      async (request) => {
        const query = request.query as Search;
        return quickSearch.search(query.str, query, currentScope(request));
      },
    );
  }

  app.get(
    `${path}/:id`,
    {
      config,
      schema: {
        tags,
        summary: summaries.get,
        params: idParamsSchema,
        response: { 200: resource.getRow ?? resource.row, ...errorResponses },
      },
    },
    async (request) => service.get(request.params.id, currentScope(request)),
  );
}
