import { idTextSchema } from '@scentia/shared/integers.schemas';
import {
  bankAnswerSchema,
  bankQuestionSchema,
  bankSearchQuerySchema,
  questionSaveBodySchema,
  quizDetailSchema,
} from '@scentia/shared/quiz.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/http-schemas.ts';
import { conflictErrors } from '../../lib/resource-kit/resource-routes.ts';
import type { QuizService } from './quiz.service.ts';

const tags = ['quiz'];

/** `/api/question` and `/api/answer` (spec §7): a quiz's questions and the banks' typeaheads. */
export const quizQuestionsRoutes: FastifyPluginAsyncZod<{ service: QuizService }> = async (
  app,
  { service },
) => {
  app.post(
    '/question/add-update',
    {
      schema: {
        tags,
        summary:
          "Adds a question to an active quiz, or updates one (quizQuestionId) with its whole answer set (answers left out are removed); texts reused from the language's bank or added; answers the quiz",
        body: questionSaveBodySchema,
        response: { 200: quizDetailSchema, ...conflictErrors },
      },
    },
    async (request) => service.saveQuestion(request.body),
  );

  app.delete(
    '/question/:quizQuestionId',
    {
      schema: {
        tags,
        summary:
          "Removes a question from its quiz's draft (answers that led to it lead nowhere); answers the quiz",
        params: z.strictObject({ quizQuestionId: idTextSchema }),
        response: { 200: quizDetailSchema, ...conflictErrors },
      },
    },
    async (request) => service.deleteQuestion(request.params.quizQuestionId),
  );

  app.get(
    '/question/by-name',
    {
      schema: {
        tags,
        summary: 'Up to 10 bank questions in `language` whose text contains `str` (from 3 characters)',
        querystring: bankSearchQuerySchema,
        response: { 200: z.array(bankQuestionSchema), ...errorResponses },
      },
    },
    async (request) => service.searchQuestions(request.query.language, request.query.str),
  );

  app.get(
    '/answer/by-name',
    {
      schema: {
        tags,
        summary: 'Up to 10 bank answers in `language` whose label contains `str` (from 3 characters)',
        querystring: bankSearchQuerySchema,
        response: { 200: z.array(bankAnswerSchema), ...errorResponses },
      },
    },
    async (request) => service.searchAnswers(request.query.language, request.query.str),
  );
};
