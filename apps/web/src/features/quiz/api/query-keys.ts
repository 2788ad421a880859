import type { QuizLanguage } from '@scentia/shared/quiz.schemas';
import { resourceKeys } from '../../../components/resource-list/resource-keys.ts';

/** Every query of the quiz feature is keyed under `['quiz']` (its analytics too). */
export const quizKeys = {
  ...resourceKeys('quiz'),
  /** The create form's campaigns without a quiz in `language` (the search is appended). */
  campaignOptions: (language: QuizLanguage) => ['quiz', 'campaignOptions', language] as const,
  /** The bank's question texts and answer labels in `language` (the search is appended). */
  bankQuestions: (language: QuizLanguage) => ['quiz', 'bankQuestions', language] as const,
  bankAnswers: (language: QuizLanguage) => ['quiz', 'bankAnswers', language] as const,
};
