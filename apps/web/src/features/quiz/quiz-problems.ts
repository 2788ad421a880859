import type { QuizDetail } from '@scentia/shared/quiz.schemas';
import { findQuizProblems, problemPath, type QuizProblem } from '@scentia/shared/quiz-graph';
import { answerKey, fragranceKey, questionKey } from './quiz-tree-model.ts';

/**
 * The quiz's graph problems as the editor finds them, with the same function the API validates
 * with: a fragrance counts as active unless an answer's option says it no longer is.
 */
export function quizProblems(quiz: Pick<QuizDetail, 'questions' | 'campaign'>): QuizProblem[] {
  const inactive = new Set(
    quiz.questions.flatMap((question) =>
      question.answers.flatMap((answer) =>
        answer.fragranceOptions
          .filter((option) => !option.fragrance.active)
          .map((option) => option.fragranceId),
      ),
    ),
  );
  const collection = new Map(
    quiz.campaign.collection.map((slot) => [slot.fragranceId, { active: !inactive.has(slot.fragranceId) }]),
  );
  return findQuizProblems({ questions: quiz.questions, collection });
}

/** The tree node a problem's path names (`answer.34` → `a:34`), none for the quiz itself. */
export function problemNodeKey(path: string): string | undefined {
  const match = /^(question|answer|fragrance)\.(\d+)$/.exec(path);
  if (!match) return undefined;
  const id = Number(match[2]);
  if (match[1] === 'question') return questionKey(id);
  return match[1] === 'answer' ? answerKey(id) : fragranceKey(id);
}

/** A problem to list: the node's path, and its text (the editor's own, or the server's). */
export type ListedProblem = { path: string; code?: QuizProblem['code']; message?: string };

/** Problems found here, listed by path; a problem only the server reported is listed with its message. */
export function listedProblems(
  found: readonly QuizProblem[],
  reported: readonly { path: string; message: string }[],
): ListedProblem[] {
  if (found.length > 0) return found.map((problem) => ({ path: problemPath(problem), code: problem.code }));
  return reported.map(({ path, message }) => ({ path, message }));
}
