/**
 * The graph validation of a quiz (`PUT /api/quiz/validate/{id}`), one function for the API, which
 * refuses to validate while it finds anything, and the editor, which marks the nodes concerned. Pure:
 * it reads a plain graph and answers every problem with the node it concerns, in a stable order.
 */

export type QuizGraphFragrance = { fragranceOptionId: number; fragranceId: number };
export type QuizGraphAnswer = {
  quizQuestionAnswerId: number;
  isAnswerFinish: boolean;
  nextQuestionId: number | null;
  fragranceOptions: readonly QuizGraphFragrance[];
};
export type QuizGraphQuestion = { quizQuestionId: number; answers: readonly QuizGraphAnswer[] };

export type QuizGraph = {
  /** In id order: the first is the entry. */
  questions: readonly QuizGraphQuestion[];
  /** The campaign's collection now: each fragrance in a slot, and whether it is active. */
  collection: ReadonlyMap<number, { active: boolean }>;
};

export type QuizProblemCode =
  | 'noQuestion'
  | 'noAnswer'
  | 'unreachable'
  | 'cycle'
  | 'deadEnd'
  | 'noFragrance'
  | 'fragranceNotInCollection'
  | 'fragranceInactive';

export type QuizNodeType = 'quiz' | 'question' | 'answer' | 'fragrance';

export type QuizProblem = { code: QuizProblemCode; nodeType: QuizNodeType; nodeId: number | null };

/** The path a problem travels under in a 400's `fields` (`question.12`), and back. */
export const problemPath = (problem: Pick<QuizProblem, 'nodeType' | 'nodeId'>) =>
  problem.nodeId === null ? problem.nodeType : `${problem.nodeType}.${problem.nodeId}`;

/** The entry question's id, or undefined for a quiz without questions. */
export const entryQuestionId = (graph: Pick<QuizGraph, 'questions'>) => graph.questions[0]?.quizQuestionId;

/**
 * The ids of the questions reachable from `from` (the entry unless said), itself included, through
 * answers' next questions. The editor asks it from a moved node, to offer no move that closes a loop.
 */
export function reachableQuestions(
  graph: Pick<QuizGraph, 'questions'>,
  from: number | undefined = entryQuestionId(graph),
): Set<number> {
  const byId = new Map(graph.questions.map((question) => [question.quizQuestionId, question]));
  const reached = new Set<number>();
  const pending = from === undefined || !byId.has(from) ? [] : [from];
  while (pending.length > 0) {
    const id = pending.pop() as number;
    if (reached.has(id)) continue;
    reached.add(id);
    for (const answer of byId.get(id)?.answers ?? []) {
      // A next question that is gone is a dead end, not a reached question.
      const next = answer.nextQuestionId;
      if (next !== null && byId.has(next) && !reached.has(next)) {
        pending.push(next);
      }
    }
  }
  return reached;
}

/**
 * The answers that close a cycle: for each cycle a depth-first walk (from every question, in id order,
 * answers in their order) meets, the answer whose next question is still on the walk's path. Every
 * cycle of the graph contains at least one such answer, so none goes unreported.
 */
function cycleAnswers(graph: Pick<QuizGraph, 'questions'>): number[] {
  const byId = new Map(graph.questions.map((question) => [question.quizQuestionId, question]));
  const state = new Map<number, 'onPath' | 'done'>();
  const closing: number[] = [];
  for (const root of graph.questions) {
    if (state.has(root.quizQuestionId)) continue;
    // An explicit stack (question, index of its next answer): a 500-question chain must not overflow.
    const stack: { id: number; next: number }[] = [{ id: root.quizQuestionId, next: 0 }];
    state.set(root.quizQuestionId, 'onPath');
    while (stack.length > 0) {
      const frame = stack[stack.length - 1] as { id: number; next: number };
      const answers = byId.get(frame.id)?.answers ?? [];
      if (frame.next >= answers.length) {
        state.set(frame.id, 'done');
        stack.pop();
        continue;
      }
      const answer = answers[frame.next] as QuizGraphAnswer;
      frame.next += 1;
      const target = answer.nextQuestionId;
      if (target === null || !byId.has(target)) continue;
      const seen = state.get(target);
      if (seen === 'onPath') closing.push(answer.quizQuestionAnswerId);
      else if (seen === undefined) {
        state.set(target, 'onPath');
        stack.push({ id: target, next: 0 });
      }
    }
  }
  return closing;
}

/**
 * Every problem of the quiz, the quiz's own first, then by question and answer in their order:
 * - no question at all (nothing else is checked);
 * - a question without answers; a question the entry does not reach;
 * - an answer that closes a cycle; an answer neither final nor leading on (or leading to a question
 *   that is gone); a final answer without fragrances;
 * - a fragrance no longer in the campaign's collection, or no longer active.
 */
export function findQuizProblems(graph: QuizGraph): QuizProblem[] {
  if (graph.questions.length === 0) return [{ code: 'noQuestion', nodeType: 'quiz', nodeId: null }];
  const questionIds = new Set(graph.questions.map((question) => question.quizQuestionId));
  const reached = reachableQuestions(graph);
  const closing = new Set(cycleAnswers(graph));
  const problems: QuizProblem[] = [];
  for (const question of graph.questions) {
    const questionNode = { nodeType: 'question' as const, nodeId: question.quizQuestionId };
    if (question.answers.length === 0) problems.push({ code: 'noAnswer', ...questionNode });
    if (!reached.has(question.quizQuestionId)) problems.push({ code: 'unreachable', ...questionNode });
    for (const answer of question.answers) {
      const answerNode = { nodeType: 'answer' as const, nodeId: answer.quizQuestionAnswerId };
      if (closing.has(answer.quizQuestionAnswerId)) problems.push({ code: 'cycle', ...answerNode });
      if (answer.isAnswerFinish) {
        if (answer.fragranceOptions.length === 0) problems.push({ code: 'noFragrance', ...answerNode });
      } else if (answer.nextQuestionId === null || !questionIds.has(answer.nextQuestionId)) {
        problems.push({ code: 'deadEnd', ...answerNode });
      }
      for (const option of answer.fragranceOptions) {
        const fragranceNode = { nodeType: 'fragrance' as const, nodeId: option.fragranceOptionId };
        const inCollection = graph.collection.get(option.fragranceId);
        if (!inCollection) problems.push({ code: 'fragranceNotInCollection', ...fragranceNode });
        else if (!inCollection.active) problems.push({ code: 'fragranceInactive', ...fragranceNode });
      }
    }
  }
  return problems;
}

/**
 * Whether a node may be dropped under a parent (spec §4: answer under question, question under answer,
 * fragrance under answer). A question goes under an answer that does not end the quiz; a fragrance under
 * a final answer that does not already recommend it. The editor offers only these targets; the API
 * answers any other with 'Action does not permitted'.
 */
export function isPermittedParent(
  node: { nodeType: 'question' | 'answer' | 'fragrance'; fragranceId?: number },
  parent:
    | { nodeType: 'question' }
    | { nodeType: 'answer'; isAnswerFinish: boolean; fragranceIds: readonly number[] }
    | { nodeType: 'fragrance' | 'quiz' },
): boolean {
  switch (node.nodeType) {
    case 'answer':
      return parent.nodeType === 'question';
    case 'question':
      return parent.nodeType === 'answer' && !parent.isAnswerFinish;
    case 'fragrance':
      return (
        parent.nodeType === 'answer' &&
        parent.isAnswerFinish &&
        node.fragranceId !== undefined &&
        !parent.fragranceIds.includes(node.fragranceId)
      );
  }
}
