import { z } from 'zod';
import { personNameSchema } from './auth.schemas.ts';
import { periodDaySchema } from './dates.schemas.ts';
import { idSchema, idTextSchema } from './integers.schemas.ts';
import { kitRowFields } from './list.schemas.ts';
import { LANGUAGES } from './locales.ts';
import { recordVersionShape } from './record-fields.schemas.ts';

/**
 * The quiz (spec §2 editor, §3 Quiz, §7 quiz calls): a tree of questions per campaign and language.
 * Question and answer texts live in a bank per language and are reused by name; a quiz question points
 * at a bank question, a quiz answer at a bank answer, and either at a next question of the same quiz or
 * is final with fragrance options from the campaign's collection. The first question (lowest id) is the
 * entry. The app plays an immutable published snapshot (`PublishedQuiz`); edits change the draft.
 */

/** Bounds the API enforces: far above any real quiz, and they keep a validation walk cheap. */
export const QUIZ_LIMITS = {
  questions: 500,
  answersPerQuestion: 20,
  /** A collection has 20 slots: an answer cannot recommend more. */
  fragrancesPerAnswer: 20,
  questText: 300,
  answerLabel: 200,
  answerDescription: 500,
} as const;

/** Typeaheads of bank texts (spec §9): from 3 characters, at most 10; a new text from 3 characters. */
export const QUIZ_TEXT_SEARCH = { minLength: 3, limit: 10 } as const;

export const quizLanguageSchema = z.enum(LANGUAGES, { error: 'invalidOption' });
export type QuizLanguage = z.infer<typeof quizLanguageSchema>;

/** A quiz's name: as a person's name, and at most 100 characters (spec §5 Quiz; its column's size). */
const quizNameSchema = personNameSchema.max(100, { error: 'tooLong' });

/** `POST /api/quiz` (spec §7): name (as a person's name, at most 100), campaign and language. */
export const quizCreateBodySchema = z.strictObject({
  name: quizNameSchema,
  campaignId: idSchema,
  language: quizLanguageSchema,
});
export type QuizCreateBody = z.infer<typeof quizCreateBodySchema>;

/** `PUT /api/quiz/{id}`: only the name changes; campaign and language are fixed at creation. */
export const quizUpdateBodySchema = z.strictObject({
  name: quizNameSchema,
  /** The version the editor loaded: a save based on an older one is refused (409 STALE_RECORD). */
  ...recordVersionShape,
});
export type QuizUpdateBody = z.infer<typeof quizUpdateBodySchema>;

const questTextSchema = z.string().trim().min(1, { error: 'required' }).max(QUIZ_LIMITS.questText);
const answerLabelSchema = z.string().trim().min(1, { error: 'required' }).max(QUIZ_LIMITS.answerLabel);

/**
 * One answer of `POST /api/question/add-update` (spec §7). `answerId` reuses a bank answer; otherwise
 * `desc` is its text (found in the bank by name, or added). `description` is this quiz answer's own
 * longer text. A final answer (`isAnswerFinish`) lists its fragrances; any other names its next
 * question. `quizQuestionAnswerId` updates an existing answer of the question; without it, one is added.
 */
export const questionAnswerBodySchema = z.strictObject({
  quizQuestionAnswerId: idSchema.optional(),
  answerId: idSchema.optional(),
  desc: answerLabelSchema.optional(),
  description: z.string().trim().max(QUIZ_LIMITS.answerDescription).nullish(),
  isAnswerFinish: z.boolean(),
  nextQuizQuestionId: idSchema.nullish(),
  fragrances: z.array(idSchema).max(QUIZ_LIMITS.fragrancesPerAnswer).default([]),
});
export type QuestionAnswerBody = z.infer<typeof questionAnswerBodySchema>;

/**
 * `POST /api/question/add-update` (spec §7): a question and its whole answer set. `quizQuestionId`
 * (our addition; the spec's call does not show how an update names its question) updates that
 * question: answers left out are removed. `questionId` reuses a bank question; otherwise `quest`.
 */
export const questionSaveBodySchema = z.strictObject({
  quizId: idSchema,
  quizQuestionId: idSchema.optional(),
  questionId: idSchema.optional(),
  quest: questTextSchema.optional(),
  answers: z.array(questionAnswerBodySchema).max(QUIZ_LIMITS.answersPerQuestion),
  ...recordVersionShape,
});
export type QuestionSaveBody = z.infer<typeof questionSaveBodySchema>;

/**
 * `PUT /api/quiz/updateTree/{quizId}` (spec §7), one of three shapes by `nodeType`: a fragrance option
 * to another answer, a question as an answer's next question, an answer to another question. Kept
 * loose on purpose: any other combination is a move that is not permitted (400 QUIZ_MOVE_NOT_PERMITTED,
 * 'Action does not permitted'), not a malformed body.
 */
export const treeMoveBodySchema = z.strictObject({
  nodeType: z.enum(['fragrance', 'question', 'answer'], { error: 'invalidOption' }),
  fragranceOptionId: idSchema.optional(),
  newQuizQuestionAnswerId: idSchema.optional(),
  quizQuestionAnswerId: idSchema.optional(),
  nextQuestionId: idSchema.optional(),
  newQuizQuestionId: idSchema.optional(),
  ...recordVersionShape,
});
export type TreeMoveBody = z.infer<typeof treeMoveBodySchema>;

/** The three permitted moves, as `treeMoveFromBody` reads them. */
export type TreeMove =
  | { nodeType: 'fragrance'; fragranceOptionId: number; newQuizQuestionAnswerId: number }
  | { nodeType: 'question'; quizQuestionAnswerId: number; nextQuestionId: number }
  | { nodeType: 'answer'; quizQuestionAnswerId: number; newQuizQuestionId: number };

/** The move a body describes, or undefined when its fields do not make one of the three shapes. */
export function treeMoveFromBody(body: TreeMoveBody): TreeMove | undefined {
  const { nodeType, fragranceOptionId, newQuizQuestionAnswerId, quizQuestionAnswerId } = body;
  const { nextQuestionId, newQuizQuestionId } = body;
  const given = [
    fragranceOptionId,
    newQuizQuestionAnswerId,
    quizQuestionAnswerId,
    nextQuestionId,
    newQuizQuestionId,
  ].filter((value) => value !== undefined).length;
  if (given !== 2) return undefined;
  if (nodeType === 'fragrance' && fragranceOptionId && newQuizQuestionAnswerId)
    return { nodeType, fragranceOptionId, newQuizQuestionAnswerId };
  if (nodeType === 'question' && quizQuestionAnswerId && nextQuestionId)
    return { nodeType, quizQuestionAnswerId, nextQuestionId };
  if (nodeType === 'answer' && quizQuestionAnswerId && newQuizQuestionId)
    return { nodeType, quizQuestionAnswerId, newQuizQuestionId };
  return undefined;
}

/** `GET /api/question/by-name` and `GET /api/answer/by-name` (spec §7): the quiz's language and text. */
export const bankSearchQuerySchema = z.object({
  language: quizLanguageSchema,
  str: z.string().trim().max(QUIZ_LIMITS.answerLabel).default(''),
});
export const bankQuestionSchema = z.object({ questionId: z.number().int(), quest: z.string() });
export const bankAnswerSchema = z.object({ answerId: z.number().int(), label: z.string() });

const imageSchema = z.object({ tempUri: z.string(), thumbnailUri: z.string() }).nullable();

/**
 * A fragrance an answer recommends: its name and whether it is active. Its image is the collection's
 * (`campaign.collection`), not repeated here: a 1,000-answer quiz would carry each signed URL per option.
 */
export const quizFragranceOptionSchema = z.object({
  fragranceOptionId: z.number().int(),
  fragranceId: z.number().int(),
  fragrance: z.object({ name: z.string(), active: z.boolean() }),
});

export const quizAnswerRowSchema = z.object({
  quizQuestionAnswerId: z.number().int(),
  answerId: z.number().int(),
  answer: z.object({ label: z.string(), description: z.string().nullable() }),
  isAnswerFinish: z.boolean(),
  nextQuestionId: z.number().int().nullable(),
  nextQuestion: z.object({ quest: z.string() }).nullable(),
  fragranceOptions: z.array(quizFragranceOptionSchema),
});
export type QuizAnswerRow = z.infer<typeof quizAnswerRowSchema>;

export const quizQuestionRowSchema = z.object({
  quizQuestionId: z.number().int(),
  questionId: z.number().int(),
  question: z.object({ quest: z.string() }),
  answers: z.array(quizAnswerRowSchema),
});
export type QuizQuestionRow = z.infer<typeof quizQuestionRowSchema>;

/** A row of `GET /api/quiz` (the list) and the head of the editor's record. */
export const quizRowSchema = z.object({
  quizId: z.number().int(),
  name: z.string(),
  campaignId: z.number().int(),
  campaign: z.object({ name: z.string() }),
  language: z.enum(LANGUAGES),
  questionCount: z.number().int(),
  validatedAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  /** The published version the app plays (1, 2...), null before the first publication. */
  publishedVersion: z.number().int().nullable(),
  ...kitRowFields,
});
export type QuizRow = z.infer<typeof quizRowSchema>;

/**
 * `GET /api/quiz/{id}`: the whole tree in one answer, with the campaign's collection (the fragrances
 * a final answer may recommend). Questions come in id order; the first is the entry.
 */
export const quizDetailSchema = quizRowSchema.extend({
  campaign: z.object({
    name: z.string(),
    collection: z.array(
      z.object({
        slot: z.number().int(),
        fragranceId: z.number().int(),
        fragrance: z.object({ name: z.string(), image: imageSchema }),
      }),
    ),
  }),
  questions: z.array(quizQuestionRowSchema),
});
export type QuizDetail = z.infer<typeof quizDetailSchema>;

/**
 * What the app plays (`GET /api/app/quiz`): a published version, immutable. Texts are copied at
 * publication; fragrances carry their current name, image and olfactory description in the quiz's
 * language (a published fragrance cannot leave the collection: the campaign's save refuses it).
 */
export const publishedQuizSchema = z.object({
  quizId: z.number().int(),
  version: z.number().int(),
  name: z.string(),
  campaignId: z.number().int(),
  language: z.enum(LANGUAGES),
  publishedAt: z.string(),
  entryQuestionId: z.number().int(),
  questions: z.array(
    z.object({
      quizQuestionId: z.number().int(),
      quest: z.string(),
      answers: z.array(
        z.object({
          quizQuestionAnswerId: z.number().int(),
          label: z.string(),
          description: z.string().nullable(),
          nextQuestionId: z.number().int().nullable(),
          fragranceIds: z.array(z.number().int()),
        }),
      ),
    }),
  ),
});
export type PublishedQuiz = z.infer<typeof publishedQuizSchema>;

/** Query of the app's read: `GET /api/app/quiz?campaignId=&language=`. */
export const appQuizQuerySchema = z.object({
  campaignId: idTextSchema,
  language: quizLanguageSchema,
});

/** Analytics period (`GET /api/quiz/analytics/{id}`, `GET /api/resultado/export`): days, inclusive. */
export const quizPeriodQuerySchema = z.object({
  from: periodDaySchema.optional(),
  to: periodDaySchema.optional(),
});
