import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The Drizzle handle repositories receive; identical for PGlite and a PostgreSQL server. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
