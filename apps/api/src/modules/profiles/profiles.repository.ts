import { asc, count, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { profiles } from '../../db/schema/index.ts';
import type { ListDefinition, ListPlan } from '../../lib/list-query.ts';
import { containsPattern } from '../../lib/search-text.ts';

const master = alias(profiles, 'master');
// From the trigger-kept counters (migration 0008), not a count of every user of the profile. Qualified
// by hand so the subquery stays right even where Drizzle writes columns without their table.
const userCount = sql<number>`coalesce((select c.total::int from profile_user_counts c where c.profile_id = ${profiles}.id), 0)`;

export const profilesList: ListDefinition = {
  sortable: {
    'Perfil.Nome': profiles.name,
    nome: profiles.name,
    'PerfilMaster.Nome': master.name,
    perfilMaster: master.name,
    totalUsuarios: userCount,
    id: profiles.id,
  },
  defaultSort: 'nome',
  tieBreaker: profiles.id,
};

export class ProfilesRepository {
  constructor(private readonly db: Database) {}

  async list(plan: ListPlan) {
    const where: SQL | undefined = plan.search
      ? sql`lower(${profiles.name}) like ${containsPattern(plan.search)}`
      : undefined;
    const [rows, [counted]] = await Promise.all([
      this.db
        .select({ id: profiles.id, name: profiles.name, masterName: master.name, userCount })
        .from(profiles)
        .leftJoin(master, eq(profiles.masterProfileId, master.id))
        .where(where)
        .orderBy(...plan.orderBy)
        .limit(plan.limit)
        .offset(plan.offset),
      this.db.select({ total: count() }).from(profiles).where(where),
    ]);
    return { rows, total: counted?.total ?? 0 };
  }

  async listOptions(onlyId?: number) {
    const query = this.db
      .select({ id: profiles.id, name: profiles.name })
      .from(profiles)
      .orderBy(asc(profiles.name));
    return onlyId === undefined ? query : query.where(eq(profiles.id, onlyId));
  }
}
