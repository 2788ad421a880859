import {
  bankAnswerSchema,
  bankQuestionSchema,
  QUIZ_TEXT_SEARCH,
  type QuizLanguage,
} from '@scentia/shared/quiz.schemas';
import { z } from 'zod';
import type { TypeaheadSource } from '../../../components/typeahead-select.tsx';
import { http } from '../../../lib/api-client.ts';
import { quizKeys } from './query-keys.ts';

const questionsSchema = z.array(bankQuestionSchema);
const answersSchema = z.array(bankAnswerSchema);

// The bank is searched from 3 characters (spec §9): before that there is nothing to ask.
const isTooShort = (search: string) => search.trim().length < QUIZ_TEXT_SEARCH.minLength;

/**
 * GET /api/question/by-name?language=&str=: up to 10 question texts of the bank in the quiz's
 * language. The text is the value: a save names its text and the API finds it in the bank by name,
 * so a chosen text is reused and a new one is added.
 */
export const bankQuestionsSource = (language: QuizLanguage): TypeaheadSource => ({
  queryKey: quizKeys.bankQuestions(language),
  fetchOptions: async (search, signal) => {
    if (isTooShort(search)) return [];
    const found = await http.get('/question/by-name', {
      query: { language, str: search },
      signal,
      schema: questionsSchema,
    });
    return found.map((question) => ({ value: question.quest, label: question.quest }));
  },
});

/** GET /api/answer/by-name?language=&str=: up to 10 answer labels of the bank, the same way. */
export const bankAnswersSource = (language: QuizLanguage): TypeaheadSource => ({
  queryKey: quizKeys.bankAnswers(language),
  fetchOptions: async (search, signal) => {
    if (isTooShort(search)) return [];
    const found = await http.get('/answer/by-name', {
      query: { language, str: search },
      signal,
      schema: answersSchema,
    });
    return found.map((answer) => ({ value: answer.label, label: answer.label }));
  },
});
