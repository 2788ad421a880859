import type { QuizLanguage } from '@scentia/shared/quiz.schemas';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { answerTexts, questionTexts } from '../../db/schema/index.ts';
import { containsPattern } from '../../lib/search-text.ts';

/**
 * The banks of question texts and answer labels, per language. A text is the same row however it is
 * typed (case and accents aside): the unique index on the normalised text is the judge, so two saves
 * typing the same new text at once end on one row.
 */
export class QuizBankRepository {
  constructor(readonly db: Database) {}

  /** The bank question with this text in the language, added when there is none. */
  async questionFor(language: QuizLanguage, quest: string): Promise<number> {
    const [inserted] = await this.db
      .insert(questionTexts)
      .values({ language, quest })
      .onConflictDoNothing({ target: [questionTexts.language, questionTexts.searchQuest] })
      .returning({ id: questionTexts.id });
    if (inserted) return inserted.id;
    // Taken: the row is committed (the insert waited for any other transaction adding it), so a new
    // statement sees it.
    const [found] = await this.db
      .select({ id: questionTexts.id })
      .from(questionTexts)
      .where(
        and(
          eq(questionTexts.language, language),
          eq(questionTexts.searchQuest, sql`search_normalise(${quest})`),
        ),
      );
    if (!found) throw new Error('Bank question neither inserted nor found');
    return found.id;
  }

  /** The bank answer with this label in the language, added when there is none. */
  async answerFor(language: QuizLanguage, label: string): Promise<number> {
    const [inserted] = await this.db
      .insert(answerTexts)
      .values({ language, label })
      .onConflictDoNothing({ target: [answerTexts.language, answerTexts.searchLabel] })
      .returning({ id: answerTexts.id });
    if (inserted) return inserted.id;
    const [found] = await this.db
      .select({ id: answerTexts.id })
      .from(answerTexts)
      .where(
        and(eq(answerTexts.language, language), eq(answerTexts.searchLabel, sql`search_normalise(${label})`)),
      );
    if (!found) throw new Error('Bank answer neither inserted nor found');
    return found.id;
  }

  /** The ids among `ids` of bank questions in the language. */
  async questionsIn(language: QuizLanguage, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ id: questionTexts.id })
      .from(questionTexts)
      .where(and(eq(questionTexts.language, language), inArray(questionTexts.id, ids)));
    return new Set(rows.map((row) => row.id));
  }

  /** The ids among `ids` of bank answers in the language. */
  async answersIn(language: QuizLanguage, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ id: answerTexts.id })
      .from(answerTexts)
      .where(and(eq(answerTexts.language, language), inArray(answerTexts.id, ids)));
    return new Set(rows.map((row) => row.id));
  }

  /** Bank questions of the language whose text contains `text` (trigram index), shortest first. */
  searchQuestions(language: QuizLanguage, text: string, limit: number) {
    return this.db
      .select({ questionId: questionTexts.id, quest: questionTexts.quest })
      .from(questionTexts)
      .where(
        and(
          eq(questionTexts.language, language),
          sql`${questionTexts.searchQuest} like ${containsPattern(text)}`,
        ),
      )
      .orderBy(sql`length(${questionTexts.searchQuest})`, questionTexts.searchQuest, questionTexts.id)
      .limit(limit);
  }

  /** Bank answers of the language whose label contains `text`, shortest first. */
  searchAnswers(language: QuizLanguage, text: string, limit: number) {
    return this.db
      .select({ answerId: answerTexts.id, label: answerTexts.label })
      .from(answerTexts)
      .where(
        and(
          eq(answerTexts.language, language),
          sql`${answerTexts.searchLabel} like ${containsPattern(text)}`,
        ),
      )
      .orderBy(sql`length(${answerTexts.searchLabel})`, answerTexts.searchLabel, answerTexts.id)
      .limit(limit);
  }
}
