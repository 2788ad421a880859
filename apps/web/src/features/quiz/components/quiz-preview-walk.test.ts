import { describe, expect, it } from 'vitest';
import { previewQuiz } from './quiz-preview-fixture.ts';
import { walkQuiz } from './quiz-preview-walk.ts';

describe('walkQuiz', () => {
  it('starts on the first question', () => {
    const walk = walkQuiz(previewQuiz(), []);
    expect(walk.screen).toMatchObject({ kind: 'question', number: 1, isRevisit: false });
    expect(walk.screen.kind === 'question' && walk.screen.question.quizQuestionId).toBe(11);
  });

  it('stops on a final answer without fragrances', () => {
    const quiz = previewQuiz();
    const final = quiz.questions[0]?.answers[1];
    if (final) final.fragranceOptions = [];
    expect(walkQuiz(quiz, [22]).screen).toMatchObject({ kind: 'deadEnd', reason: 'noFragrance' });
  });

  it('stops on an answer whose next question was deleted', () => {
    const quiz = previewQuiz();
    quiz.questions = quiz.questions.slice(0, 1);
    expect(walkQuiz(quiz, [21]).screen).toMatchObject({ kind: 'deadEnd', reason: 'missingNext' });
  });

  it('marks a fragrance that left the collection, and takes its image from the option', () => {
    const quiz = previewQuiz();
    quiz.campaign.collection = quiz.campaign.collection.slice(1);
    const walk = walkQuiz(quiz, [21, 24]);
    expect(walk.screen.kind === 'recommendation' && walk.screen.fragrances).toEqual([
      { fragranceId: 5, name: 'Fragrance 5', imageUri: null, isOutOfCollection: true, isInactive: false },
      {
        fragranceId: 6,
        name: 'Cítrico',
        imageUri: '/img/citrico.png',
        isOutOfCollection: false,
        isInactive: false,
      },
    ]);
  });

  it('keeps the choices that still fit a quiz edited under them', () => {
    const quiz = previewQuiz();
    const walk = walkQuiz(quiz, [21, 99, 24]);
    expect(walk.usedChoices).toBe(1);
    expect(walk.path.map((step) => step.answer.quizQuestionAnswerId)).toEqual([21]);
    expect(walk.screen).toMatchObject({ kind: 'question', number: 2 });
  });
});
