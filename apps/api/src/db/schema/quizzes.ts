import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns.ts';
import { fragrances } from './catalog.ts';
import { kitColumns, nameColumns } from './kit-columns.ts';
import { users } from './users.ts';

/**
 * The bank of question texts, per language: a quiz question points at one, and a text typed again (in
 * any case, with or without accents) is the same row. `searchQuest` is the text as searched.
 */
export const questionTexts = pgTable(
  'question_texts',
  {
    id: serial('id').primaryKey(),
    language: varchar('language', { length: 5 }).notNull(),
    quest: varchar('quest', { length: 300 }).notNull(),
    searchQuest: varchar('search_quest', { length: 300 })
      .notNull()
      .generatedAlwaysAs(sql`search_normalise(quest)`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('question_texts_language_text_key').on(table.language, table.searchQuest),
    index('question_texts_search_trgm_idx').using('gin', sql`${table.searchQuest} gin_trgm_ops`),
  ],
);

/** The bank of answer labels, per language, as `questionTexts`. */
export const answerTexts = pgTable(
  'answer_texts',
  {
    id: serial('id').primaryKey(),
    language: varchar('language', { length: 5 }).notNull(),
    label: varchar('label', { length: 200 }).notNull(),
    searchLabel: varchar('search_label', { length: 200 })
      .notNull()
      .generatedAlwaysAs(sql`search_normalise(label)`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('answer_texts_language_text_key').on(table.language, table.searchLabel),
    index('answer_texts_search_trgm_idx').using('gin', sql`${table.searchLabel} gin_trgm_ops`),
  ],
);

/**
 * A quiz: one campaign, one language, at most one per campaign and language (an inactive one still
 * holds its language until deleted for good). `validatedAt` is cleared by any change of the draft;
 * `publishedAt`/`publishedVersion` name the latest publication, the one the app plays.
 * `searchCampaign` is the campaign's name as searched (kept by migration 0021's triggers), so the list
 * searches and sorts by it without a join.
 */
export const quizzes = pgTable(
  'quizzes',
  {
    ...kitColumns(210),
    ...nameColumns(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'restrict' }),
    language: varchar('language', { length: 5 }).notNull(),
    validatedAt: timestamp('validated_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    publishedVersion: integer('published_version'),
    searchCampaign: text('search_campaign').notNull().default(''),
  },
  (table) => [
    uniqueIndex('quizzes_campaign_language_key').on(table.campaignId, table.language),
    index('quizzes_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    index('quizzes_search_name_idx').on(table.searchName, table.id, table.deletedAt),
    index('quizzes_search_campaign_idx').on(table.searchCampaign, table.id, table.deletedAt),
    index('quizzes_created_at_idx').on(table.createdAt, table.id, table.deletedAt),
    index('quizzes_updated_at_idx').on(table.updatedAt, table.id, table.deletedAt),
    check('quizzes_language', sql`${table.language} in ('pt-BR', 'en-US', 'es-ES')`),
  ],
);

/** A question of a quiz's draft: a bank text. The lowest id is the entry. */
export const quizQuestions = pgTable(
  'quiz_questions',
  {
    id: serial('id').primaryKey(),
    quizId: integer('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questionTexts.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The target of the composite keys that keep an answer and its next question in one quiz.
    unique('quiz_questions_quiz_id_key').on(table.quizId, table.id),
  ],
);

/**
 * An answer of a draft question: a bank label, its own description, and either a next question of the
 * same quiz (the composite key refuses another quiz's; deleting that question sets it to null, which
 * validation reports as a dead end) or final (`isFinal`) with fragrance options. Never both.
 */
export const quizAnswers = pgTable(
  'quiz_answers',
  {
    id: serial('id').primaryKey(),
    quizId: integer('quiz_id').notNull(),
    quizQuestionId: integer('quiz_question_id').notNull(),
    answerId: integer('answer_id')
      .notNull()
      .references(() => answerTexts.id, { onDelete: 'restrict' }),
    description: varchar('description', { length: 500 }),
    isFinal: boolean('is_final').notNull().default(false),
    nextQuestionId: integer('next_question_id'),
    /** The order of the question's answers, from 0. */
    position: smallint('position').notNull().default(0),
  },
  (table) => [
    foreignKey({
      name: 'quiz_answers_question_fk',
      columns: [table.quizId, table.quizQuestionId],
      foreignColumns: [quizQuestions.quizId, quizQuestions.id],
    }).onDelete('cascade'),
    // Migration 0021 makes a deleted next question set next_question_id alone to null.
    foreignKey({
      name: 'quiz_answers_next_question_fk',
      columns: [table.quizId, table.nextQuestionId],
      foreignColumns: [quizQuestions.quizId, quizQuestions.id],
    }),
    unique('quiz_answers_quiz_id_key').on(table.quizId, table.id),
    index('quiz_answers_question_idx').on(table.quizQuestionId, table.position),
    index('quiz_answers_next_question_idx').on(table.nextQuestionId),
    check('quiz_answers_final_or_next', sql`not (${table.isFinal} and ${table.nextQuestionId} is not null)`),
  ],
);

/** A fragrance a final answer recommends; a fragrance once per answer. */
export const quizFragranceOptions = pgTable(
  'quiz_fragrance_options',
  {
    id: serial('id').primaryKey(),
    quizId: integer('quiz_id').notNull(),
    quizAnswerId: integer('quiz_answer_id').notNull(),
    fragranceId: integer('fragrance_id')
      .notNull()
      .references(() => fragrances.id, { onDelete: 'restrict' }),
  },
  (table) => [
    foreignKey({
      name: 'quiz_fragrance_options_answer_fk',
      columns: [table.quizId, table.quizAnswerId],
      foreignColumns: [quizAnswers.quizId, quizAnswers.id],
    }).onDelete('cascade'),
    uniqueIndex('quiz_fragrance_options_answer_fragrance_key').on(table.quizAnswerId, table.fragranceId),
    index('quiz_fragrance_options_quiz_fragrance_idx').on(table.quizId, table.fragranceId),
  ],
);

/**
 * A published version of a quiz: the immutable snapshot the app plays (`PublishedQuiz` of
 * packages/shared quiz.schemas.ts), and the fragrances it recommends, so that a campaign's save can
 * refuse to take a published fragrance out of its slot without reading the snapshot.
 */
export const quizPublications = pgTable(
  'quiz_publications',
  {
    id: serial('id').primaryKey(),
    quizId: integer('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    snapshot: jsonb('snapshot').notNull(),
    fragranceIds: integer('fragrance_ids').array().notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    publishedBy: integer('published_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('quiz_publications_quiz_version_key').on(table.quizId, table.version),
    index('quiz_publications_fragrances_idx').using('gin', table.fragranceIds),
  ],
);
