import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  answerTexts,
  campaignSlots,
  fragrances,
  questionTexts,
  quizAnswers,
  quizFragranceOptions,
  quizPublications,
  quizQuestions,
} from '../../db/schema/index.ts';

/** A quiz's draft as stored: three statements whatever its size, then put together in memory. */
export type StoredTree = Awaited<ReturnType<QuizTreeRepository['readTree']>>;
export type CollectionEntry = Awaited<ReturnType<QuizTreeRepository['collection']>>[number];

export type AnswerWrite = {
  answerId: number;
  description: string | null;
  isFinal: boolean;
  nextQuestionId: number | null;
  position: number;
};

/** The draft tree of a quiz (questions, answers, fragrance options): its reads and writes. */
export class QuizTreeRepository {
  constructor(readonly db: Database) {}

  /** One statement after the other: a transaction's connection runs one at a time anyway. */
  async readTree(quizId: number) {
    const questions = await this.db
      .select({ id: quizQuestions.id, questionId: quizQuestions.questionId, quest: questionTexts.quest })
      .from(quizQuestions)
      .innerJoin(questionTexts, eq(quizQuestions.questionId, questionTexts.id))
      .where(eq(quizQuestions.quizId, quizId))
      .orderBy(asc(quizQuestions.id));
    const answers = await this.db
      .select({
        id: quizAnswers.id,
        quizQuestionId: quizAnswers.quizQuestionId,
        answerId: quizAnswers.answerId,
        label: answerTexts.label,
        description: quizAnswers.description,
        isFinal: quizAnswers.isFinal,
        nextQuestionId: quizAnswers.nextQuestionId,
      })
      .from(quizAnswers)
      .innerJoin(answerTexts, eq(quizAnswers.answerId, answerTexts.id))
      .where(eq(quizAnswers.quizId, quizId))
      .orderBy(asc(quizAnswers.quizQuestionId), asc(quizAnswers.position), asc(quizAnswers.id));
    const options = await this.db
      .select({
        id: quizFragranceOptions.id,
        quizAnswerId: quizFragranceOptions.quizAnswerId,
        fragranceId: quizFragranceOptions.fragranceId,
        name: fragrances.name,
        isActive: sql<boolean>`${fragrances.deletedAt} is null`,
      })
      .from(quizFragranceOptions)
      .innerJoin(fragrances, eq(quizFragranceOptions.fragranceId, fragrances.id))
      .where(eq(quizFragranceOptions.quizId, quizId))
      .orderBy(asc(quizFragranceOptions.id));
    return { questions, answers, options };
  }

  /** The campaign's collection now, each slot's fragrance and whether it is active. */
  collection(campaignId: number) {
    return this.db
      .select({
        slot: campaignSlots.slot,
        fragranceId: campaignSlots.fragranceId,
        name: fragrances.name,
        imageKey: fragrances.imageKey,
        thumbnailKey: fragrances.thumbnailKey,
        isActive: sql<boolean>`${fragrances.deletedAt} is null`,
      })
      .from(campaignSlots)
      .innerJoin(fragrances, eq(campaignSlots.fragranceId, fragrances.id))
      .where(eq(campaignSlots.campaignId, campaignId))
      .orderBy(asc(campaignSlots.slot));
  }

  /** The ids among `ids` of the quiz's questions. */
  async questionsOf(quizId: number, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ id: quizQuestions.id })
      .from(quizQuestions)
      .where(and(eq(quizQuestions.quizId, quizId), inArray(quizQuestions.id, ids)));
    return new Set(rows.map((row) => row.id));
  }

  /** The quiz a question belongs to. */
  async quizOf(quizQuestionId: number): Promise<number | undefined> {
    const [row] = await this.db
      .select({ quizId: quizQuestions.quizId })
      .from(quizQuestions)
      .where(eq(quizQuestions.id, quizQuestionId));
    return row?.quizId;
  }

  /** The ids of a question's answers. */
  async answersOf(quizQuestionId: number): Promise<Set<number>> {
    const rows = await this.db
      .select({ id: quizAnswers.id })
      .from(quizAnswers)
      .where(eq(quizAnswers.quizQuestionId, quizQuestionId));
    return new Set(rows.map((row) => row.id));
  }

  async insertQuestion(quizId: number, questionId: number): Promise<number> {
    const [row] = await this.db
      .insert(quizQuestions)
      .values({ quizId, questionId })
      .returning({ id: quizQuestions.id });
    if (!row) throw new Error('Quiz question not inserted');
    return row.id;
  }

  async updateQuestion(id: number, questionId: number): Promise<void> {
    await this.db.update(quizQuestions).set({ questionId }).where(eq(quizQuestions.id, id));
  }

  /** Removes the question's answers other than `kept` (their fragrance options go with them). */
  async removeAnswersExcept(quizQuestionId: number, kept: number[]): Promise<void> {
    await this.db
      .delete(quizAnswers)
      .where(
        and(
          eq(quizAnswers.quizQuestionId, quizQuestionId),
          kept.length ? notInArray(quizAnswers.id, kept) : undefined,
        ),
      );
  }

  async insertAnswer(quizId: number, quizQuestionId: number, answer: AnswerWrite): Promise<number> {
    const [row] = await this.db
      .insert(quizAnswers)
      .values({ quizId, quizQuestionId, ...answer })
      .returning({ id: quizAnswers.id });
    if (!row) throw new Error('Quiz answer not inserted');
    return row.id;
  }

  async updateAnswer(id: number, answer: AnswerWrite): Promise<void> {
    await this.db.update(quizAnswers).set(answer).where(eq(quizAnswers.id, id));
  }

  /**
   * The answer's fragrance options become `fragranceIds`: the others go, the missing ones come, and
   * those kept keep their ids (the editor's selection and problems name them).
   */
  async replaceOptions(quizId: number, quizAnswerId: number, fragranceIds: number[]): Promise<void> {
    await this.db
      .delete(quizFragranceOptions)
      .where(
        and(
          eq(quizFragranceOptions.quizAnswerId, quizAnswerId),
          fragranceIds.length ? notInArray(quizFragranceOptions.fragranceId, fragranceIds) : undefined,
        ),
      );
    if (fragranceIds.length === 0) return;
    await this.db
      .insert(quizFragranceOptions)
      .values(fragranceIds.map((fragranceId) => ({ quizId, quizAnswerId, fragranceId })))
      .onConflictDoNothing({ target: [quizFragranceOptions.quizAnswerId, quizFragranceOptions.fragranceId] });
  }

  /** Deletes a question of the quiz; answers leading to it lead nowhere (the key's SET NULL). */
  async deleteQuestion(quizId: number, id: number): Promise<boolean> {
    const rows = await this.db
      .delete(quizQuestions)
      .where(and(eq(quizQuestions.quizId, quizId), eq(quizQuestions.id, id)))
      .returning({ id: quizQuestions.id });
    return rows.length === 1;
  }

  /** A fragrance option of the quiz. */
  async option(quizId: number, id: number) {
    const [row] = await this.db
      .select({ id: quizFragranceOptions.id, fragranceId: quizFragranceOptions.fragranceId })
      .from(quizFragranceOptions)
      .where(and(eq(quizFragranceOptions.quizId, quizId), eq(quizFragranceOptions.id, id)));
    return row;
  }

  /** An answer of the quiz, with the fragrances it recommends. */
  async answer(quizId: number, id: number) {
    const [row] = await this.db
      .select({ id: quizAnswers.id, isFinal: quizAnswers.isFinal })
      .from(quizAnswers)
      .where(and(eq(quizAnswers.quizId, quizId), eq(quizAnswers.id, id)));
    if (!row) return undefined;
    const options = await this.db
      .select({ fragranceId: quizFragranceOptions.fragranceId })
      .from(quizFragranceOptions)
      .where(eq(quizFragranceOptions.quizAnswerId, id));
    return { ...row, fragranceIds: options.map((option) => option.fragranceId) };
  }

  async moveOption(id: number, quizAnswerId: number): Promise<void> {
    await this.db.update(quizFragranceOptions).set({ quizAnswerId }).where(eq(quizFragranceOptions.id, id));
  }

  async setNextQuestion(answerId: number, nextQuestionId: number): Promise<void> {
    await this.db.update(quizAnswers).set({ nextQuestionId }).where(eq(quizAnswers.id, answerId));
  }

  /** Moves an answer under another question of the quiz, as its last. */
  async moveAnswer(answerId: number, quizQuestionId: number): Promise<void> {
    const last = sql`(select coalesce(max(${quizAnswers.position}) + 1, 0) from ${quizAnswers} where ${quizAnswers.quizQuestionId} = ${quizQuestionId})`;
    await this.db
      .update(quizAnswers)
      .set({ quizQuestionId, position: last })
      .where(eq(quizAnswers.id, answerId));
  }

  /** The next version number of the quiz's publications (the quiz is locked: versions take turns). */
  async nextVersion(quizId: number): Promise<number> {
    const [row] = await this.db
      .select({ version: sql<number>`coalesce(max(${quizPublications.version}), 0)::int + 1` })
      .from(quizPublications)
      .where(eq(quizPublications.quizId, quizId));
    return row?.version ?? 1;
  }

  async insertPublication(publication: typeof quizPublications.$inferInsert): Promise<void> {
    await this.db.insert(quizPublications).values(publication);
  }
}
