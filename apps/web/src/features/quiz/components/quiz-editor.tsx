import type { QuizDetail } from '@scentia/shared/quiz.schemas';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListedProblem, listedProblems, problemNodeKey, quizProblems } from '../quiz-problems.ts';
import { buildQuizTree } from '../quiz-tree-model.ts';
import { QuestionBuilder } from './question-builder.tsx';
import { QuizProblemList } from './quiz-problem-list.tsx';
import { type FocusRequest, QuizTreeView } from './quiz-tree-view.tsx';
import { useTreeMove } from './use-tree-move.ts';

type EditorProps = { quiz: QuizDetail; reload: () => Promise<unknown>; validation: ValidationState };

/**
 * What the last validation said: nothing yet, or the problems the server reported about the quiz as
 * it was then (`reportedFor`, its `updatedAt`): once the quiz changes, only the editor's own count.
 */
export type ValidationState = {
  isShown: boolean;
  reported: { path: string; message: string }[];
  reportedFor?: string;
};

/**
 * The builder and the tree side by side (one under the other on a narrow screen), and the problems
 * of the last validation, which follow the quiz as it is fixed and are marked on their nodes.
 */
export function QuizEditor({ quiz, reload, validation }: EditorProps) {
  const { t } = useTranslation('quiz');
  const tree = useMemo(() => buildQuizTree(quiz), [quiz]);
  const [editing, setEditing] = useState<number | undefined>(quiz.questions[0]?.quizQuestionId);
  const [focusRequest, setFocusRequest] = useState<FocusRequest>();
  const move = useTreeMove(quiz.quizId, reload);

  const problems: ListedProblem[] = validation.isShown
    ? listedProblems(quizProblems(quiz), validation.reportedFor === quiz.updatedAt ? validation.reported : [])
    : [];
  const marks = new Map<string, string[]>();
  for (const problem of problems) {
    const key = problemNodeKey(problem.path);
    const text = problem.code ? t(`problems.codes.${problem.code}`) : (problem.message ?? '');
    if (key) marks.set(key, [...(marks.get(key) ?? []), text]);
  }
  const isEditingKnown =
    editing === undefined || quiz.questions.some((found) => found.quizQuestionId === editing);

  return (
    <>
      {validation.isShown && (
        <QuizProblemList
          tree={tree}
          problems={problems}
          onShow={(key) => setFocusRequest((last) => ({ key, seq: (last?.seq ?? 0) + 1 }))}
        />
      )}
      <div className="quiz-editor-panes">
        <QuizTreeView
          quiz={quiz}
          tree={tree}
          problems={marks}
          focusRequest={focusRequest}
          onEditQuestion={setEditing}
          onMove={move}
        />
        <QuestionBuilder
          key={isEditingKnown ? (editing ?? 'new') : 'new'}
          quiz={quiz}
          quizQuestionId={isEditingKnown ? editing : undefined}
          onSaved={setEditing}
          onDeleted={() => setEditing(undefined)}
          onNew={() => setEditing(undefined)}
        />
      </div>
    </>
  );
}
