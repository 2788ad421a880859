import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MoveTarget, QuizTree, TreeNode } from '../quiz-tree-model.ts';

type MoveDialogProps = {
  node: TreeNode;
  tree: QuizTree;
  /** Only the places the rule permits (`moveTargets`). */
  targets: readonly MoveTarget[];
  onChoose: (target: MoveTarget) => void;
  onClose: () => void;
};

/**
 * "Move to…" from the keyboard: the places the node may go, one button each, the first focused;
 * Escape closes and the focus goes back to the node.
 */
export function QuizMoveDialog({ node, tree, targets, onChoose, onClose }: MoveDialogProps) {
  const { t } = useTranslation('quiz');
  return (
    <Modal
      open
      title={t('tree.moveTitle', { name: node.label })}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('builder.cancel')}</Button>}
      centered
      destroyOnHidden
    >
      {targets.length === 0 ? (
        <p>{t('tree.moveNone')}</p>
      ) : (
        <ul className="quiz-move-targets">
          {targets.map((target, index) => {
            const parent = tree.nodes.get(target.targetKey);
            // Answer texts repeat across questions: an answer is named with its question.
            const question = parent?.parentKey ? tree.nodes.get(parent.parentKey) : undefined;
            const label = parent?.label ?? target.targetKey;
            const name = parent?.kind === 'answer' && question ? `${label} (${question.label})` : label;
            const kind = parent ? t(`tree.kinds.${parent.kind}`) : '';
            return (
              <li key={target.targetKey}>
                <Button block autoFocus={index === 0} onClick={() => onChoose(target)}>
                  {t('tree.moveUnder', { kind: kind.toLocaleLowerCase(), name })}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}
