import type { QuizDetail, TreeMoveBody } from '@scentia/shared/quiz.schemas';
import { isPermittedParent, problemPath, reachableQuestions } from '@scentia/shared/quiz-graph';

/**
 * The editor's tree (question → answers → next question or fragrances), as plain data the tree view
 * renders and moves: pure, so its rules are tested without a browser.
 *
 * Each question is shown in full once, where a depth-first walk from the entry first meets it; every
 * other answer leading to it shows a reference leaf ("goes to …"), so a cycle or a question reached by
 * two answers never repeats a subtree. Questions the entry does not reach follow as further roots.
 */

export type TreeNodeKind = 'question' | 'answer' | 'fragrance' | 'reference';

export type TreeNode = {
  /** `q:12`, `a:34`, `f:56`, or `r:34` (the reference under answer 34). */
  key: string;
  kind: TreeNodeKind;
  /** 1 for a root. */
  level: number;
  parentKey: string | null;
  childKeys: string[];
  label: string;
  /** The question (question, reference: the question it leads to), answer or fragrance option id. */
  id: number;
  /** The path its validation problems travel under (`question.12`), none for a reference. */
  problemPath: string | null;
  /** A question: whether it is the entry. An answer: whether it is final. */
  isEntry?: boolean;
  isFinal?: boolean;
  /** A fragrance option's fragrance and image. */
  fragranceId?: number;
  imageUri?: string;
};

export type QuizTree = { nodes: ReadonlyMap<string, TreeNode>; roots: readonly string[] };

export const questionKey = (id: number) => `q:${id}`;
export const answerKey = (id: number) => `a:${id}`;
export const fragranceKey = (id: number) => `f:${id}`;
const referenceKey = (answerId: number) => `r:${answerId}`;

/** The quiz as the tree reads it: its questions, and the collection its fragrances' images come from. */
type TreeSource = Pick<QuizDetail, 'questions'> & { campaign?: Pick<QuizDetail['campaign'], 'collection'> };

export function buildQuizTree(quiz: TreeSource): QuizTree {
  const questions = new Map(quiz.questions.map((question) => [question.quizQuestionId, question]));
  const images = new Map(
    (quiz.campaign?.collection ?? []).map((entry) => [
      entry.fragranceId,
      entry.fragrance.image?.thumbnailUri,
    ]),
  );
  const nodes = new Map<string, TreeNode>();
  const roots: string[] = [];
  const entry = quiz.questions[0]?.quizQuestionId;

  function add(node: Omit<TreeNode, 'childKeys'>): TreeNode {
    const created = { ...node, childKeys: [] };
    nodes.set(node.key, created);
    if (node.parentKey) nodes.get(node.parentKey)?.childKeys.push(node.key);
    else roots.push(node.key);
    return created;
  }

  // An explicit stack: a chain of 500 questions must not overflow the call stack.
  function place(rootId: number) {
    const pending: { questionId: number; level: number; parentKey: string | null }[] = [
      { questionId: rootId, level: 1, parentKey: null },
    ];
    while (pending.length > 0) {
      const { questionId, level, parentKey } = pending.pop() as (typeof pending)[number];
      const question = questions.get(questionId);
      if (!question || nodes.has(questionKey(questionId))) continue;
      add({
        key: questionKey(questionId),
        kind: 'question',
        level,
        parentKey,
        label: question.question.quest,
        id: questionId,
        problemPath: problemPath({ nodeType: 'question', nodeId: questionId }),
        isEntry: questionId === entry,
      });
      const later: typeof pending = [];
      for (const answer of question.answers) {
        const key = answerKey(answer.quizQuestionAnswerId);
        add({
          key,
          kind: 'answer',
          level: level + 1,
          parentKey: questionKey(questionId),
          label: answer.answer.label,
          id: answer.quizQuestionAnswerId,
          problemPath: problemPath({ nodeType: 'answer', nodeId: answer.quizQuestionAnswerId }),
          isFinal: answer.isAnswerFinish,
        });
        for (const option of answer.fragranceOptions) {
          add({
            key: fragranceKey(option.fragranceOptionId),
            kind: 'fragrance',
            level: level + 2,
            parentKey: key,
            label: option.fragrance.name,
            id: option.fragranceOptionId,
            problemPath: problemPath({ nodeType: 'fragrance', nodeId: option.fragranceOptionId }),
            fragranceId: option.fragranceId,
            imageUri: images.get(option.fragranceId),
          });
        }
        const next = answer.nextQuestionId;
        if (answer.isAnswerFinish || next === null || !questions.has(next)) continue;
        later.push({ questionId: next, level: level + 2, parentKey: key });
      }
      // Depth first, answers in their order: the first answer's branch is placed before the second's.
      pending.push(...later.reverse());
    }
  }

  for (const question of quiz.questions) place(question.quizQuestionId);
  addReferences(quiz, questions, nodes);
  return { nodes, roots };
}

/** A reference leaf under every answer whose next question is shown in full elsewhere. */
function addReferences(
  quiz: Pick<QuizDetail, 'questions'>,
  questions: ReadonlyMap<number, QuizDetail['questions'][number]>,
  nodes: Map<string, TreeNode>,
) {
  for (const question of quiz.questions) {
    for (const answer of question.answers) {
      const next = answer.nextQuestionId;
      const parent = nodes.get(answerKey(answer.quizQuestionAnswerId));
      const target = next === null ? undefined : questions.get(next);
      if (answer.isAnswerFinish || !parent || !target || next === null) continue;
      const shown = nodes.get(questionKey(next));
      if (shown?.parentKey === parent.key) continue;
      const key = referenceKey(answer.quizQuestionAnswerId);
      nodes.set(key, {
        key,
        kind: 'reference',
        level: parent.level + 1,
        parentKey: parent.key,
        childKeys: [],
        label: target.question.quest,
        id: next,
        problemPath: null,
      });
      parent.childKeys.push(key);
    }
  }
}

/** A shown row of the tree: its node and its place among its siblings (aria-setsize, aria-posinset). */
export type VisibleNode = { node: TreeNode; setSize: number; position: number };

/** The nodes shown, in order, when the nodes of `expanded` show their children. */
export function visibleNodes(tree: QuizTree, expanded: ReadonlySet<string>): VisibleNode[] {
  const shown: VisibleNode[] = [];
  const pending = [...tree.roots]
    .reverse()
    .map((key, index, all) => ({ key, setSize: all.length, position: all.length - index }));
  while (pending.length > 0) {
    const { key, setSize, position } = pending.pop() as (typeof pending)[number];
    const node = tree.nodes.get(key);
    if (!node) continue;
    shown.push({ node, setSize, position });
    if (!expanded.has(key)) continue;
    const children = node.childKeys;
    for (let index = children.length - 1; index >= 0; index -= 1) {
      pending.push({ key: children[index] as string, setSize: children.length, position: index + 1 });
    }
  }
  return shown;
}

/** The keys of `key` and every node above it. */
export function ancestorKeys(tree: QuizTree, key: string): string[] {
  const keys: string[] = [];
  let parent = tree.nodes.get(key)?.parentKey;
  while (parent) {
    keys.push(parent);
    parent = tree.nodes.get(parent)?.parentKey;
  }
  return keys;
}

/** A place a node may move to: the node it goes under, and the body of `updateTree` that moves it. */
export type MoveTarget = { targetKey: string; body: TreeMoveBody };

/**
 * Where a node may move (spec §4, `isPermittedParent`), offering no move that closes a loop (the
 * validation would refuse the quiz for it): an answer to another question that its next question
 * does not lead back to (never the question it leads to); a question under an answer that does not
 * end the quiz (as its next question; not an answer already leading to it, nor an answer of a question
 * it leads to, its own included); a fragrance under another final answer that does not already
 * recommend it. A reference does not move.
 */
export function moveTargets(quiz: Pick<QuizDetail, 'questions'>, tree: QuizTree, key: string): MoveTarget[] {
  const node = tree.nodes.get(key);
  if (!node || node.kind === 'reference') return [];
  if (node.kind === 'answer') {
    const next = quiz.questions
      .flatMap((question) => question.answers)
      .find((answer) => answer.quizQuestionAnswerId === node.id)?.nextQuestionId;
    const loopsBack = next ? reachableQuestions(quiz, next) : new Set<number>();
    return quiz.questions
      .filter((question) => node.parentKey !== questionKey(question.quizQuestionId))
      .filter((question) => !loopsBack.has(question.quizQuestionId))
      .filter(() => isPermittedParent({ nodeType: 'answer' }, { nodeType: 'question' }))
      .map((question) => ({
        targetKey: questionKey(question.quizQuestionId),
        body: {
          nodeType: 'answer',
          quizQuestionAnswerId: node.id,
          newQuizQuestionId: question.quizQuestionId,
        },
      }));
  }
  const targets: MoveTarget[] = [];
  const ahead = node.kind === 'question' ? reachableQuestions(quiz, node.id) : new Set<number>();
  for (const question of quiz.questions) {
    for (const answer of question.answers) {
      const parent = {
        nodeType: 'answer' as const,
        isAnswerFinish: answer.isAnswerFinish,
        fragranceIds: answer.fragranceOptions.map((option) => option.fragranceId),
      };
      const targetKey = answerKey(answer.quizQuestionAnswerId);
      const quizQuestionAnswerId = answer.quizQuestionAnswerId;
      if (node.kind === 'question') {
        // Its own answers and those of the questions it leads to would lead back to it.
        if (ahead.has(question.quizQuestionId) || answer.nextQuestionId === node.id) continue;
        if (!isPermittedParent({ nodeType: 'question' }, parent)) continue;
        targets.push({
          targetKey,
          body: { nodeType: 'question', quizQuestionAnswerId, nextQuestionId: node.id },
        });
      } else if (isPermittedParent({ nodeType: 'fragrance', fragranceId: node.fragranceId }, parent)) {
        targets.push({
          targetKey,
          body: {
            nodeType: 'fragrance',
            fragranceOptionId: node.id,
            newQuizQuestionAnswerId: quizQuestionAnswerId,
          },
        });
      }
    }
  }
  return targets;
}
