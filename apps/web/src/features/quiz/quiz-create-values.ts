import type { QuizCreateBody, QuizLanguage } from '@scentia/shared/quiz.schemas';
import type { FieldPath } from '../../lib/server-field-errors.ts';

/** The create form as antd holds it: the campaign is the typeahead's value (its id as text). */
export type QuizCreateValues = { name: string; language: QuizLanguage; campaignId: string | null };

export const QUIZ_CREATE_FIELDS: readonly FieldPath[] = [['name'], ['language'], ['campaignId']];

/** A new quiz starts in the interface's language, without a campaign. */
export function emptyQuizCreate(language: QuizLanguage): QuizCreateValues {
  return { name: '', language, campaignId: null };
}

/** The body of POST /api/quiz; a missing campaign is 0, which the shared schema refuses. */
export function quizCreateToBody(values: QuizCreateValues): QuizCreateBody {
  return {
    name: values.name?.trim() ?? '',
    language: values.language,
    campaignId: Number(values.campaignId ?? 0),
  };
}
