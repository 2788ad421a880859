import type { PublishedQuiz, QuizDetail, QuizLanguage, QuizRow } from '@scentia/shared/quiz.schemas';
import type { QuizGraph } from '@scentia/shared/quiz-graph';
import { kitRow } from '../../lib/resource-kit/kit-row.ts';
import type { QuizRecord } from './quiz.repository.ts';
import type { CollectionEntry, StoredTree } from './quiz-tree.repository.ts';

type Image = { tempUri: string; thumbnailUri: string } | null;
/** A fragrance's image as the answer gives it (signed URLs of its two keys), null without one. */
export type ImageOf = (imageKey: string | null, thumbnailKey: string | null) => Promise<Image>;

export function toQuizRow(record: QuizRecord): QuizRow {
  return {
    quizId: record.id,
    name: record.name,
    campaignId: record.campaignId,
    campaign: { name: record.campaignName },
    language: record.language as QuizLanguage,
    questionCount: record.questionCount,
    validatedAt: record.validatedAt?.toISOString() ?? null,
    publishedAt: record.publishedAt?.toISOString() ?? null,
    publishedVersion: record.publishedVersion,
    ...kitRow(record),
  };
}

function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/** The stored rows grouped under their parents, in their order. */
function grouped(tree: StoredTree) {
  const optionsOf = groupBy(tree.options, (option) => option.quizAnswerId);
  const answersOf = groupBy(tree.answers, (answer) => answer.quizQuestionId);
  return tree.questions.map((question) => ({
    ...question,
    answers: (answersOf.get(question.id) ?? []).map((answer) => ({
      ...answer,
      options: optionsOf.get(answer.id) ?? [],
    })),
  }));
}

/** The editor's record: the row, the campaign's collection and the whole draft tree. */
export async function toQuizDetail(
  record: QuizRecord,
  tree: StoredTree,
  collection: CollectionEntry[],
  imageOf: ImageOf,
): Promise<QuizDetail> {
  const questText = new Map(tree.questions.map((question) => [question.id, question.quest]));
  return {
    ...toQuizRow(record),
    campaign: {
      name: record.campaignName,
      collection: await Promise.all(
        collection.map(async (entry) => ({
          slot: entry.slot,
          fragranceId: entry.fragranceId,
          // The only images of the record: a fragrance option names its fragrance, the collection shows it.
          fragrance: { name: entry.name, image: await imageOf(entry.imageKey, entry.thumbnailKey) },
        })),
      ),
    },
    questions: await Promise.all(
      grouped(tree).map(async (question) => ({
        quizQuestionId: question.id,
        questionId: question.questionId,
        question: { quest: question.quest },
        answers: await Promise.all(
          question.answers.map(async (answer) => {
            const next = answer.nextQuestionId === null ? undefined : questText.get(answer.nextQuestionId);
            return {
              quizQuestionAnswerId: answer.id,
              answerId: answer.answerId,
              answer: { label: answer.label, description: answer.description },
              isAnswerFinish: answer.isFinal,
              nextQuestionId: answer.nextQuestionId,
              nextQuestion: next === undefined ? null : { quest: next },
              fragranceOptions: await Promise.all(
                answer.options.map(async (option) => ({
                  fragranceOptionId: option.id,
                  fragranceId: option.fragranceId,
                  fragrance: { name: option.name, active: option.isActive },
                })),
              ),
            };
          }),
        ),
      })),
    ),
  };
}

/** The draft as the graph validation reads it, with the collection as it is now. */
export function toQuizGraph(tree: StoredTree, collection: CollectionEntry[]): QuizGraph {
  return {
    questions: grouped(tree).map((question) => ({
      quizQuestionId: question.id,
      answers: question.answers.map((answer) => ({
        quizQuestionAnswerId: answer.id,
        isAnswerFinish: answer.isFinal,
        nextQuestionId: answer.nextQuestionId,
        fragranceOptions: answer.options.map((option) => ({
          fragranceOptionId: option.id,
          fragranceId: option.fragranceId,
        })),
      })),
    })),
    collection: new Map(collection.map((entry) => [entry.fragranceId, { active: entry.isActive }])),
  };
}

/** What the app plays: the validated draft with its texts copied, immutable once stored. */
export function toPublishedQuiz(
  quiz: { id: number; name: string; campaignId: number; language: QuizLanguage },
  tree: StoredTree,
  publication: { version: number; publishedAt: Date },
): PublishedQuiz {
  const questions = grouped(tree);
  const [entry] = questions;
  if (!entry) throw new Error('A quiz without questions cannot be published');
  return {
    quizId: quiz.id,
    version: publication.version,
    name: quiz.name,
    campaignId: quiz.campaignId,
    language: quiz.language,
    publishedAt: publication.publishedAt.toISOString(),
    entryQuestionId: entry.id,
    questions: questions.map((question) => ({
      quizQuestionId: question.id,
      quest: question.quest,
      answers: question.answers.map((answer) => ({
        quizQuestionAnswerId: answer.id,
        label: answer.label,
        description: answer.description,
        nextQuestionId: answer.nextQuestionId,
        fragranceIds: answer.options.map((option) => option.fragranceId),
      })),
    })),
  };
}
