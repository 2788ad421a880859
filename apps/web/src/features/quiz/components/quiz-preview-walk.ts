import type { QuizAnswerRow, QuizDetail, QuizQuestionRow } from '@scentia/shared/quiz.schemas';

/** A fragrance the walk ends on, with what the card shows and what is wrong with it in the draft. */
export type PreviewFragrance = {
  fragranceId: number;
  name: string;
  imageUri: string | null;
  /** Left the campaign's collection since the answer was made: the app would not offer it. */
  isOutOfCollection: boolean;
  isInactive: boolean;
};

/** Why the walk cannot go on past an answer of a draft. */
export type PreviewDeadEnd = 'noNext' | 'missingNext' | 'noFragrance';

/** What the player shows now. */
export type PreviewScreen =
  | { kind: 'noQuestion' }
  | {
      kind: 'question';
      question: QuizQuestionRow;
      /** 1 for the entry, counting every question shown on the way, revisits included. */
      number: number;
      /** The walk has been at this question before: the draft loops back here. */
      isRevisit: boolean;
    }
  | { kind: 'recommendation'; answer: QuizAnswerRow; fragrances: PreviewFragrance[] }
  | { kind: 'deadEnd'; answer: QuizAnswerRow; reason: PreviewDeadEnd };

/** One question passed on the way, with the answer chosen there. */
export type PreviewStep = { question: QuizQuestionRow; answer: QuizAnswerRow };

export type PreviewWalk = {
  /** The questions answered so far, in order. */
  path: PreviewStep[];
  screen: PreviewScreen;
  /** How many of the choices the walk used: fewer than given when the quiz changed under them. */
  usedChoices: number;
};

function recommendation(quiz: QuizDetail, answer: QuizAnswerRow): PreviewFragrance[] {
  const collection = new Map(quiz.campaign.collection.map((entry) => [entry.fragranceId, entry.fragrance]));
  return answer.fragranceOptions.map((option) => {
    const slot = collection.get(option.fragranceId);
    const image = slot?.image ?? null;
    return {
      fragranceId: option.fragranceId,
      name: slot?.name ?? option.fragrance.name,
      imageUri: image?.tempUri ?? image?.thumbnailUri ?? null,
      isOutOfCollection: !slot,
      isInactive: !option.fragrance.active,
    };
  });
}

/**
 * Plays the quiz as the app would: from the entry (the first question), each choice (an answer's id)
 * answers the question on screen and leads to its next question, or ends the walk on the answer's
 * fragrances. A draft may be unfinished: an answer that leads nowhere, a final answer without
 * fragrances, or a next question since deleted stops the walk with its reason. A loop is walked like
 * anything else (the user clicks each step). Choices that no longer fit the quiz (edited meanwhile)
 * are dropped from the first that does not, so the walk stays where it still can.
 */
export function walkQuiz(quiz: QuizDetail, choices: readonly number[]): PreviewWalk {
  const byId = new Map(quiz.questions.map((question) => [question.quizQuestionId, question]));
  const entry = quiz.questions[0];
  if (!entry) return { path: [], screen: { kind: 'noQuestion' }, usedChoices: 0 };
  const path: PreviewStep[] = [];
  const seen = new Set<number>([entry.quizQuestionId]);
  let question = entry;
  let isRevisit = false;
  for (const choice of choices) {
    const answer = question.answers.find((candidate) => candidate.quizQuestionAnswerId === choice);
    if (!answer) break;
    path.push({ question, answer });
    const used = path.length;
    if (answer.isAnswerFinish) {
      const fragrances = recommendation(quiz, answer);
      const screen: PreviewScreen =
        fragrances.length > 0
          ? { kind: 'recommendation', answer, fragrances }
          : { kind: 'deadEnd', answer, reason: 'noFragrance' };
      return { path, screen, usedChoices: used };
    }
    if (answer.nextQuestionId === null) {
      return { path, screen: { kind: 'deadEnd', answer, reason: 'noNext' }, usedChoices: used };
    }
    const next = byId.get(answer.nextQuestionId);
    if (!next) return { path, screen: { kind: 'deadEnd', answer, reason: 'missingNext' }, usedChoices: used };
    isRevisit = seen.has(next.quizQuestionId);
    seen.add(next.quizQuestionId);
    question = next;
  }
  return {
    path,
    screen: { kind: 'question', question, number: path.length + 1, isRevisit },
    usedChoices: path.length,
  };
}
