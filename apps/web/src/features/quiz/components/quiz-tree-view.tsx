import { WarningFilled } from '@ant-design/icons';
import type { QuizDetail } from '@scentia/shared/quiz.schemas';
import { Tag } from 'antd';
import { type DragEvent, type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ancestorKeys,
  type MoveTarget,
  moveTargets,
  type QuizTree,
  questionKey,
  type TreeNode,
  visibleNodes,
} from '../quiz-tree-model.ts';
import { QuizMoveDialog } from './quiz-move-dialog.tsx';
import { QuizTreeTool } from './quiz-tree-tool.tsx';

export type FocusRequest = { key: string; seq: number };

type TreeViewProps = {
  quiz: QuizDetail;
  tree: QuizTree;
  /** The problems to mark, by node key. */
  problems: ReadonlyMap<string, string[]>;
  /** A node to show and focus (a problem's link, a moved node); `seq` tells one request from the next. */
  focusRequest?: FocusRequest;
  onEditQuestion: (questionId: number) => void;
  /** Runs a move; true when it was made. */
  onMove: (target: MoveTarget) => Promise<boolean>;
};

const domId = (key: string) => `quiz-node-${key.replace(':', '-')}`;

/** The question a node belongs to (a question itself, a reference: the question it leads to). */
function questionOf(tree: QuizTree, node: TreeNode): number | undefined {
  if (node.kind === 'question' || node.kind === 'reference') return node.id;
  const question = ancestorKeys(tree, node.key)
    .map((key) => tree.nodes.get(key))
    .find((ancestor) => ancestor?.kind === 'question');
  return question?.id;
}

/**
 * The quiz as a tree (WAI-ARIA tree pattern): one tab stop, arrows to move and open or close, Home
 * and End, Enter to edit a node's question (on a reference: go to the question), M or "Move to…" to
 * move the node to one of the places the rule permits. Dragging offers the same places only.
 */
export function QuizTreeView({ quiz, tree, problems, focusRequest, onEditQuestion, onMove }: TreeViewProps) {
  const { t } = useTranslation('quiz');
  const titleId = useId();
  const helpId = useId();
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [activeKey, setActiveKey] = useState<string | undefined>(tree.roots[0]);
  const [dragKey, setDragKey] = useState<string>();
  const [dropKey, setDropKey] = useState<string>();
  const [movingKey, setMovingKey] = useState<string>();
  const focusPending = useRef(false);
  // A node to show once the tree has it (after a move, the tree the server answered).
  const focusWanted = useRef<string>(undefined);
  const [, setFocusTick] = useState(0);
  // Whether the focus is in the tree: a node the tree re-renders elsewhere (after a move) loses the
  // browser's focus, which then goes back to it.
  const holdsFocus = useRef(false);

  const expanded = useMemo(
    () => new Set([...tree.nodes.keys()].filter((key) => !collapsed.has(key))),
    [tree, collapsed],
  );
  const shown = visibleNodes(tree, expanded);
  const current = activeKey && tree.nodes.has(activeKey) ? activeKey : shown[0]?.node.key;
  const dropTargets = useMemo(
    () => new Set(dragKey ? moveTargets(quiz, tree, dragKey).map((target) => target.targetKey) : []),
    [quiz, tree, dragKey],
  );
  // The node being dragged, known from its dragstart on: the browser may ask a node whether it takes
  // the drop before the render that sets `dragKey` (a refused dragover then loses the drop).
  const dragSource = useRef<string>(undefined);

  function acceptsDrop(key: string): boolean {
    const source = dragSource.current;
    if (!source) return false;
    if (source === dragKey) return dropTargets.has(key);
    return moveTargets(quiz, tree, source).some((target) => target.targetKey === key);
  }

  function endDrag() {
    dragSource.current = undefined;
    setDragKey(undefined);
    setDropKey(undefined);
  }

  function focusNode(key: string) {
    const hidden = ancestorKeys(tree, key).filter((ancestor) => collapsed.has(ancestor));
    if (hidden.length > 0) setCollapsed((keys) => new Set([...keys].filter((k) => !hidden.includes(k))));
    setActiveKey(key);
    focusPending.current = true;
    // A render even when nothing else changed (the node already active): the effect then focuses it.
    setFocusTick((tick) => tick + 1);
  }

  function requestFocus(key: string) {
    focusWanted.current = key;
    setFocusTick((tick) => tick + 1);
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new request is a new `seq`
  useEffect(() => {
    if (focusRequest) requestFocus(focusRequest.key);
  }, [focusRequest?.seq]);

  useEffect(() => {
    const wanted = focusWanted.current;
    if (wanted && tree.nodes.has(wanted)) {
      focusWanted.current = undefined;
      focusNode(wanted);
      return;
    }
    const element = current ? document.getElementById(domId(current)) : null;
    if (!element) return;
    if (focusPending.current) {
      focusPending.current = false;
      element.focus();
      element.scrollIntoView({ block: 'nearest' });
    } else if (holdsFocus.current && document.activeElement === document.body) {
      element.focus({ preventScroll: true });
    }
  });

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = shown.findIndex(({ node }) => node.key === current);
    const node = shown[index]?.node;
    if (!node) return;
    const isOpen = node.childKeys.length > 0 && !collapsed.has(node.key);
    const go = (key: string | undefined) => key && focusNode(key);
    const keys: Record<string, () => void> = {
      ArrowDown: () => go(shown[index + 1]?.node.key),
      ArrowUp: () => go(shown[index - 1]?.node.key),
      Home: () => go(shown[0]?.node.key),
      End: () => go(shown[shown.length - 1]?.node.key),
      ArrowRight: () => {
        if (node.childKeys.length === 0) return;
        if (isOpen) go(node.childKeys[0]);
        else setCollapsed((all) => new Set([...all].filter((key) => key !== node.key)));
      },
      ArrowLeft: () => {
        if (isOpen) setCollapsed((all) => new Set([...all, node.key]));
        else go(node.parentKey ?? undefined);
      },
      Enter: () => activate(node),
      m: () => setMovingKey(node.key),
      M: () => setMovingKey(node.key),
    };
    const action = keys[event.key];
    if (!action || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    action();
  }

  function activate(node: TreeNode) {
    if (node.kind === 'reference') {
      focusNode(questionKey(node.id));
      return;
    }
    const questionId = questionOf(tree, node);
    if (questionId !== undefined) onEditQuestion(questionId);
  }

  async function move(target: MoveTarget, key: string) {
    setMovingKey(undefined);
    if (await onMove(target)) requestFocus(key);
    else focusPending.current = true;
  }

  function onDrop(event: DragEvent, target: TreeNode) {
    event.preventDefault();
    const source = dragSource.current;
    endDrag();
    const chosen = source && moveTargets(quiz, tree, source).find((found) => found.targetKey === target.key);
    if (source && chosen) void move(chosen, source);
  }

  const activeNode = current ? tree.nodes.get(current) : undefined;
  const moving = movingKey ? tree.nodes.get(movingKey) : undefined;

  return (
    <section className="quiz-tree-panel" aria-labelledby={titleId}>
      <div className="quiz-tree-toolbar">
        <h2 id={titleId} className="record-card-title">
          {t('tree.title')}
        </h2>
        <QuizTreeTool
          label={t('tree.move')}
          reason={
            !activeNode
              ? t('tree.disabledNoItem')
              : activeNode.kind === 'reference'
                ? t('tree.disabledReference')
                : undefined
          }
          onClick={() => activeNode && setMovingKey(activeNode.key)}
        />
        <QuizTreeTool
          label={t('tree.edit')}
          reason={activeNode ? undefined : t('tree.disabledNoItem')}
          onClick={() => activeNode && activate(activeNode)}
        />
      </div>
      <p id={helpId} className="quiz-tree-help">
        {t('tree.help')}
      </p>
      {shown.length === 0 ? (
        <p className="quiz-tree-empty">{t('tree.empty')}</p>
      ) : (
        <div
          role="tree"
          aria-labelledby={titleId}
          aria-describedby={helpId}
          className="quiz-tree"
          onKeyDown={onKeyDown}
          onFocus={() => {
            holdsFocus.current = true;
          }}
          onBlur={(event) => {
            const next = event.relatedTarget;
            if (next && !event.currentTarget.contains(next)) holdsFocus.current = false;
          }}
        >
          {shown.map(({ node, setSize, position }) => {
            const nodeProblems = problems.get(node.key) ?? [];
            const isMovable = node.kind !== 'reference';
            const classes = ['quiz-node', `is-${node.kind}`];
            if (nodeProblems.length > 0) classes.push('has-problem');
            if (dropKey === node.key) classes.push('is-drop-target');
            else if (dropTargets.has(node.key)) classes.push('is-drop-candidate');
            return (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the tree's own keys (onKeyDown above) do what a click does
              <div
                key={node.key}
                id={domId(node.key)}
                role="treeitem"
                aria-level={node.level}
                aria-setsize={setSize}
                aria-posinset={position}
                aria-expanded={node.childKeys.length > 0 ? !collapsed.has(node.key) : undefined}
                aria-selected={node.key === current}
                tabIndex={node.key === current ? 0 : -1}
                className={classes.join(' ')}
                style={{ paddingInlineStart: `${(node.level - 1) * 20 + 8}px` }}
                draggable={isMovable}
                onFocus={(event) => event.target === event.currentTarget && setActiveKey(node.key)}
                onClick={() => setActiveKey(node.key)}
                onDoubleClick={() => activate(node)}
                onDragStart={(event) => {
                  event.dataTransfer.setData('text/plain', node.key);
                  event.dataTransfer.effectAllowed = 'move';
                  dragSource.current = node.key;
                  setDragKey(node.key);
                }}
                onDragEnd={endDrag}
                onDragOver={(event) => {
                  // Only a permitted place accepts the drop: elsewhere the browser shows "not allowed".
                  if (!acceptsDrop(node.key)) return;
                  event.preventDefault();
                  event.dataTransfer.dropEffect = 'move';
                  if (dropKey !== node.key) setDropKey(node.key);
                }}
                onDragLeave={() => dropKey === node.key && setDropKey(undefined)}
                onDrop={(event) => onDrop(event, node)}
              >
                <TreeNodeText node={node} problems={nodeProblems} />
              </div>
            );
          })}
        </div>
      )}
      {moving && (
        <QuizMoveDialog
          node={moving}
          tree={tree}
          targets={moveTargets(quiz, tree, moving.key)}
          onChoose={(target) => void move(target, moving.key)}
          onClose={() => {
            setMovingKey(undefined);
            focusPending.current = true;
          }}
        />
      )}
    </section>
  );
}

/** A node's line: its kind, its text, its tags (entry, final) and its problems. */
function TreeNodeText({ node, problems }: { node: TreeNode; problems: readonly string[] }) {
  const { t } = useTranslation('quiz');
  const text = node.kind === 'reference' ? t('tree.goesTo', { quest: node.label }) : node.label;
  return (
    <span className="quiz-node-line">
      <span className="quiz-node-kind">{t(`tree.kinds.${node.kind}`)}</span>
      {node.imageUri && <img className="quiz-node-image" src={node.imageUri} alt="" />}
      <span className="quiz-node-label">{text}</span>
      {node.isEntry && <Tag className="status-tag">{t('tree.entry')}</Tag>}
      {node.isFinal && <Tag className="status-tag">{t('tree.final')}</Tag>}
      {problems.length > 0 && (
        <span className="quiz-node-problem">
          <WarningFilled aria-hidden="true" /> {problems.join('; ')}
        </span>
      )}
    </span>
  );
}
