import fc from 'fast-check';
import { expect } from 'vitest';
import { findQuizProblems, type QuizGraph, type QuizGraphQuestion, type QuizProblem } from './quiz-graph.ts';

/*
 * For the quiz graph's property tests: an independent brute-force reading of a graph (reachability by
 * relaxation until nothing changes, paths by a transitive closure, Floyd–Warshall on booleans), and the
 * graphs fast-check builds: random ones from numbers, and valid ones grown as a tree (with shared
 * subtrees) from the entry, for the tests to break on purpose.
 */

export const RUNS = { numRuns: 200 };
const FRAGRANCES = 8;

export type Answer = {
  quizQuestionAnswerId: number;
  isAnswerFinish: boolean;
  nextQuestionId: number | null;
  fragranceOptions: { fragranceOptionId: number; fragranceId: number }[];
};
export type Question = { quizQuestionId: number; answers: Answer[] };
export type Graph = { questions: Question[]; collection: Map<number, { active: boolean }> };

// ---- The oracle ----------------------------------------------------------------------------------

/** path[i][j]: a path of one answer or more leads from question i to question j (by index). */
export function closure(
  questions: readonly QuizGraphQuestion[],
  skipAnswers: ReadonlySet<number> = new Set(),
) {
  const index = new Map(questions.map((question, i) => [question.quizQuestionId, i]));
  const path = questions.map(() => new Uint8Array(questions.length));
  questions.forEach((question, i) => {
    for (const answer of question.answers) {
      const j = answer.nextQuestionId === null ? undefined : index.get(answer.nextQuestionId);
      if (j !== undefined && !skipAnswers.has(answer.quizQuestionAnswerId)) (path[i] as Uint8Array)[j] = 1;
    }
  });
  for (let k = 0; k < questions.length; k++) {
    const through = path[k] as Uint8Array;
    for (const row of path) if (row[k]) for (let j = 0; j < row.length; j++) row[j] ||= through[j] as number;
  }
  return { path, index, hasCycle: path.some((row, i) => row[i] === 1) };
}

export function reachedByRelaxation(questions: readonly QuizGraphQuestion[]): Set<number> {
  const reached = new Set<number>(questions.length > 0 ? [questions[0]?.quizQuestionId as number] : []);
  const ids = new Set(questions.map((question) => question.quizQuestionId));
  for (let changed = true; changed; ) {
    changed = false;
    for (const question of questions.filter((q) => reached.has(q.quizQuestionId)))
      for (const { nextQuestionId } of question.answers)
        if (nextQuestionId !== null && ids.has(nextQuestionId) && !reached.has(nextQuestionId)) {
          reached.add(nextQuestionId);
          changed = true;
        }
  }
  return reached;
}

const key = (problem: QuizProblem) => `${problem.code}:${problem.nodeType}:${problem.nodeId}`;

/** Every problem but the cycles, as the spec words them, read straight off the graph. */
function expectedProblems(graph: QuizGraph): Set<string> {
  if (graph.questions.length === 0) return new Set(['noQuestion:quiz:null']);
  const ids = new Set(graph.questions.map((question) => question.quizQuestionId));
  const reached = reachedByRelaxation(graph.questions);
  const expected = new Set<string>();
  for (const question of graph.questions) {
    if (question.answers.length === 0) expected.add(`noAnswer:question:${question.quizQuestionId}`);
    if (!reached.has(question.quizQuestionId))
      expected.add(`unreachable:question:${question.quizQuestionId}`);
    for (const answer of question.answers) {
      const leadsOn = answer.nextQuestionId !== null && ids.has(answer.nextQuestionId);
      if (answer.isAnswerFinish && answer.fragranceOptions.length === 0)
        expected.add(`noFragrance:answer:${answer.quizQuestionAnswerId}`);
      if (!answer.isAnswerFinish && !leadsOn) expected.add(`deadEnd:answer:${answer.quizQuestionAnswerId}`);
      for (const option of answer.fragranceOptions) {
        const slot = graph.collection.get(option.fragranceId);
        if (!slot?.active)
          expected.add(
            `${slot ? 'fragranceInactive' : 'fragranceNotInCollection'}:fragrance:${option.fragranceOptionId}`,
          );
      }
    }
  }
  return expected;
}

/** The rank of a problem's node in the graph's order (quiz, then question, its answers, their options). */
function nodeRank(graph: QuizGraph): Map<string, number> {
  const rank = new Map<string, number>([['quiz:null', 0]]);
  for (const question of graph.questions) {
    rank.set(`question:${question.quizQuestionId}`, rank.size);
    for (const answer of question.answers) {
      rank.set(`answer:${answer.quizQuestionAnswerId}`, rank.size);
      for (const option of answer.fragranceOptions)
        rank.set(`fragrance:${option.fragranceOptionId}`, rank.size);
    }
  }
  return rank;
}

/** Asserts findQuizProblems agrees with the oracle on `graph`; answers the problems. */
export function checkAgainstOracle(graph: QuizGraph): QuizProblem[] {
  const problems = findQuizProblems(graph);
  const keys = problems.map(key);
  expect(new Set(keys).size).toBe(keys.length);
  const cycleAnswers = new Set(problems.filter((p) => p.code === 'cycle').map((p) => p.nodeId as number));
  expect(new Set(keys.filter((k) => !k.startsWith('cycle:')))).toEqual(expectedProblems(graph));
  // Cycles: reported exactly when there is one; each reported answer lies on one; removing the reported
  // answers' links leaves no cycle, so every cycle holds at least one of them.
  const { path, index, hasCycle } = closure(graph.questions);
  expect(cycleAnswers.size > 0).toBe(hasCycle);
  graph.questions.forEach((question, i) => {
    for (const answer of question.answers.filter((a) => cycleAnswers.has(a.quizQuestionAnswerId))) {
      const j = index.get(answer.nextQuestionId as number) as number;
      expect(i === j || path[j]?.[i] === 1).toBe(true);
    }
  });
  expect(closure(graph.questions, cycleAnswers).hasCycle).toBe(false);
  // The documented order: the quiz's own problem, then by question, answer and option in their order.
  const rank = nodeRank(graph);
  const ranks = problems.map((p) => rank.get(`${p.nodeType}:${p.nodeId}`) as number);
  expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  // Deterministic: the same graph, even as a fresh copy, gives the same list in the same order.
  expect(findQuizProblems(cloneGraph(graph))).toEqual(problems);
  return problems;
}

// ---- Random graphs -------------------------------------------------------------------------------

export const cloneGraph = (graph: QuizGraph): Graph => ({
  questions: graph.questions.map((question) => ({
    quizQuestionId: question.quizQuestionId,
    answers: question.answers.map((answer) => ({
      ...answer,
      fragranceOptions: answer.fragranceOptions.map((option) => ({ ...option })),
    })),
  })),
  collection: new Map([...graph.collection].map(([id, slot]) => [id, { ...slot }])),
});

type AnswerShape = { finish: true; fragrances: number[] } | { finish: false; next: number | null };

/** An answer's shape: final with fragrances, or leading to a question (by index; past the end is gone). */
const answerShape: fc.Arbitrary<AnswerShape> = fc.oneof(
  fc.record({
    finish: fc.constant(true),
    fragrances: fc.uniqueArray(fc.integer({ min: 1, max: FRAGRANCES }), { maxLength: 3 }),
  }),
  fc.record({ finish: fc.constant(false), next: fc.option(fc.nat(32), { nil: null }) }),
);
const collectionShape = fc.array(fc.option(fc.boolean(), { nil: undefined }), {
  minLength: FRAGRANCES,
  maxLength: FRAGRANCES,
});

function buildGraph(
  shapes: readonly (readonly AnswerShape[])[],
  collection: readonly (boolean | undefined)[],
  idGap: number,
): Graph {
  let answerId = 100;
  let optionId = 5000;
  const questionId = (index: number) => 1 + index * idGap;
  const questions = shapes.map((answers, index) => ({
    quizQuestionId: questionId(index),
    answers: answers.map((shape): Answer => {
      answerId += 1;
      if (shape.finish)
        return {
          quizQuestionAnswerId: answerId,
          isAnswerFinish: true,
          nextQuestionId: null,
          fragranceOptions: shape.fragrances.map((fragranceId) => ({
            fragranceOptionId: ++optionId,
            fragranceId,
          })),
        };
      return {
        quizQuestionAnswerId: answerId,
        isAnswerFinish: false,
        nextQuestionId: shape.next === null ? null : questionId(shape.next),
        fragranceOptions: [],
      };
    }),
  }));
  const slots = collection.flatMap((active, i) =>
    active === undefined ? [] : [[i + 1, { active }] as const],
  );
  return { questions, collection: new Map(slots) };
}

export const randomGraph = fc
  .tuple(
    fc.array(fc.array(answerShape, { maxLength: 4 }), { maxLength: 30 }),
    collectionShape,
    fc.integer({ min: 1, max: 7 }),
  )
  .map(([shapes, collection, gap]) => buildGraph(shapes, collection, gap));

// ---- Valid graphs, broken on purpose -------------------------------------------------------------

/** A small seeded generator, for the choices a valid graph's shape leaves open (order, fragrances). */
function seeded(seed: number) {
  let state = seed >>> 0;
  return (below: number) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t ^= t + Math.imul(t ^ (t >>> 7), 61 | t);
    return (((t ^ (t >>> 14)) >>> 0) % below) as number;
  };
}

/**
 * A valid quiz: question k hangs under an answer of an earlier question (so the entry reaches it and
 * links only go forward), some answers share a later question, every question has a final answer, and
 * every final answer recommends active fragrances of the collection.
 */
export const validGraph = fc
  .record({
    parents: fc.array(fc.nat(), { maxLength: 29 }),
    shared: fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 10 }),
    finals: fc.array(fc.nat(2), { minLength: 30, maxLength: 30 }),
    unused: fc.subarray([2, 3, 4, 5, 6, 7, 8]),
    inactive: fc.subarray([2, 3, 4, 5, 6, 7, 8]),
    seed: fc.integer(),
  })
  .map(({ parents, shared, finals, unused, inactive, seed }): Graph => {
    const random = seeded(seed);
    const count = parents.length + 1;
    const links: number[][] = Array.from({ length: count }, () => []);
    parents.forEach((parent, k) => {
      links[parent % (k + 1)]?.push(k + 1);
    });
    for (const [from, to] of shared) {
      const i = from % count;
      if (i < count - 1) links[i]?.push(i + 1 + (to % (count - 1 - i)));
    }
    const collection = new Map<number, { active: boolean }>();
    for (let id = 1; id <= FRAGRANCES; id++)
      if (!unused.includes(id)) collection.set(id, { active: !inactive.includes(id) });
    const offered = [...collection].filter(([, slot]) => slot.active).map(([id]) => id);
    let answerId = 100;
    let optionId = 5000;
    const questions = links.map((targets, i): Question => {
      const answers: Answer[] = targets.map((j) => ({
        quizQuestionAnswerId: 0,
        isAnswerFinish: false,
        nextQuestionId: 1 + j * 10,
        fragranceOptions: [],
      }));
      for (let f = 0; f < (finals[i] ?? 0) + (targets.length === 0 ? 1 : 0); f++) {
        const picks = [...new Set([offered[random(offered.length)], offered[random(offered.length)]])];
        answers.splice(random(answers.length + 1), 0, {
          quizQuestionAnswerId: 0,
          isAnswerFinish: true,
          nextQuestionId: null,
          fragranceOptions: picks.map((fragranceId) => ({
            fragranceOptionId: ++optionId,
            fragranceId: fragranceId as number,
          })),
        });
      }
      for (const answer of answers) answer.quizQuestionAnswerId = answerId += 1;
      return { quizQuestionId: 1 + i * 10, answers };
    });
    return { questions, collection };
  });

export const allAnswers = (graph: Graph) =>
  graph.questions.flatMap((question) => question.answers.map((answer) => ({ question, answer })));

/** The answers of one simple path from question `from` to question `to` (by index), by a breadth-first walk. */
export function answerPath(graph: Graph, from: number, to: number): number[] {
  const { index } = closure(graph.questions);
  const via = new Map<number, { previous: number; answerId: number }>();
  const queue = [from];
  while (queue.length > 0 && !via.has(to)) {
    const i = queue.shift() as number;
    for (const answer of graph.questions[i]?.answers ?? []) {
      const j = index.get(answer.nextQuestionId ?? -1);
      if (j !== undefined && j !== from && !via.has(j)) {
        via.set(j, { previous: i, answerId: answer.quizQuestionAnswerId });
        queue.push(j);
      }
    }
  }
  const path: number[] = [];
  for (let at = to; at !== from; at = (via.get(at) as { previous: number }).previous)
    path.unshift((via.get(at) as { answerId: number }).answerId);
  return path;
}
