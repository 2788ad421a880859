import { type KitRecordType, RECORD_PATHS } from '@scentia/shared/audit.schemas';
import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AccessScope } from '../access-scope.ts';
import { currentScope } from '../access-scope.ts';
import { idParamsSchema } from '../http-schemas.ts';
import { withResourceAccess } from '../resource-access.ts';
import { inLanguage } from './refusal.ts';
import { conflictErrors, type ZodApp } from './resource-routes.ts';

/**
 * How a save arrives: a JSON body validated by its schema, or a form the feature reads itself (a
 * multipart form with a file, validated by the same schema the web form uses).
 */
export type SaveInput<Input> =
  | { json: z.ZodType<Input> }
  | { multipart: (request: FastifyRequest) => Promise<Input> };

export type SaveRoutes<Input, Row> = {
  /** As `registerResourceRoutes` names it: create is `POST {path}`, update `PUT {path}/:id`. */
  recordType: KitRecordType;
  tag: string;
  row: z.ZodType<Row>;
  input: SaveInput<Input>;
  create: (input: Input, scope: AccessScope) => Promise<Row>;
  /** `scope`: the caller's; a route opened to Managers (`updateConfig`) narrows the record by it. */
  update: (id: number, input: Input, scope: AccessScope) => Promise<Row>;
  summaries: { create: string; update: string };
  /** `conflictErrors` unless said otherwise (`uploadErrors` for a file). */
  writeErrors?: typeof conflictErrors;
  /** Route config of both routes (`access`: the house default, staff, when absent). */
  config?: FastifyContextConfig;
  /**
   * Config of one route, over `config`: a multipart body's parts for the OpenAPI document differ, say,
   * when the file is required on create only.
   */
  createConfig?: FastifyContextConfig;
  updateConfig?: FastifyContextConfig;
};

/** `POST {path}` (201 with the record) and `PUT {path}/:id` (200 with it), with their schemas. */
export function registerSaveRoutes<Input, Row>(app: ZodApp, save: SaveRoutes<Input, Row>): void {
  const { input, config } = save;
  const path = RECORD_PATHS[save.recordType];
  const tags = [save.tag];
  const writeErrors = save.writeErrors ?? conflictErrors;
  const body = 'json' in input ? { body: input.json } : { consumes: ['multipart/form-data'] as string[] };
  const read = (request: FastifyRequest): Input | Promise<Input> =>
    'json' in input ? (request.body as Input) : input.multipart(request);

  app.post(
    path,
    {
      config: withResourceAccess(save.recordType, { ...config, ...save.createConfig }),
      schema: { tags, summary: save.summaries.create, ...body, response: { 201: save.row, ...writeErrors } },
    },
    async (request, reply) => {
      const created = await inLanguage(request.language, async () =>
        save.create(await read(request), currentScope(request)),
      );
      return reply.status(201).send(created);
    },
  );

  app.put(
    `${path}/:id`,
    {
      config: withResourceAccess(save.recordType, { ...config, ...save.updateConfig }),
      schema: {
        tags,
        summary: save.summaries.update,
        params: idParamsSchema,
        ...body,
        response: { 200: save.row, ...writeErrors },
      },
    },
    async (request) =>
      inLanguage(request.language, async () =>
        save.update(request.params.id, await read(request), currentScope(request)),
      ),
  );
}
