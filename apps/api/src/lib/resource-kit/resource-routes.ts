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
import { errorResponses, hardDeleteQuerySchema, idParamsSchema } from '../http-schemas.ts';
import { datedFileName, type ExportColumn, sendXlsx, XLSX_TYPE } from '../xlsx-export.ts';

/** The app a feature's routes plugin receives: Fastify with zod schemas. */
export type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** The error answers of a write that a rule may refuse (409). */
export const conflictErrors = { ...errorResponses, 409: errorResponses[400] };
/** …and of one that carries a file: too large (413), not an image (415). */
export const uploadErrors = { ...conflictErrors, 413: errorResponses[400], 415: errorResponses[400] };

/** What the common routes call: a service built with `recordReads` plus the state changes. */
export type ResourceService<Row, Record> = {
  list(query: ListQuery): Promise<Page<Row>>;
  exportBatches(query: ListQuery): AsyncIterable<Record[]>;
  get(id: number): Promise<Row>;
  activate(id: number): Promise<Row>;
  /** `DELETE` without hardDelete: soft delete. */
  deactivate(id: number): Promise<void>;
  /** `DELETE ?hardDelete=true`. */
  deletePermanently(id: number): Promise<void>;
};

export type ResourceRoutes<Row, Record, Match> = {
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
  service: ResourceService<Row, Record>;
  /** The spreadsheet: its file and sheet names (translated) and its columns (a `<feature>.export.ts`). */
  spreadsheet: {
    fileName: MessageKey;
    sheet: MessageKey;
    columns: (language: Language) => ExportColumn<Record>[];
  };
  /** `GET {path}/quick-search?str=`: a form's typeahead, when the resource has one. */
  quickSearch?: { summary: string; match: z.ZodType<Match>; search: (text: string) => Promise<Match[]> };
  /** Each route's summary in the OpenAPI document. */
  summaries: { list: string; export: string; get: string; activate: string; delete: string };
  /** The error answers of activate and delete; `conflictErrors` unless said otherwise. */
  writeErrors?: typeof conflictErrors;
  /** Route config of every route (`access`; the house default, staff, when absent). */
  config?: FastifyContextConfig;
};

/**
 * The routes every soft-deleted resource has, each with its full schemas: list, export, quick search
 * (optional), get, activate and delete (soft, or for good with `hardDelete=true`). A feature registers
 * these, its saves (`registerSaveRoutes`) and whatever routes of its own it needs, on the same `app`.
 */
export function registerResourceRoutes<Row, Record, Match = never>(
  app: ZodApp,
  resource: ResourceRoutes<Row, Record, Match>,
): void {
  const { service, summaries, config } = resource;
  const path = RECORD_PATHS[resource.recordType];
  const tags = [resource.tag];
  const writeErrors = resource.writeErrors ?? conflictErrors;

  app.get(
    path,
    {
      config,
      schema: {
        tags,
        summary: summaries.list,
        querystring: listQuerySchema,
        response: { 200: pageOf(resource.row), ...errorResponses },
      },
    },
    async (request) => service.list(request.query),
  );

  app.get(
    `${path}/export`,
    {
      config: { ...config, fileAnswer: XLSX_TYPE },
      schema: { tags, summary: summaries.export, querystring: listQuerySchema, response: errorResponses },
    },
    async (request, reply) => {
      const { fileName, sheet, columns } = resource.spreadsheet;
      return sendXlsx(reply, {
        fileName: datedFileName(translate(request.language, fileName)),
        sheetName: translate(request.language, sheet),
        columns: columns(request.language),
        batches: service.exportBatches(request.query),
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
          querystring: quickSearchQuerySchema,
          response: { 200: z.array(quickSearch.match), ...errorResponses },
        },
      },
      async (request) => quickSearch.search(request.query.str),
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
        response: { 200: resource.row, ...errorResponses },
      },
    },
    async (request) => service.get(request.params.id),
  );

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
    async (request) => service.activate(request.params.id),
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
      if (request.query.hardDelete) await service.deletePermanently(request.params.id);
      else await service.deactivate(request.params.id);
      return reply.status(204).send(null);
    },
  );
}
