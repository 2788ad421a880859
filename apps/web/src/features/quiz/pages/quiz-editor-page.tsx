import { quizActionRefusal } from '@scentia/shared/quiz.rules';
import { Spin, Tabs } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordHistory } from '../../../components/record-history/record-history.tsx';
import { FormPageState } from '../../../components/resource-form/form-page-state.tsx';
import { kitText } from '../../../components/resource-kit-keys.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useIdParam } from '../../../lib/use-id-param.ts';
import { quizRecord } from '../api/get-quiz.ts';
import { QuizEditor, type ValidationState } from '../components/quiz-editor.tsx';
import { QuizEditorHeader } from '../components/quiz-editor-header.tsx';
import { quizStateOf } from '../quiz-state.ts';
import '../components/quiz-editor.css';

// The player and the charts load only when their tab opens.
const QuizPreview = lazy(() => import('../components/quiz-preview.tsx'));
const QuizAnalytics = lazy(() => import('../components/quiz-analytics.tsx'));

const NOT_VALIDATED: ValidationState = { isShown: false, reported: [] };

/**
 * /admin/quiz/{id}/update, the editor (spec §2): the quiz's head with Validate and Publish, the
 * problems of a refused validation, the tree and the question builder, the preview player and the
 * analytics in tabs of their own, and the quiz's history. It
 * always shows the quiz as the server last answered it: every write answers the whole tree.
 */
export default function QuizEditorPage() {
  const { t } = useTranslation('quiz');
  const id = useIdParam();
  const record = quizRecord.useRecord(id, id > 0);
  const [validation, setValidation] = useState<ValidationState>(NOT_VALIDATED);
  const quiz = record.data?.quizId === id ? record.data : undefined;
  const title = kitText(t, 'editTitle');
  const refusal = quiz && quizActionRefusal(quizStateOf(quiz), 'edit') ? t('editInactive') : undefined;

  if (id === 0 || !quiz || refusal) {
    return (
      <FormPageState
        t={t}
        title={title}
        listPath={PATHS.admin.quiz.list}
        query={record}
        isNotFound={id === 0}
        forbiddenText={refusal}
      />
    );
  }
  return (
    <div className="quiz-editor">
      <QuizEditorHeader
        quiz={quiz}
        onInvalid={(reported) => setValidation({ isShown: true, reported, reportedFor: quiz.updatedAt })}
        onValidated={() => setValidation(NOT_VALIDATED)}
      />
      <Tabs
        className="quiz-editor-tabs"
        destroyOnHidden
        items={[
          {
            key: 'build',
            label: t('editor.tabs.build'),
            children: <QuizEditor quiz={quiz} reload={() => record.refetch()} validation={validation} />,
          },
          {
            key: 'preview',
            label: t('editor.tabs.preview'),
            children: (
              <Suspense fallback={<Spin />}>
                <QuizPreview quiz={quiz} />
              </Suspense>
            ),
          },
          {
            key: 'analytics',
            label: t('editor.tabs.analytics'),
            children: (
              <Suspense fallback={<Spin />}>
                <QuizAnalytics quizId={quiz.quizId} language={quiz.language} />
              </Suspense>
            ),
          },
        ]}
      />
      <RecordHistory recordType="quiz" recordId={id} />
    </div>
  );
}
