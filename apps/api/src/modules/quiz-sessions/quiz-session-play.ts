import type { PublishedQuiz } from '@scentia/shared/quiz.schemas';
import type { QuizSessionEvent } from '@scentia/shared/quiz-sessions.schemas';
import { type FieldProblem, invalidFields } from '../../lib/app-error.ts';

/** A publication's nodes by id, to check events against and to follow the walk. */
export type PlayIndex = {
  entryQuestionId: number;
  questionIds: Set<number>;
  answers: Map<number, { quizQuestionId: number; nextQuestionId: number | null }>;
  fragranceIds: Set<number>;
};

export function indexPublication(snapshot: PublishedQuiz): PlayIndex {
  const answers = new Map<number, { quizQuestionId: number; nextQuestionId: number | null }>();
  const fragranceIds = new Set<number>();
  for (const question of snapshot.questions) {
    for (const answer of question.answers) {
      answers.set(answer.quizQuestionAnswerId, {
        quizQuestionId: question.quizQuestionId,
        nextQuestionId: answer.nextQuestionId,
      });
      for (const id of answer.fragranceIds) fragranceIds.add(id);
    }
  }
  return {
    entryQuestionId: snapshot.entryQuestionId,
    questionIds: new Set(snapshot.questions.map((question) => question.quizQuestionId)),
    answers,
    fragranceIds,
  };
}

/** Refuses (400, naming each field) an answer or fragrance the publication played does not have. */
export function checkEventsAgainst(index: PlayIndex, events: readonly QuizSessionEvent[]): void {
  const problems: FieldProblem[] = [];
  events.forEach((event, position) => {
    if (event.type === 'answered') {
      const answer = index.answers.get(event.quizQuestionAnswerId);
      if (!index.questionIds.has(event.quizQuestionId))
        problems.push({ path: `events.${position}.quizQuestionId`, key: 'field.quizNodeNotPublished' });
      else if (answer?.quizQuestionId !== event.quizQuestionId)
        problems.push({ path: `events.${position}.quizQuestionAnswerId`, key: 'field.quizNodeNotPublished' });
    } else if (event.type === 'finished') {
      event.fragranceIds.forEach((id, at) => {
        if (!index.fragranceIds.has(id))
          problems.push({
            path: `events.${position}.fragranceIds.${at}`,
            key: 'field.quizFragranceNotPublished',
          });
      });
    }
  });
  if (problems.length > 0) throw invalidFields(...problems);
}

/** Where a session stands before new events are applied. */
export type SessionState = {
  isNew: boolean;
  currentQuestionId: number | null;
  answerIds: number[];
  isFinished: boolean;
  fragranceIds: number[] | null;
};

/** What new events add to the counters, and the session's state after them. */
export type PlayIncrements = {
  starts: number;
  completions: number;
  reached: Map<number, number>;
  answers: Map<number, { quizQuestionId: number; count: number }>;
  recommendations: Map<number, number>;
  state: SessionState;
};

const add = (counts: Map<number, number>, key: number) => counts.set(key, (counts.get(key) ?? 0) + 1);

/**
 * The counting rules (docs/decisions.md, "Quiz sessions and analytics"):
 * - a new session is a start, and reaches the entry question;
 * - each new `answered` counts its answer, and reaches the answer's next question (none for a final
 *   answer); the session is then on that question;
 * - the first `finished` is a completion and counts each recommended fragrance once; events after it
 *   are kept but count nowhere;
 * - `started` counts nothing by itself (the session's creation did).
 * Only events not recorded before are given here (the caller's INSERT … ON CONFLICT DO NOTHING).
 */
export function applyEvents(
  index: PlayIndex,
  before: SessionState,
  newEvents: readonly QuizSessionEvent[],
): PlayIncrements {
  const result: PlayIncrements = {
    starts: 0,
    completions: 0,
    reached: new Map(),
    answers: new Map(),
    recommendations: new Map(),
    state: { ...before, answerIds: [...before.answerIds] },
  };
  const { state } = result;
  if (before.isNew) {
    result.starts = 1;
    add(result.reached, index.entryQuestionId);
  }
  for (const event of [...newEvents].sort((a, b) => a.seq - b.seq)) {
    if (state.isFinished) break;
    if (event.type === 'answered') {
      const answer = index.answers.get(event.quizQuestionAnswerId);
      if (!answer) continue;
      const counted = result.answers.get(event.quizQuestionAnswerId);
      result.answers.set(event.quizQuestionAnswerId, {
        quizQuestionId: answer.quizQuestionId,
        count: (counted?.count ?? 0) + 1,
      });
      state.answerIds.push(event.quizQuestionAnswerId);
      state.currentQuestionId = answer.nextQuestionId;
      if (answer.nextQuestionId !== null) add(result.reached, answer.nextQuestionId);
    } else if (event.type === 'finished') {
      const fragranceIds = [...new Set(event.fragranceIds)];
      result.completions = 1;
      for (const id of fragranceIds) add(result.recommendations, id);
      state.isFinished = true;
      state.currentQuestionId = null;
      state.fragranceIds = fragranceIds;
    }
  }
  return result;
}
