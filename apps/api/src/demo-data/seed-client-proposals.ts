import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import {
  campaigns,
  initiativeLocations,
  initiativeMails,
  initiativeStatusChanges,
  initiatives,
  locations,
  organizationMembers,
  organizations,
  users,
} from '../db/schema/index.ts';

const DAY_MS = 86_400_000;

type Status = 'inReview' | 'approved' | 'changesRequested' | 'rejected' | 'inactive';

/** The demo's Managers (README), looked up first; any accepted Manager of an organisation otherwise. */
const DEMO_MANAGER_EMAILS = ['gerente@essenza.scentia.test', 'gerente@aromasdorio.scentia.test'];

/**
 * Proposals a client's Manager wrote, one in each status, with the conversation that led there: the
 * days are ahead of today (after the staff's season of seed-initiatives.ts, so an approved one clashes
 * with none of theirs) and the history shows the client and the reviewer taking turns.
 */
const PROPOSALS: { title: string; from: number; to: number; history: Status[] }[] = [
  { title: 'Aroma de Boas-Vindas', from: 35, to: 41, history: ['inReview'] },
  {
    title: 'Semana do Cliente',
    from: 45,
    to: 52,
    history: ['inReview', 'changesRequested'],
  },
  {
    title: 'Festival de Inverno',
    from: 60,
    to: 74,
    history: ['inReview', 'changesRequested', 'inReview', 'approved'],
  },
  { title: 'Noite das Fragrâncias', from: 80, to: 80, history: ['inReview', 'rejected'] },
  { title: 'Reinauguração da Loja', from: 90, to: 96, history: ['inReview', 'inactive'] },
];

const day = (today: Date, offset: number) =>
  new Date(today.getTime() + offset * DAY_MS).toISOString().slice(0, 10);

/** One Manager per active organisation (the demo's by e-mail first), with their first location. */
async function managers(db: Database) {
  const rows = await db
    .select({
      userId: organizationMembers.userId,
      email: users.email,
      organizationId: organizationMembers.organizationId,
      locationIds: organizationMembers.locationIds,
    })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(
      and(
        eq(organizationMembers.role, 'manager'),
        isNotNull(organizationMembers.acceptedAt),
        isNull(users.deletedAt),
        isNull(organizations.deletedAt),
      ),
    )
    .orderBy(asc(organizationMembers.organizationId), asc(organizationMembers.id));
  const byOrganization = new Map<number, (typeof rows)[number]>();
  for (const row of rows) {
    const chosen = byOrganization.get(row.organizationId);
    if (!chosen || (DEMO_MANAGER_EMAILS.includes(row.email) && !DEMO_MANAGER_EMAILS.includes(chosen.email))) {
      byOrganization.set(row.organizationId, row);
    }
  }
  const found = [];
  for (const manager of byOrganization.values()) {
    const [site] = await db
      .select({ id: locations.id })
      .from(locations)
      .where(
        and(
          eq(locations.organizationId, manager.organizationId),
          isNull(locations.deletedAt),
          manager.locationIds === null
            ? undefined
            : sql`${locations.id} = any(${`{${manager.locationIds.join(',')}}`}::int[])`,
        ),
      )
      .orderBy(asc(locations.id))
      .limit(1);
    if (site) found.push({ ...manager, locationId: site.id });
  }
  return found.slice(0, 2);
}

/**
 * The demo's proposals from clients (issue 39 §9): for up to two organisations with a Manager, one
 * proposal in each status. Skipped when any initiative was proposed by a member already, or when
 * there is no Manager, campaign or reviewer: it never fails the demo.
 */
export async function seedDemoClientProposals(db: Database, now = new Date()) {
  const [existing] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(initiatives)
    .innerJoin(organizationMembers, eq(organizationMembers.userId, initiatives.proposedBy));
  if ((existing?.total ?? 0) > 0) return { clientProposals: 0 };
  const clients = await managers(db);
  const [campaign] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(isNull(campaigns.deletedAt))
    .orderBy(asc(campaigns.id))
    .limit(1);
  const [reviewer] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.email} in ('gestora@scentia.test')`);
  if (clients.length === 0 || !campaign || !reviewer) return { clientProposals: 0 };

  const today = new Date(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
  return db.transaction(async (tx) => {
    let total = 0;
    for (const client of clients) {
      for (const proposal of PROPOSALS) {
        const status = proposal.history.at(-1) ?? 'inReview';
        const [row] = await tx
          .insert(initiatives)
          .values({
            title: proposal.title,
            description: `${proposal.title}: proposta da loja para a campanha da estação.`,
            organizationId: client.organizationId,
            campaignId: campaign.id,
            startsOn: day(today, proposal.from),
            endsOn: day(today, proposal.to),
            status,
            proposedBy: client.userId,
            deletedAt: status === 'inactive' ? now : null,
          })
          .returning({ id: initiatives.id });
        if (!row) continue;
        await tx.insert(initiativeLocations).values({ initiativeId: row.id, locationId: client.locationId });
        let from: Status | null = null;
        for (const to of proposal.history) {
          // The client opens and answers; the reviewer decides.
          const isClientTurn = to === 'inReview';
          const [change] = await tx
            .insert(initiativeStatusChanges)
            .values({
              initiativeId: row.id,
              fromStatus: from,
              toStatus: to,
              changedBy: isClientTurn ? client.userId : reviewer.id,
              note: to === 'rejected' ? 'A data coincide com o inventário da loja.' : null,
            })
            .returning({ id: initiativeStatusChanges.id });
          if (change && (to === 'changesRequested' || to === 'approved' || to === 'rejected')) {
            await tx.insert(initiativeMails).values({
              initiativeId: row.id,
              statusChangeId: change.id,
              recipient: client.email,
              subject: MAIL_SUBJECTS[to].replace('{{title}}', proposal.title),
              html: MAIL_BODIES[to],
              language: 'pt-BR',
              sentBy: reviewer.id,
            });
          }
          from = to;
        }
        total += 1;
      }
    }
    return { clientProposals: total };
  });
}

const MAIL_SUBJECTS = {
  changesRequested: 'Alterações necessárias na iniciativa {{title}}',
  approved: 'Iniciativa aprovada: {{title}}',
  rejected: 'Iniciativa reprovada: {{title}}',
};
const MAIL_BODIES = {
  changesRequested: '<p>Por favor, comece uma semana depois: a campanha chega às lojas no dia 10.</p>',
  approved: '<p>Sua iniciativa foi aprovada e está agendada.</p>',
  rejected: '<p>Sua iniciativa foi reprovada.</p><p>A data coincide com o inventário da loja.</p>',
};
