import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ListedProblem, problemNodeKey } from '../quiz-problems.ts';
import type { QuizTree } from '../quiz-tree-model.ts';

type ProblemListProps = {
  tree: QuizTree;
  problems: readonly ListedProblem[];
  /** Moves the focus to the tree node `key`. */
  onShow: (key: string) => void;
};

/**
 * The problems a validation found, each a button that takes the focus to its node in the tree, where
 * the same problem is marked; an empty list says the quiz can be validated.
 */
export function QuizProblemList({ tree, problems, onShow }: ProblemListProps) {
  const { t } = useTranslation('quiz');
  if (problems.length === 0) {
    return <Alert type="success" showIcon title={t('problems.none')} className="quiz-problems" />;
  }
  return (
    <Alert
      type="warning"
      showIcon
      className="quiz-problems"
      title={<h2 className="quiz-problems-title">{t('problems.title', { count: problems.length })}</h2>}
      description={
        <ul className="quiz-problems-list">
          {problems.map((problem, index) => {
            const key = problemNodeKey(problem.path);
            const node = key ? tree.nodes.get(key) : undefined;
            const text = problem.code ? t(`problems.codes.${problem.code}`) : (problem.message ?? '');
            const name = node ? `${t(`tree.kinds.${node.kind}`)} “${node.label}”` : t('problems.quiz');
            const label = t('problems.node', { node: name, problem: text });
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a node may have two problems; the list is rebuilt whole
              <li key={`${problem.path}-${index}`}>
                {node && key ? (
                  <Button type="link" className="quiz-problem-link" onClick={() => onShow(key)}>
                    {label}
                  </Button>
                ) : (
                  label
                )}
              </li>
            );
          })}
        </ul>
      }
    />
  );
}
