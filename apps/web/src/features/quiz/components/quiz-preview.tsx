import { ArrowLeftOutlined, PictureOutlined, ReloadOutlined } from '@ant-design/icons';
import type { QuizDetail } from '@scentia/shared/quiz.schemas';
import { Button } from 'antd';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PreviewFragrance, type PreviewScreen, walkQuiz } from './quiz-preview-walk.ts';
import './quiz-preview.css';

/**
 * The editor's preview player: walks the draft as the app would, one question at a time from the
 * entry, each answer a button, ending on the recommended fragrances with their images. What the app
 * would show (the quiz's texts and the player's own labels: question number, "you answered", the
 * result) is in the quiz's language, as the app shows it, and marked so; the notes to the author and
 * the preview's controls are in the viewer's. Where an
 * unfinished draft cannot go on, it says why instead of hanging. Nothing is posted: a preview is not a
 * played session and counts in no figure.
 */
export default function QuizPreview({ quiz }: { quiz: QuizDetail }) {
  const { t } = useTranslation('quiz-insights');
  const [choices, setChoices] = useState<number[]>([]);
  const walk = walkQuiz(quiz, choices);
  const heading = useRef<HTMLHeadingElement>(null);
  // Focus follows the walk (a new question, the end, back, restart), not the first render: opening
  // the preview must not pull the focus away from where the user is.
  const hasMoved = useRef(false);
  const stepKey = `${walk.usedChoices}:${walk.screen.kind}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the step, not the element, is what changes
  useEffect(() => {
    if (hasMoved.current) heading.current?.focus();
  }, [stepKey]);

  function go(next: number[]) {
    hasMoved.current = true;
    setChoices(next);
  }
  const used = choices.slice(0, walk.usedChoices);
  const lang = quiz.language;

  return (
    <section className="quiz-preview" aria-label={t('preview.title')}>
      <p className="quiz-preview-note">{t('preview.note')}</p>
      <div className="quiz-preview-screen">
        <Screen
          screen={walk.screen}
          lang={lang}
          headingRef={heading}
          onChoose={(answerId) => go([...used, answerId])}
        />
      </div>
      {walk.path.length > 0 && (
        <details className="quiz-preview-path">
          <summary>{t('preview.path', { count: walk.path.length })}</summary>
          <ol>
            {walk.path.map((step, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a loop may pass the same question twice
              <li key={index}>
                <span lang={lang}>{step.question.question.quest}</span>
                {' → '}
                <strong lang={lang}>{step.answer.answer.label}</strong>
              </li>
            ))}
          </ol>
        </details>
      )}
      <div className="quiz-preview-controls">
        <Button
          icon={<ArrowLeftOutlined />}
          disabled={used.length === 0}
          onClick={() => go(used.slice(0, -1))}
        >
          {t('preview.back')}
        </Button>
        <Button icon={<ReloadOutlined />} disabled={used.length === 0} onClick={() => go([])}>
          {t('preview.restart')}
        </Button>
      </div>
    </section>
  );
}

type ScreenProps = {
  screen: PreviewScreen;
  lang: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onChoose: (answerId: number) => void;
};

function Screen({ screen, lang, headingRef, onChoose }: ScreenProps) {
  const { t } = useTranslation('quiz-insights');
  const { t: player } = useTranslation('quiz-insights', { lng: lang });
  const youAnswered = (label: string) => (
    <p>
      <span lang={lang}>{player('preview.youAnswered')}</span> <strong lang={lang}>{label}</strong>
    </p>
  );
  if (screen.kind === 'noQuestion') {
    return (
      <div className="quiz-preview-stop" role="status">
        <h3 ref={headingRef} tabIndex={-1}>
          {t('preview.stop.title')}
        </h3>
        <p>{t('preview.stop.noQuestion')}</p>
      </div>
    );
  }
  if (screen.kind === 'deadEnd') {
    return (
      <div className="quiz-preview-stop">
        <h3 ref={headingRef} tabIndex={-1}>
          {t('preview.stop.title')}
        </h3>
        {youAnswered(screen.answer.answer.label)}
        <p className="quiz-preview-stop-reason">{t(`preview.stop.${screen.reason}`)}</p>
      </div>
    );
  }
  if (screen.kind === 'recommendation') {
    return (
      <div className="quiz-preview-result">
        <h3 ref={headingRef} tabIndex={-1} lang={lang}>
          {player('preview.recommended', { count: screen.fragrances.length })}
        </h3>
        {youAnswered(screen.answer.answer.label)}
        <ul className="quiz-preview-fragrances">
          {screen.fragrances.map((fragrance) => (
            <FragranceCard key={fragrance.fragranceId} fragrance={fragrance} />
          ))}
        </ul>
      </div>
    );
  }
  const { question, number, isRevisit } = screen;
  return (
    <div className="quiz-preview-question">
      <h3 ref={headingRef} tabIndex={-1}>
        <span className="quiz-preview-step" lang={lang}>
          {player('preview.questionNumber', { number })}
        </span>
        <span lang={lang}>{question.question.quest}</span>
      </h3>
      {isRevisit && <p className="quiz-preview-loop">{t('preview.revisit')}</p>}
      {question.answers.length === 0 ? (
        <p className="quiz-preview-stop-reason">{t('preview.stop.noAnswers')}</p>
      ) : (
        <ul className="quiz-preview-answers">
          {question.answers.map((answer) => (
            <li key={answer.quizQuestionAnswerId}>
              <button
                type="button"
                className="quiz-preview-answer"
                onClick={() => onChoose(answer.quizQuestionAnswerId)}
              >
                <span className="quiz-preview-answer-label" lang={lang}>
                  {answer.answer.label}
                </span>
                {answer.answer.description && (
                  <span className="quiz-preview-answer-description" lang={lang}>
                    {answer.answer.description}
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function FragranceCard({ fragrance }: { fragrance: PreviewFragrance }) {
  const { t } = useTranslation('quiz-insights');
  return (
    <li className="quiz-preview-fragrance">
      {fragrance.imageUri ? (
        <img src={fragrance.imageUri} alt="" className="quiz-preview-fragrance-image" loading="lazy" />
      ) : (
        <PictureOutlined aria-hidden="true" className="quiz-preview-fragrance-image" />
      )}
      <span className="quiz-preview-fragrance-name">{fragrance.name}</span>
      {fragrance.isOutOfCollection && (
        <span className="quiz-preview-fragrance-note">{t('preview.outOfCollection')}</span>
      )}
      {fragrance.isInactive && <span className="quiz-preview-fragrance-note">{t('preview.inactive')}</span>}
    </li>
  );
}
