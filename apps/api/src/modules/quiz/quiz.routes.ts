import { RECORD_PATHS } from '@scentia/shared/audit.schemas';
import { idTextSchema } from '@scentia/shared/integers.schemas';
import {
  quizCreateBodySchema,
  quizDetailSchema,
  quizRowSchema,
  quizUpdateBodySchema,
  treeMoveBodySchema,
} from '@scentia/shared/quiz.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../lib/http-schemas.ts';
import { conflictErrors, registerResourceRoutes } from '../../lib/resource-kit/resource-routes.ts';
import { currentAccount } from '../../plugins/auth.ts';
import { quizExportColumns } from './quiz.export.ts';
import type { QuizService } from './quiz.service.ts';

const path = RECORD_PATHS.quiz;
const tag = 'quiz';
const quizIdParamsSchema = z.strictObject({ quizId: idTextSchema });

/**
 * `/api/quiz` (spec §7): the list, export, record (the whole tree), activate and delete on the kit;
 * create and rename (their bodies differ, so not the kit's saves); validate, publish and the tree's
 * moves. The questions' own routes are in `quiz-questions.routes.ts`.
 */
export const quizRoutes: FastifyPluginAsyncZod<{ service: QuizService }> = async (app, { service }) => {
  const tags = [tag];

  registerResourceRoutes(app, {
    recordType: 'quiz',
    tag,
    row: quizRowSchema,
    getRow: quizDetailSchema,
    service,
    spreadsheet: {
      fileName: 'export.quizzes.fileName',
      sheet: 'export.quizzes.sheet',
      columns: quizExportColumns,
    },
    summaries: {
      list: "Quizzes: search by name or campaign's name; active filter; sort by name, campaign, language, createdAt, updatedAt, publishedAt",
      export: 'The quizzes list as an .xlsx spreadsheet',
      get: "One quiz with its whole draft tree (questions, answers, fragrance options) and its campaign's collection",
      activate: 'Reactivates a quiz',
      delete:
        'Deactivates a quiz, or deletes it and its publications for good with hardDelete=true (inactive only)',
    },
  });

  app.post(
    path,
    {
      schema: {
        tags,
        summary: 'Creates a quiz for an active campaign without a quiz in the language (answers quizId)',
        body: quizCreateBodySchema,
        response: { 201: quizRowSchema, ...conflictErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(request.body)),
  );

  app.put(
    `${path}/:id`,
    {
      schema: {
        tags,
        summary:
          'Renames an active quiz (no longer validated); send the updatedAt it was loaded with (409 when it changed since)',
        params: idParamsSchema,
        body: quizUpdateBodySchema,
        response: { 200: quizRowSchema, ...conflictErrors },
      },
    },
    async (request) => service.update(request.params.id, request.body),
  );

  app.put(
    `${path}/validate/:quizId`,
    {
      schema: {
        tags,
        summary:
          'Validates the draft: 400 QUIZ_INVALID with one field per problem (path quiz, question.<id>, answer.<id>, fragrance.<fragranceOptionId>), else marks it validated',
        params: quizIdParamsSchema,
        response: { 200: quizDetailSchema, ...conflictErrors },
      },
    },
    async (request) => service.validate(request.params.quizId),
  );

  app.put(
    `${path}/publish/:quizId`,
    {
      schema: {
        tags,
        summary:
          'Publishes the validated draft as the next version the app plays (an immutable snapshot); the previous one stays live until then',
        params: quizIdParamsSchema,
        response: { 200: quizDetailSchema, ...conflictErrors },
      },
    },
    async (request) => service.publish(request.params.quizId, currentAccount(request).id),
  );

  app.put(
    `${path}/updateTree/:quizId`,
    {
      schema: {
        tags,
        summary:
          "Moves a node: a fragrance option to a final answer (fragranceOptionId, newQuizQuestionAnswerId), a question as a non-final answer's next (quizQuestionAnswerId, nextQuestionId), an answer to a question (quizQuestionAnswerId, newQuizQuestionId); anything else 400 QUIZ_MOVE_NOT_PERMITTED",
        params: quizIdParamsSchema,
        body: treeMoveBodySchema,
        response: { 200: quizDetailSchema, ...conflictErrors },
      },
    },
    async (request) => service.moveNode(request.params.quizId, request.body),
  );
};
