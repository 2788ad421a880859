import { idTextSchema } from '@scentia/shared/integers.schemas';
import { quizPeriodQuerySchema } from '@scentia/shared/quiz.schemas';
import { quizAnalyticsSchema, quizSessionsExportQuerySchema } from '@scentia/shared/quiz-sessions.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '../../i18n/translate.ts';
import { errorResponses } from '../../lib/http-schemas.ts';
import { datedFileName, sendXlsxSheets, XLSX_TYPE } from '../../lib/xlsx-export.ts';
import type { QuizAnalyticsService } from './quiz-analytics.service.ts';
import { funnelColumns, sessionColumns } from './quiz-sessions.export.ts';

const tags = ['quiz'];

/** The back-office's figures of the app's sessions (staff). */
export const quizAnalyticsRoutes: FastifyPluginAsyncZod<{ service: QuizAnalyticsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/quiz/analytics/:quizId',
    {
      schema: {
        tags,
        summary:
          'A quiz’s answer analytics over a period of UTC days (default the last 30, at most 366): starts, completions, the drop-off and answers per question, recommendations per fragrance',
        params: z.strictObject({ quizId: idTextSchema }),
        querystring: quizPeriodQuerySchema,
        response: { 200: quizAnalyticsSchema, ...errorResponses },
      },
    },
    async (request) => service.analytics(Number(request.params.quizId), request.query),
  );

  app.get(
    '/resultado/export',
    {
      config: { fileAnswer: XLSX_TYPE },
      schema: {
        tags,
        summary:
          'A quiz’s played sessions over a period as an .xlsx spreadsheet: one row per session, and the per-question funnel on a second sheet',
        querystring: quizSessionsExportQuerySchema,
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const t = (key: Parameters<typeof translate>[1]) => translate(request.language, key);
      const { sessions, funnel } = await service.exportSheets(Number(request.query.quizId), request.query);
      return sendXlsxSheets(reply, {
        fileName: datedFileName(t('export.quizSessions.fileName')),
        sheets: [
          {
            sheetName: t('export.quizSessions.sheet'),
            columns: sessionColumns(request.language),
            batches: sessions,
          },
          {
            sheetName: t('export.quizSessions.funnelSheet'),
            columns: funnelColumns(request.language),
            batches: funnel,
          },
        ],
      });
    },
  );
};
