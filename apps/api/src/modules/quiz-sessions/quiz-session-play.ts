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

/** Where a session stands: before new events (as stored), and after them. */
export type SessionState = {
  currentQuestionId: number | null;
  answerIds: number[];
  isFinished: boolean;
  fragranceIds: number[] | null;
};

/** A session's event as kept in its table (`quiz_session_events`). */
export type RecordedEvent = { seq: number; type: string; quizAnswerId: number | null };

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
 * The counting rules (docs/decisions/quiz-sessions.md, "Quiz sessions and analytics"), which hold in whatever
 * order the batches of a session arrive:
 * - a new session is a start, and reaches the entry question;
 * - a new `answered` counts its answer and reaches the answer's next question (none for a final
 *   answer), unless its seq comes after the session's `finished`;
 * - the session's first `finished` (by seq) is a completion and counts each recommended fragrance once;
 *   another `finished` counts nothing;
 * - `started` counts nothing by itself (the session's creation did).
 * `newEvents` are the events this batch recorded (INSERT … ON CONFLICT DO NOTHING answered them);
 * `allEvents` every event of the session after it, by which its state is derived: the answers path,
 * and the question it is on (the next question of its last answer; none once finished).
 */
export function applyEvents(
  index: PlayIndex,
  session: SessionState & { isNew: boolean },
  newEvents: readonly QuizSessionEvent[],
  allEvents: readonly RecordedEvent[],
): PlayIncrements {
  const ordered = [...allEvents].sort((a, b) => a.seq - b.seq);
  const finishedSeq = ordered.find((event) => event.type === 'finished')?.seq ?? Number.POSITIVE_INFINITY;
  const result: PlayIncrements = {
    starts: 0,
    completions: 0,
    reached: new Map(),
    answers: new Map(),
    recommendations: new Map(),
    state: { ...session },
  };
  if (session.isNew) {
    result.starts = 1;
    add(result.reached, index.entryQuestionId);
  }
  for (const event of newEvents) {
    if (event.type === 'answered' && event.seq < finishedSeq) {
      const answer = index.answers.get(event.quizQuestionAnswerId);
      if (!answer) continue;
      const counted = result.answers.get(event.quizQuestionAnswerId);
      result.answers.set(event.quizQuestionAnswerId, {
        quizQuestionId: answer.quizQuestionId,
        count: (counted?.count ?? 0) + 1,
      });
      if (answer.nextQuestionId !== null) add(result.reached, answer.nextQuestionId);
    } else if (event.type === 'finished' && event.seq === finishedSeq && !session.isFinished) {
      const fragranceIds = [...new Set(event.fragranceIds)];
      result.completions = 1;
      for (const id of fragranceIds) add(result.recommendations, id);
      result.state.fragranceIds = fragranceIds;
    }
  }
  const answerIds = ordered
    .filter((event) => event.type === 'answered' && event.seq < finishedSeq)
    .map((event) => event.quizAnswerId as number);
  const lastAnswer = index.answers.get(answerIds.at(-1) as number);
  result.state.answerIds = answerIds;
  result.state.isFinished = Number.isFinite(finishedSeq);
  result.state.currentQuestionId = result.state.isFinished
    ? null
    : lastAnswer
      ? lastAnswer.nextQuestionId
      : index.entryQuestionId;
  return result;
}
