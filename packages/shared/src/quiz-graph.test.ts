import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Answer,
  allAnswers,
  answerPath,
  checkAgainstOracle,
  cloneGraph,
  closure,
  type Question,
  RUNS,
  randomGraph,
  reachedByRelaxation,
  validGraph,
} from './quiz-graph.testing.ts';
import { findQuizProblems, reachableQuestions } from './quiz-graph.ts';

// The graph validation against an independent brute-force walk (quiz-graph.testing.ts), on random
// graphs, and on valid ones into which one fault is injected: it must be reported on its own node.

describe('findQuizProblems against a brute-force walk', () => {
  it('agrees on random graphs', () => {
    fc.assert(
      fc.property(randomGraph, (graph) => void checkAgainstOracle(graph)),
      RUNS,
    );
  });

  it('answers only "no question" for an empty quiz', () => {
    expect(findQuizProblems({ questions: [], collection: new Map() })).toEqual([
      { code: 'noQuestion', nodeType: 'quiz', nodeId: null },
    ]);
    expect(reachableQuestions({ questions: [] }).size).toBe(0);
  });

  it('reaches what the relaxation reaches', () => {
    fc.assert(
      fc.property(randomGraph, (graph) => {
        expect(reachableQuestions(graph)).toEqual(reachedByRelaxation(graph.questions));
      }),
      RUNS,
    );
  });
});

describe('findQuizProblems on valid quizzes and injected faults', () => {
  it('finds nothing in a valid quiz', () => {
    fc.assert(
      fc.property(validGraph, (graph) => {
        expect(checkAgainstOracle(graph)).toEqual([]);
      }),
      RUNS,
    );
  });

  it('reports every injected cycle on one of its answers', () => {
    fc.assert(
      fc.property(validGraph, fc.nat(), fc.nat(), fc.nat(), (generated, to, from, at) => {
        // fast-check may hand the same value again (shrinking): edit a copy.
        const graph = cloneGraph(generated);
        const { path } = closure(graph.questions);
        const j = to % graph.questions.length;
        const ancestors = graph.questions.map((_, i) => i).filter((i) => i === j || path[i]?.[j]);
        const i = ancestors[from % ancestors.length] as number;
        const question = graph.questions[j] as Question;
        const closing: Answer = {
          quizQuestionAnswerId: 999,
          isAnswerFinish: false,
          nextQuestionId: graph.questions[i]?.quizQuestionId as number,
          fragranceOptions: [],
        };
        question.answers.splice(at % (question.answers.length + 1), 0, closing);
        const cycle = new Set([...(i === j ? [] : answerPath(graph, i, j)), 999]);
        const problems = checkAgainstOracle(graph);
        expect(problems.length).toBeGreaterThan(0);
        expect(problems.every((p) => p.code === 'cycle')).toBe(true);
        expect(problems.some((p) => cycle.has(p.nodeId as number))).toBe(true);
      }),
      RUNS,
    );
  });

  it('reports an orphan question, and only it', () => {
    fc.assert(
      fc.property(validGraph, fc.nat(), fc.option(fc.nat(), { nil: null }), (generated, at, onward) => {
        // fast-check may hand the same value again (shrinking): edit a copy.
        const graph = cloneGraph(generated);
        const position = 1 + (at % graph.questions.length);
        const orphanId = 1 + (position - 1) * 10 + 5;
        const next = onward === null ? null : (graph.questions[onward % graph.questions.length] as Question);
        const fragranceId = [...graph.collection].find(([, slot]) => slot.active)?.[0] as number;
        const answers: Answer[] = [
          {
            quizQuestionAnswerId: 998,
            isAnswerFinish: true,
            nextQuestionId: null,
            fragranceOptions: [{ fragranceOptionId: 9998, fragranceId }],
          },
          ...(next
            ? [
                {
                  quizQuestionAnswerId: 999,
                  isAnswerFinish: false,
                  nextQuestionId: next.quizQuestionId,
                  fragranceOptions: [],
                },
              ]
            : []),
        ];
        graph.questions.splice(position, 0, { quizQuestionId: orphanId, answers });
        expect(checkAgainstOracle(graph)).toEqual([
          { code: 'unreachable', nodeType: 'question', nodeId: orphanId },
        ]);
      }),
      RUNS,
    );
  });

  it('reports a dead end or a final answer without fragrances on that answer', () => {
    fc.assert(
      fc.property(
        validGraph,
        fc.nat(),
        fc.constantFrom('nowhere', 'gone', 'noFragrance'),
        (generated, pick, fault) => {
          const graph = cloneGraph(generated);
          const finals = allAnswers(graph).filter(({ answer }) => answer.isAnswerFinish);
          const { answer } = finals[pick % finals.length] as { answer: Answer };
          answer.fragranceOptions = [];
          if (fault !== 'noFragrance') {
            answer.isAnswerFinish = false;
            answer.nextQuestionId = fault === 'gone' ? 7 : null;
          }
          const code = fault === 'noFragrance' ? 'noFragrance' : 'deadEnd';
          expect(checkAgainstOracle(graph)).toEqual([
            { code, nodeType: 'answer', nodeId: answer.quizQuestionAnswerId },
          ]);
        },
      ),
      RUNS,
    );
  });

  it('reports each option of a fragrance that left the collection or was deactivated', () => {
    fc.assert(
      fc.property(validGraph, fc.nat(), fc.boolean(), (generated, pick, removed) => {
        // fast-check may hand the same value again (shrinking): edit a copy.
        const graph = cloneGraph(generated);
        const options = allAnswers(graph).flatMap(({ answer }) => answer.fragranceOptions);
        const fragranceId = (options[pick % options.length] as { fragranceId: number }).fragranceId;
        if (removed) graph.collection.delete(fragranceId);
        else graph.collection.set(fragranceId, { active: false });
        const code = removed ? 'fragranceNotInCollection' : 'fragranceInactive';
        const expected = options
          .filter((option) => option.fragranceId === fragranceId)
          .map((option) => ({ code, nodeType: 'fragrance', nodeId: option.fragranceOptionId }));
        expect(checkAgainstOracle(graph)).toEqual(expected);
      }),
      RUNS,
    );
  });
});
