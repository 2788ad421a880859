import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { type QuizStage, quizStage } from '../quiz-state.ts';

/** A quiz's stage as tags: draft, validated, or published vN (and "changes not published"). */
export function QuizStageTag({ quiz }: { quiz: Parameters<typeof quizStage>[0] }) {
  const { t } = useTranslation('quiz');
  const stage: QuizStage = quizStage(quiz);
  if (stage.kind !== 'published') {
    return (
      <Tag className={stage.kind === 'validated' ? 'status-tag is-positive' : 'status-tag'}>
        {t(`stage.${stage.kind}`)}
      </Tag>
    );
  }
  return (
    <span className="quiz-stage">
      <Tag className="status-tag is-positive">{t('stage.published', { version: stage.version })}</Tag>
      {stage.hasPendingChanges && <Tag className="status-tag is-warning">{t('stage.pendingChanges')}</Tag>}
    </span>
  );
}
