import { isAuditRecordType } from '@scentia/shared/audit.schemas';
import { AUDIT_MAIN_TABLES, type AuditReferenceKind } from '@scentia/shared/audit-fields';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import {
  answerTexts,
  auditChanges,
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

/**
 * The column of each kind's main row that the trail holds its name in, for a record removed for good.
 * A device's MAC address, a quiz's parts (their texts are not audited) and the trail have none.
 */
const RECORDED_NAME_COLUMNS: Readonly<Record<AuditReferenceKind, string | null>> = {
  user: 'name',
  profile: 'name',
  category: 'name',
  fragrance: 'name',
  campaign: 'name',
  organization: 'name',
  location: 'name',
  quiz: 'name',
  initiative: 'title',
  device: null,
  questionText: null,
  answerText: null,
  quizQuestion: null,
  quizAnswer: null,
  audit: null,
};

/** The names of records the trail refers to by id: one query per kind of record, one more for the removed. */
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
    const names = new Map(rows.map((row) => [Number(row.id), String(row.name)]));
    const removed = ids.filter((recordId) => !names.has(recordId));
    for (const [recordId, recorded] of await this.recordedNames(recordType, removed)) {
      names.set(recordId, recorded);
    }
    return names;
  }

  /**
   * The last name the trail recorded for records no longer in their table (removed for good): the
   * newest change of each one's main row that holds it, on audit_changes' (record_type, record_id,
   * event_id) index. A person anonymised before removal was recorded with the erased name.
   */
  private async recordedNames(
    recordType: AuditReferenceKind,
    ids: readonly number[],
  ): Promise<Map<number, string>> {
    const column = RECORDED_NAME_COLUMNS[recordType];
    const mainTable = isAuditRecordType(recordType) ? AUDIT_MAIN_TABLES[recordType] : null;
    if (ids.length === 0 || !column || !mainTable) return new Map();
    const recorded = sql<
      string | null
    >`coalesce(${auditChanges.after} ->> ${column}, ${auditChanges.before} ->> ${column})`;
    const rows = await this.db
      .selectDistinctOn([auditChanges.recordId], { id: auditChanges.recordId, name: recorded })
      .from(auditChanges)
      .where(
        and(
          eq(auditChanges.recordType, recordType),
          inArray(auditChanges.recordId, ids.map(String)),
          eq(auditChanges.tableName, mainTable),
          sql`${recorded} is not null`,
        ),
      )
      .orderBy(auditChanges.recordId, desc(auditChanges.eventId));
    return new Map(rows.flatMap((row) => (row.name === null ? [] : [[Number(row.id), row.name]])));
  }
}
