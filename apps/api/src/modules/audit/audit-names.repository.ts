import type { AuditReferenceKind } from '@scentia/shared/audit-fields';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import {
  answerTexts,
  campaigns,
  categories,
  devices,
  fragrances,
  initiatives,
  locations,
  organizations,
  profiles,
  questionTexts,
  quizAnswers,
  quizQuestions,
  quizzes,
  users,
} from '../../db/schema/index.ts';

/** The table of each kind of record and its name (an anonymised person's name is already erased). */
type NamedTable = { table: PgTable; id: PgColumn; name: PgColumn | SQL };

/** A quiz's question or answer is named by its bank text. */
const textOf = (text: PgColumn, textId: PgColumn, id: PgColumn) =>
  sql<string>`(select ${text} from ${text.table} where ${eq(textId, id)})`;

/** The trail's own events (`audit`) have no name. */
const NAMED_TABLES: Readonly<Record<AuditReferenceKind, NamedTable | null>> = {
  user: { table: users, id: users.id, name: users.name },
  profile: { table: profiles, id: profiles.id, name: profiles.name },
  category: { table: categories, id: categories.id, name: categories.name },
  fragrance: { table: fragrances, id: fragrances.id, name: fragrances.name },
  campaign: { table: campaigns, id: campaigns.id, name: campaigns.name },
  organization: { table: organizations, id: organizations.id, name: organizations.name },
  location: { table: locations, id: locations.id, name: locations.name },
  quiz: { table: quizzes, id: quizzes.id, name: quizzes.name },
  // A device is named by its MAC address as people read it (AA:BB:CC:DD:EE:FF).
  device: {
    table: devices,
    id: devices.id,
    name: sql<string>`regexp_replace(${devices.macAddress}, '(..)(?=.)', '\\1:', 'g')`,
  },
  questionText: { table: questionTexts, id: questionTexts.id, name: questionTexts.quest },
  initiative: { table: initiatives, id: initiatives.id, name: initiatives.title },
  answerText: { table: answerTexts, id: answerTexts.id, name: answerTexts.label },
  quizQuestion: {
    table: quizQuestions,
    id: quizQuestions.id,
    name: textOf(questionTexts.quest, questionTexts.id, quizQuestions.questionId),
  },
  quizAnswer: {
    table: quizAnswers,
    id: quizAnswers.id,
    name: textOf(answerTexts.label, answerTexts.id, quizAnswers.answerId),
  },
  audit: null,
};

/** The current names of records the trail refers to by id: one query per kind of record. */
export class AuditNamesRepository {
  constructor(private readonly db: Database) {}

  async names(recordType: AuditReferenceKind, ids: readonly number[]): Promise<Map<number, string>> {
    const named = NAMED_TABLES[recordType];
    if (ids.length === 0 || !named) return new Map();
    const { table, id, name } = named;
    const rows = await this.db
      .select({ id, name })
      .from(table)
      .where(inArray(id, [...ids]));
    return new Map(rows.map((row) => [Number(row.id), String(row.name)]));
  }
}
