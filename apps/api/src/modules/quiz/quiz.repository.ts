import type { QuizLanguage } from '@scentia/shared/quiz.schemas';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { campaigns, quizQuestions, quizzes } from '../../db/schema/index.ts';
import { KitRepository } from '../../lib/resource-kit/kit-repository.ts';
import type { HeldRecord } from '../../lib/resource-kit/record-writes.ts';
import { type RecordOf, resourceList } from '../../lib/resource-kit/resource-list.ts';

/** Each quiz's question count, for a page's rows: one grouped statement a page. */
async function withQuestionCounts<T extends { id: number }>(db: Database, rows: T[]) {
  const ids = rows.map((row) => row.id);
  const counts = ids.length
    ? await db
        .select({ quizId: quizQuestions.quizId, questionCount: sql<number>`count(*)::int` })
        .from(quizQuestions)
        .where(inArray(quizQuestions.quizId, ids))
        .groupBy(quizQuestions.quizId)
    : [];
  const byQuiz = new Map(counts.map((count) => [count.quizId, count.questionCount]));
  return rows.map((row) => ({ ...row, questionCount: byQuiz.get(row.id) ?? 0 }));
}

export const quizList = resourceList({
  table: quizzes,
  id: quizzes.id,
  deletedAt: quizzes.deletedAt,
  columns: {
    id: quizzes.id,
    name: quizzes.name,
    campaignId: quizzes.campaignId,
    campaignName: campaigns.name,
    campaignDeletedAt: campaigns.deletedAt,
    language: quizzes.language,
    validatedAt: quizzes.validatedAt,
    publishedAt: quizzes.publishedAt,
    publishedVersion: quizzes.publishedVersion,
    createdAt: quizzes.createdAt,
    updatedAt: quizzes.updatedAt,
    deletedAt: quizzes.deletedAt,
  },
  joins: (query) => query.innerJoin(campaigns, eq(quizzes.campaignId, campaigns.id)),
  // A quiz always has its campaign (a NOT NULL foreign key); the campaign's name is searched and
  // sorted by the quiz's own search_campaign (kept by migration 0021's triggers).
  joinsOnlyAddColumns: true,
  searchIn: [quizzes.searchText],
  sortable: {
    'Quiz.Name': quizzes.searchName,
    name: quizzes.searchName,
    'Campaign.Name': quizzes.searchCampaign,
    'Quiz.Campaign': quizzes.searchCampaign,
    campaign: quizzes.searchCampaign,
    'Quiz.Language': quizzes.language,
    language: quizzes.language,
    'Quiz.CreatedAt': quizzes.createdAt,
    createdAt: quizzes.createdAt,
    'Quiz.UpdatedAt': quizzes.updatedAt,
    updatedAt: quizzes.updatedAt,
    'Quiz.PublishedAt': quizzes.publishedAt,
    publishedAt: quizzes.publishedAt,
    'Quiz.Id': quizzes.id,
    quizId: quizzes.id,
  },
  defaultSort: 'Quiz.CreatedAt',
  rowCounts: 'quizzes',
  details: withQuestionCounts,
});

export type QuizRecord = RecordOf<typeof quizList>;

/** The quiz as a change of its draft reads it, locked until the change commits. */
export type LockedQuiz = {
  id: number;
  name: string;
  campaignId: number;
  language: QuizLanguage;
  validatedAt: Date | null;
  publishedAt: Date | null;
  publishedVersion: number | null;
  deletedAt: Date | null;
  /** Whether it changed after the version the editor loaded (false when none was given). */
  isStale: boolean;
  questionCount: number;
};

/** A quiz is reactivated only while its campaign is active (locked until the change ends). */
const campaignActive = (_id: HeldRecord) =>
  sql`exists (select 1 from ${campaigns} where ${campaigns}.id = ${quizzes}.campaign_id and ${campaigns}.deleted_at is null for share)`;

export class QuizRepository extends KitRepository<QuizRecord, SelectedFields, typeof quizzes> {
  constructor(db: Database) {
    super(db, { list: quizList, writes: { table: quizzes, activatesOnlyIf: campaignActive } });
  }

  /**
   * Whether the campaign exists (undefined when not) and is active; an active one stays so until the
   * transaction ends (FOR SHARE: its deactivation, and a campaign save that would take a fragrance out
   * of its collection, wait for this transaction).
   */
  async lockCampaign(id: number): Promise<{ isActive: boolean } | undefined> {
    const [row] = await this.db
      .select({ deletedAt: campaigns.deletedAt })
      .from(campaigns)
      .where(eq(campaigns.id, id))
      .for('share');
    return row && { isActive: row.deletedAt === null };
  }

  /**
   * Locks the quiz for a change of its draft (FOR UPDATE: changes of one quiz take turns, and each
   * reads what the previous one committed). Undefined for an unknown quiz.
   * @param updatedAt the version the editor loaded, if any
   */
  async lock(id: number, updatedAt?: string): Promise<LockedQuiz | undefined> {
    const stale = updatedAt
      ? sql<boolean>`date_trunc('milliseconds', ${quizzes.updatedAt}) > ${updatedAt}::timestamptz`
      : sql<boolean>`false`;
    const [row] = await this.db
      .select({
        id: quizzes.id,
        name: quizzes.name,
        campaignId: quizzes.campaignId,
        language: quizzes.language,
        validatedAt: quizzes.validatedAt,
        publishedAt: quizzes.publishedAt,
        publishedVersion: quizzes.publishedVersion,
        deletedAt: quizzes.deletedAt,
        isStale: stale,
      })
      .from(quizzes)
      .where(eq(quizzes.id, id))
      .for('update');
    if (!row) return undefined;
    const [count] = await this.db
      .select({ questionCount: sql<number>`count(*)::int` })
      .from(quizQuestions)
      .where(eq(quizQuestions.quizId, id));
    return { ...row, language: row.language as QuizLanguage, questionCount: count?.questionCount ?? 0 };
  }

  /** A change of the draft (or the name): no longer validated, updated now. */
  async touch(id: number, values: { name?: string } = {}): Promise<void> {
    await this.db
      .update(quizzes)
      .set({ ...values, validatedAt: null, updatedAt: new Date() })
      .where(eq(quizzes.id, id));
  }

  /** Validated now: the database's clock at this moment, later than any validation before it. */
  async markValidated(id: number): Promise<void> {
    await this.db
      .update(quizzes)
      .set({ validatedAt: sql`clock_timestamp()` })
      .where(and(eq(quizzes.id, id), isNull(quizzes.deletedAt)));
  }

  /**
   * The quiz plays version `version` from now (the database's clock at this moment, later than the
   * validation it publishes); answers that moment.
   */
  async markPublished(id: number, version: number): Promise<Date> {
    const [row] = await this.db
      .update(quizzes)
      .set({ publishedAt: sql`clock_timestamp()`, publishedVersion: version })
      .where(eq(quizzes.id, id))
      .returning({ publishedAt: quizzes.publishedAt });
    if (!row?.publishedAt) throw new Error('Quiz not published');
    return row.publishedAt;
  }
}
