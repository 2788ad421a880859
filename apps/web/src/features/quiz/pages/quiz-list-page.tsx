import { quizRowActions } from '@scentia/shared/quiz.rules';
import { useTranslation } from 'react-i18next';
import { formatCreatedAt } from '../../../components/resource-list/column-builders.tsx';
import { RecordList } from '../../../components/resource-list/record-list.tsx';
import { QUIZ_SORTS, type QuizRow, quizList } from '../api/list-quiz.ts';
import { quizMutations } from '../api/quiz-mutations.ts';
import { QuizStageTag } from '../components/quiz-stage-tag.tsx';
import { quizStateOf } from '../quiz-state.ts';

const ROW_KINDS = ['edit', 'delete', 'toggle'] as const;
type RowKind = (typeof ROW_KINDS)[number];
const isRowKind = (action: string): action is RowKind => (ROW_KINDS as readonly string[]).includes(action);

/**
 * /admin/quiz (spec §2): the quizzes with their campaign, language, size and stage (draft, validated,
 * published vN with changes not yet published), and the row actions of the shared rule.
 */
export default function QuizListPage() {
  const { t } = useTranslation('quiz');
  return (
    <RecordList<QuizRow>
      t={t}
      resource="quiz"
      list={quizList}
      mutations={quizMutations}
      record={(row) => ({ id: row.quizId, name: row.name })}
      rowActions={(row) => quizRowActions(quizStateOf(row)).filter(isRowKind)}
      columns={[
        { title: t('fields.name'), dataIndex: 'name', sortKey: QUIZ_SORTS.name, card: 'name' },
        { title: t('fields.campaign'), dataIndex: ['campaign', 'name'], sortKey: QUIZ_SORTS.campaign },
        {
          title: t('fields.language'),
          dataIndex: 'language',
          sortKey: QUIZ_SORTS.language,
          priority: 'low',
          render: (language: string) => t(`languages.${language}`),
        },
        { title: t('columns.questions'), dataIndex: 'questionCount', priority: 'low' },
        {
          title: t('columns.stage'),
          key: 'stage',
          sortKey: QUIZ_SORTS.publishedAt,
          card: 'state',
          render: (_value, row) => <QuizStageTag quiz={row} />,
        },
      ]}
      columnsAfterStatus={[
        {
          title: t('columns.updatedAt'),
          dataIndex: 'updatedAt',
          sortKey: QUIZ_SORTS.updatedAt,
          priority: 'low',
          render: formatCreatedAt,
        },
      ]}
    />
  );
}
