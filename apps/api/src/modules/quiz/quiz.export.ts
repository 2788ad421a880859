import type { Language } from '@scentia/shared/locales';
import { recordExportColumns } from '../../lib/resource-kit/record-export.ts';
import type { QuizRecord } from './quiz.repository.ts';

/** The quizzes spreadsheet's columns, headed in the request's language. */
export function quizExportColumns(language: Language) {
  return recordExportColumns<QuizRecord>(language, (t) => [
    { header: t('export.name'), width: 28, value: (row) => row.name },
    { header: t('export.campaign'), width: 28, value: (row) => row.campaignName },
    { header: t('export.language'), width: 8, value: (row) => row.language },
    { header: t('export.questionCount'), width: 10, value: (row) => row.questionCount },
    { header: t('export.validatedAt'), width: 20, value: (row) => row.validatedAt },
    { header: t('export.publishedAt'), width: 20, value: (row) => row.publishedAt },
    { header: t('export.publishedVersion'), width: 10, value: (row) => row.publishedVersion },
  ]);
}
