import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Answer,
  allAnswers,
  checkAgainstOracle,
  cloneGraph,
  closure,
  type Graph,
  type Question,
  RUNS,
  randomGraph,
  validGraph,
} from './quiz-graph.testing.ts';
import { isPermittedParent } from './quiz-graph.ts';

// Random sequences of the editor's moves, each done only where isPermittedParent allows it: the model
// stays what the database accepts, and the validation still agrees with the brute-force walk.

type Node =
  | { nodeType: 'quiz' }
  | { nodeType: 'question'; question: Question }
  | { nodeType: 'answer'; question: Question; answer: Answer }
  | { nodeType: 'fragrance'; answer: Answer; option: Answer['fragranceOptions'][number] };

function nodes(graph: Graph): Node[] {
  return [
    { nodeType: 'quiz' },
    ...graph.questions.flatMap((question): Node[] => [
      { nodeType: 'question', question },
      ...question.answers.flatMap((answer): Node[] => [
        { nodeType: 'answer', question, answer },
        ...answer.fragranceOptions.map((option): Node => ({ nodeType: 'fragrance', answer, option })),
      ]),
    ]),
  ];
}

const asParent = (node: Node) =>
  node.nodeType === 'answer'
    ? {
        nodeType: node.nodeType,
        isAnswerFinish: node.answer.isAnswerFinish,
        fragranceIds: node.answer.fragranceOptions.map((option) => option.fragranceId),
      }
    : { nodeType: node.nodeType };

/**
 * Drops node `moved` on node `target` when `isPermittedParent` allows it, as the API's three moves do:
 * an answer to another question, a question as an answer's next, a fragrance option to another answer.
 */
function move(moved: Node, target: Node): boolean {
  if (moved.nodeType === 'quiz') return false;
  const fragranceId = moved.nodeType === 'fragrance' ? moved.option.fragranceId : undefined;
  if (!isPermittedParent({ nodeType: moved.nodeType, fragranceId }, asParent(target))) return false;
  if (moved.nodeType === 'answer' && target.nodeType === 'question') {
    moved.question.answers.splice(moved.question.answers.indexOf(moved.answer), 1);
    target.question.answers.push(moved.answer);
  } else if (moved.nodeType === 'question' && target.nodeType === 'answer') {
    target.answer.nextQuestionId = moved.question.quizQuestionId;
  } else if (moved.nodeType === 'fragrance' && target.nodeType === 'answer') {
    moved.answer.fragranceOptions.splice(moved.answer.fragranceOptions.indexOf(moved.option), 1);
    target.answer.fragranceOptions.push(moved.option);
  } else throw new Error(`permitted, but no such move: ${moved.nodeType} under ${target.nodeType}`);
  return true;
}

/** What the database refuses, which no permitted move may bring about. */
function expectModelKept(graph: Graph) {
  for (const { answer } of allAnswers(graph)) {
    const fragranceIds = answer.fragranceOptions.map((option) => option.fragranceId);
    expect(new Set(fragranceIds).size).toBe(fragranceIds.length);
    if (answer.isAnswerFinish) expect(answer.nextQuestionId).toBeNull();
    else expect(fragranceIds).toEqual([]);
  }
}

const moves = fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 8 });

describe('findQuizProblems after random permitted moves', () => {
  it('agrees with the brute-force walk after each move, from any quiz', () => {
    fc.assert(
      fc.property(fc.oneof(validGraph, randomGraph), moves, (generated, steps) => {
        // fast-check may hand the same value again (shrinking): edit a copy.
        const graph = cloneGraph(generated);
        for (const [from, to] of steps) {
          const all = nodes(graph);
          const before = JSON.stringify(graph.questions);
          const moved = move(all[from % all.length] as Node, all[to % all.length] as Node);
          if (!moved) expect(JSON.stringify(graph.questions)).toBe(before);
          expectModelKept(graph);
          checkAgainstOracle(graph);
        }
      }),
      RUNS,
    );
  });

  it('finds every cycle a question move closes in a valid quiz', () => {
    fc.assert(
      fc.property(validGraph, fc.nat(), fc.nat(), (generated, pickAnswer, pickQuestion) => {
        // fast-check may hand the same value again (shrinking): edit a copy.
        const graph = cloneGraph(generated);
        const open = allAnswers(graph).filter(({ answer }) => !answer.isAnswerFinish);
        fc.pre(open.length > 0);
        const { question, answer } = open[pickAnswer % open.length] as { question: Question; answer: Answer };
        const target = graph.questions[pickQuestion % graph.questions.length] as Question;
        // The quiz was acyclic: a cycle now runs through the moved link, back from its target.
        const { path, index } = closure(graph.questions, new Set([answer.quizQuestionAnswerId]));
        const [from, to] = [question, target].map((q) => index.get(q.quizQuestionId) as number);
        const closes = from === to || path[to as number]?.[from as number] === 1;
        expect(
          move({ nodeType: 'question', question: target }, { nodeType: 'answer', question, answer }),
        ).toBe(true);
        const cycles = checkAgainstOracle(graph).filter((p) => p.code === 'cycle');
        expect(cycles.length > 0).toBe(closes);
      }),
      RUNS,
    );
  });
});

describe('isPermittedParent', () => {
  const question = { nodeType: 'question' } as const;
  const open = { nodeType: 'answer', isAnswerFinish: false, fragranceIds: [] } as const;
  const final = { nodeType: 'answer', isAnswerFinish: true, fragranceIds: [3] } as const;
  const elsewhere = [{ nodeType: 'quiz' }, { nodeType: 'fragrance' }] as const;

  it('puts an answer under a question only', () => {
    expect(isPermittedParent({ nodeType: 'answer' }, question)).toBe(true);
    for (const parent of [open, final, ...elsewhere])
      expect(isPermittedParent({ nodeType: 'answer' }, parent)).toBe(false);
  });

  it('puts a question under an answer that does not end the quiz', () => {
    expect(isPermittedParent({ nodeType: 'question' }, open)).toBe(true);
    for (const parent of [question, final, ...elsewhere])
      expect(isPermittedParent({ nodeType: 'question' }, parent)).toBe(false);
  });

  it('puts a fragrance under a final answer that does not recommend it yet', () => {
    expect(isPermittedParent({ nodeType: 'fragrance', fragranceId: 4 }, final)).toBe(true);
    expect(isPermittedParent({ nodeType: 'fragrance', fragranceId: 3 }, final)).toBe(false);
    expect(isPermittedParent({ nodeType: 'fragrance' }, final)).toBe(false);
    for (const parent of [question, open, ...elsewhere])
      expect(isPermittedParent({ nodeType: 'fragrance', fragranceId: 4 }, parent)).toBe(false);
  });
});
