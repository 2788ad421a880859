import { campaignOptionSchema } from '@scentia/shared/campaigns.schemas';
import type { QuizLanguage } from '@scentia/shared/quiz.schemas';
import { z } from 'zod';
import type { TypeaheadSource } from '../../../components/typeahead-select.tsx';
import { http } from '../../../lib/api-client.ts';
import { quizKeys } from './query-keys.ts';

const optionsSchema = z.array(campaignOptionSchema);

/**
 * GET /api/campaigns/without-quiz?lang=&str=: up to 10 active campaigns whose name contains `str` and
 * that have no quiz in `language`, as the create form's typeahead (the id is the value).
 */
export const campaignsWithoutQuizSource = (language: QuizLanguage): TypeaheadSource => ({
  queryKey: quizKeys.campaignOptions(language),
  fetchOptions: async (search, signal) => {
    const options = await http.get('/campaigns/without-quiz', {
      query: { lang: language, str: search },
      signal,
      schema: optionsSchema,
    });
    return options.map((option) => ({ value: String(option.campaignId), label: option.name }));
  },
});
