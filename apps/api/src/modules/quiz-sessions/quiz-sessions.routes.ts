import { appQuizQuerySchema } from '@scentia/shared/quiz.schemas';
import {
  appQuizSchema,
  quizSessionEventsAnswerSchema,
  quizSessionEventsBodySchema,
} from '@scentia/shared/quiz-sessions.schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/http-schemas.ts';
import { currentAccount } from '../../plugins/auth.ts';
import type { QuizSessionsService } from './quiz-sessions.service.ts';

const tags = ['quiz-app'];

/** 100 events of the largest kind (a finish naming 20 fragrances) are about 30 KB of JSON. */
const EVENTS_BODY_LIMIT = 48 * 1024;

/** The mobile app's routes: any signed-in account, the USER profile included. */
export const quizAppRoutes: FastifyPluginAsyncZod<{
  service: QuizSessionsService;
  eventsPerMinute: number;
}> = async (app, { service, eventsPerMinute }) => {
  app.get(
    '/app/quiz',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary:
          'The published quiz of a campaign in a language, as the app plays it, with its fragrances as they are now',
        querystring: appQuizQuerySchema,
        response: { 200: appQuizSchema, ...errorResponses },
      },
    },
    async (request) => service.appQuiz(Number(request.query.campaignId), request.query.language),
  );

  app.post(
    '/app/quiz-sessions/events',
    {
      bodyLimit: EVENTS_BODY_LIMIT,
      config: {
        access: 'authenticated',
        // Per account, counted after the route's gate has named it (hence the later hook).
        rateLimit: {
          max: eventsPerMinute,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => `quiz-events:${request.account?.id ?? request.ip}`,
        },
      },
      schema: {
        tags,
        summary:
          'Record a batch of one quiz session’s events (at most 100); an event already recorded under its seq counts once',
        body: quizSessionEventsBodySchema,
        response: { 200: quizSessionEventsAnswerSchema, ...errorResponses },
      },
    },
    async (request) => service.recordEvents(currentAccount(request), request.body),
  );
};
