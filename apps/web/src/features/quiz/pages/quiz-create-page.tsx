import { toLanguage } from '@scentia/shared/locales';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { kitText } from '../../../components/resource-kit-keys.ts';
import { quizMutations } from '../api/quiz-mutations.ts';
import { QuizCreateForm } from '../components/quiz-create-form.tsx';
import { emptyQuizCreate, quizCreateToBody } from '../quiz-create-values.ts';

/**
 * /admin/quiz/create: name, language and campaign; the kit's dialog then offers a new record or the
 * list, from which the editor opens (docs/decisions/quiz.md).
 */
export default function QuizCreatePage() {
  const { t, i18n } = useTranslation('quiz');
  const create = quizMutations.useCreate();
  const [initialValues] = useState(() => emptyQuizCreate(toLanguage(i18n.language) ?? 'pt-BR'));
  return (
    <QuizCreateForm
      mode="create"
      title={kitText(t, 'createTitle')}
      initialValues={initialValues}
      onSubmit={(values) => create.mutateAsync(quizCreateToBody(values))}
    />
  );
}
