import type { QuizDetail } from '@scentia/shared/quiz.schemas';
import { describe, expect, it } from 'vitest';
import { ancestorKeys, buildQuizTree, moveTargets, visibleNodes } from './quiz-tree-model.ts';

type Answer = { id: number; next?: number; fragrances?: number[] };

/** A quiz of `questions` (id → answers): an answer with fragrances is final, one with `next` leads on. */
function quizOf(questions: Record<number, Answer[]>): Pick<QuizDetail, 'questions'> {
  return {
    questions: Object.entries(questions).map(([id, answers]) => ({
      quizQuestionId: Number(id),
      questionId: Number(id),
      question: { quest: `Q${id}` },
      answers: answers.map((answer) => ({
        quizQuestionAnswerId: answer.id,
        answerId: answer.id,
        answer: { label: `A${answer.id}`, description: null },
        isAnswerFinish: answer.fragrances !== undefined,
        nextQuestionId: answer.next ?? null,
        nextQuestion: null,
        fragranceOptions: (answer.fragrances ?? []).map((fragranceId) => ({
          fragranceOptionId: answer.id * 100 + fragranceId,
          fragranceId,
          fragrance: { name: `F${fragranceId}`, active: true },
        })),
      })),
    })),
  };
}

const keysOf = (quiz: Pick<QuizDetail, 'questions'>) => {
  const tree = buildQuizTree(quiz);
  return visibleNodes(tree, new Set(tree.nodes.keys())).map(
    ({ node }) => `${'-'.repeat(node.level - 1)}${node.key}`,
  );
};

describe('buildQuizTree', () => {
  it('nests each next question under the first answer a depth-first walk meets it from', () => {
    const quiz = quizOf({
      1: [
        { id: 11, next: 2 },
        { id: 12, next: 3 },
      ],
      2: [{ id: 21, next: 3 }],
      3: [{ id: 31, fragrances: [7] }],
    });
    expect(keysOf(quiz)).toEqual([
      'q:1',
      '-a:11',
      '--q:2',
      '---a:21',
      '----q:3',
      '-----a:31',
      '------f:3107',
      '-a:12',
      '--r:12',
    ]);
  });

  it('shows a cycle as a reference leaf, never the subtree again', () => {
    const quiz = quizOf({ 1: [{ id: 11, next: 2 }], 2: [{ id: 21, next: 1 }] });
    const tree = buildQuizTree(quiz);
    expect(keysOf(quiz)).toEqual(['q:1', '-a:11', '--q:2', '---a:21', '----r:21']);
    expect(tree.nodes.get('r:21')).toMatchObject({ kind: 'reference', id: 1, label: 'Q1' });
  });

  it('puts the questions the entry does not reach after it, as roots', () => {
    const quiz = quizOf({ 1: [{ id: 11, fragrances: [7] }], 2: [{ id: 21, next: 1 }] });
    const tree = buildQuizTree(quiz);
    expect(tree.roots).toEqual(['q:1', 'q:2']);
    expect(tree.nodes.get('q:1')?.isEntry).toBe(true);
    expect(tree.nodes.get('q:2')?.isEntry).toBe(false);
    expect(keysOf(quiz)).toContain('--r:21');
  });

  it('leaves a dead end (a next question that is gone) without children', () => {
    const tree = buildQuizTree(quizOf({ 1: [{ id: 11, next: 9 }] }));
    expect(tree.nodes.get('a:11')?.childKeys).toEqual([]);
  });

  it('hides the children of a collapsed node and counts siblings', () => {
    const quiz = quizOf({
      1: [
        { id: 11, next: 2 },
        { id: 12, fragrances: [7] },
      ],
      2: [{ id: 21, fragrances: [8] }],
    });
    const tree = buildQuizTree(quiz);
    const shown = visibleNodes(tree, new Set(['q:1']));
    expect(shown.map(({ node }) => node.key)).toEqual(['q:1', 'a:11', 'a:12']);
    expect(shown[2]).toMatchObject({ setSize: 2, position: 2 });
    expect(ancestorKeys(tree, 'f:2108')).toEqual(['a:21', 'q:2', 'a:11', 'q:1']);
  });
});

describe('moveTargets', () => {
  const quiz = quizOf({
    1: [
      { id: 11, next: 2 },
      { id: 12, fragrances: [7] },
    ],
    2: [
      { id: 21, fragrances: [7, 8] },
      { id: 22, next: 3 },
    ],
    3: [{ id: 31, fragrances: [9] }],
  });
  const tree = buildQuizTree(quiz);
  const targetsOf = (key: string) => moveTargets(quiz, tree, key).map((target) => target.targetKey);

  it('moves an answer to any other question that its next question does not lead back to', () => {
    expect(targetsOf('a:12')).toEqual(['q:2', 'q:3']);
    // A11 leads to Q2, which leads to Q3: under either, it would close a loop.
    expect(targetsOf('a:11')).toEqual([]);
    expect(targetsOf('a:22')).toEqual(['q:1']);
    expect(moveTargets(quiz, tree, 'a:12')[0]?.body).toEqual({
      nodeType: 'answer',
      quizQuestionAnswerId: 12,
      newQuizQuestionId: 2,
    });
  });

  it('moves a question only under an answer that leads on, not already to it, nor back to it', () => {
    expect(targetsOf('q:3')).toEqual(['a:11']);
    // A22 is an answer of Q2, which Q1 leads to: Q1 → Q2 → Q1.
    expect(targetsOf('q:1')).toEqual([]);
    expect(targetsOf('q:2')).toEqual([]);
    expect(moveTargets(quiz, tree, 'q:3')[0]?.body).toEqual({
      nodeType: 'question',
      quizQuestionAnswerId: 11,
      nextQuestionId: 3,
    });
  });

  it('moves a fragrance only under another final answer that does not recommend it yet', () => {
    expect(targetsOf('f:1207')).toEqual(['a:31']);
    expect(targetsOf('f:2108')).toEqual(['a:12', 'a:31']);
    expect(moveTargets(quiz, tree, 'f:2108')[0]?.body).toEqual({
      nodeType: 'fragrance',
      fragranceOptionId: 2108,
      newQuizQuestionAnswerId: 12,
    });
  });

  it('never moves a reference', () => {
    const cyclic = quizOf({ 1: [{ id: 11, next: 2 }], 2: [{ id: 21, next: 1 }] });
    expect(moveTargets(cyclic, buildQuizTree(cyclic), 'r:21')).toEqual([]);
  });
});
