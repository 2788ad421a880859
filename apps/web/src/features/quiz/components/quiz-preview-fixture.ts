import type { QuizAnswerRow, QuizDetail, QuizQuestionRow } from '@scentia/shared/quiz.schemas';

const image = (name: string) => ({ tempUri: `/img/${name}.png`, thumbnailUri: `/img/${name}-thumb.png` });

function answer(id: number, label: string, lead: number | null | number[]): QuizAnswerRow {
  const fragrances = Array.isArray(lead) ? lead : [];
  return {
    quizQuestionAnswerId: id,
    answerId: id,
    answer: { label, description: null },
    isAnswerFinish: Array.isArray(lead),
    nextQuestionId: Array.isArray(lead) ? null : lead,
    nextQuestion: null,
    fragranceOptions: fragrances.map((fragranceId) => ({
      fragranceOptionId: id * 100 + fragranceId,
      fragranceId,
      fragrance: { name: `Fragrance ${fragranceId}`, active: true },
    })),
  };
}

function question(id: number, quest: string, answers: QuizAnswerRow[]): QuizQuestionRow {
  return { quizQuestionId: id, questionId: id, question: { quest }, answers };
}

/**
 * A draft in Spanish for the player's tests: the entry leads on, ends, or stops at an answer that
 * leads nowhere; the second question ends on two fragrances or loops back to the entry.
 */
export function previewQuiz(): QuizDetail {
  return {
    quizId: 9,
    name: 'Quiz de prueba',
    campaignId: 3,
    campaign: {
      name: 'Verano',
      collection: [
        { slot: 1, fragranceId: 5, fragrance: { name: 'Brisa', image: image('brisa') } },
        { slot: 2, fragranceId: 6, fragrance: { name: 'Cítrico', image: image('citrico') } },
      ],
    },
    language: 'es-ES',
    questionCount: 2,
    validatedAt: null,
    publishedAt: null,
    publishedVersion: null,
    ativo: true,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    deletedAt: null,
    questions: [
      question(11, '¿Qué ambiente prefiere?', [
        answer(21, 'Fresco', 12),
        answer(22, 'Cálido', [5]),
        answer(23, 'Sin terminar', null),
      ]),
      question(12, '¿Qué nota le gusta más?', [answer(24, 'Cítricos', [5, 6]), answer(25, 'Otra vez', 11)]),
    ],
  };
}
