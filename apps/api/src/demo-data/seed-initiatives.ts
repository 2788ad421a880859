import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import {
  campaigns,
  devices,
  initiativeLocations,
  initiativeMails,
  initiativeStatusChanges,
  initiatives,
  locations,
  organizations,
  users,
} from '../db/schema/index.ts';

const DAY_MS = 86_400_000;

type Status = 'inReview' | 'approved' | 'changesRequested' | 'rejected' | 'inactive';

/**
 * A season of initiatives per demo organisation, one of each status, dated around today (days from
 * today: start, end); the first two organisations with devices get an approved one playing now, on a
 * campaign other than their devices' own, so the simulated devices switch to it. Every one overlaps
 * the dashboard's default period (the last 30 days, today included) with a day to spare at both ends,
 * in any zone the viewer reads it in, so its status chart shows all five statuses on a fresh demo.
 */
const SEASON: { title: string; status: Status; from: number; to: number; history: Status[] }[] = [
  { title: 'Semana do Perfume', status: 'inReview', from: -3, to: 4, history: ['inReview'] },
  {
    title: 'Natal Especiarias',
    status: 'changesRequested',
    from: -6,
    to: 24,
    history: ['inReview', 'changesRequested'],
  },
  { title: 'Liquidação de Verão', status: 'rejected', from: -12, to: -5, history: ['inReview', 'rejected'] },
  {
    title: 'Dia das Mães',
    status: 'approved',
    from: -27,
    to: -20,
    history: ['inReview', 'approved'],
  },
  {
    title: 'Black Friday',
    status: 'inactive',
    from: -20,
    to: -15,
    history: ['inReview', 'approved', 'inactive'],
  },
];
const PLAYING_NOW = { title: 'Ativação da Estação', from: -3, to: 11 };

const day = (today: Date, offset: number) =>
  new Date(today.getTime() + offset * DAY_MS).toISOString().slice(0, 10);

/**
 * The demo's initiatives, written through the audited handle under the loader's context (the trail
 * names it). Skipped when any initiative exists; deterministic for a given day.
 */
export async function seedDemoInitiatives(db: Database, now = new Date()) {
  const [existing] = await db.select({ total: sql<number>`count(*)::int` }).from(initiatives);
  if ((existing?.total ?? 0) > 0) return { initiatives: 0 };
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(sql`${users.email} in ('operador@scentia.test', 'gestora@scentia.test')`);
  const proposer = people.find((person) => person.email === 'operador@scentia.test')?.id ?? null;
  const reviewer = people.find((person) => person.email === 'gestora@scentia.test')?.id ?? proposer;
  const activeCampaigns = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(isNull(campaigns.deletedAt))
    .orderBy(asc(campaigns.id));
  const sites = await db
    .select({
      id: locations.id,
      organizationId: locations.organizationId,
      campaignId: sql<number | null>`(select min(${devices.campaignId}) from ${devices}
        where ${devices.locationId} = ${locations.id} and ${devices.deletedAt} is null)`,
    })
    .from(locations)
    .innerJoin(organizations, eq(organizations.id, locations.organizationId))
    .where(and(isNull(locations.deletedAt), isNull(organizations.deletedAt)))
    .orderBy(asc(locations.organizationId), asc(locations.id));
  if (activeCampaigns.length < 2 || sites.length === 0 || proposer === null) return { initiatives: 0 };

  const today = new Date(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
  const byOrganization = new Map<number, typeof sites>();
  for (const site of sites)
    byOrganization.set(site.organizationId, [...(byOrganization.get(site.organizationId) ?? []), site]);
  const campaignOtherThan = (id: number | null, index: number) => {
    const others = activeCampaigns.filter((campaign) => campaign.id !== id);
    return (others[index % others.length] ?? activeCampaigns[0])?.id ?? 0;
  };

  return db.transaction(async (tx) => {
    let total = 0;
    let playing = 0;
    async function add(entry: {
      title: string;
      organizationId: number;
      locationIds: number[];
      campaignId: number;
      from: number;
      to: number;
      history: Status[];
    }) {
      const status = entry.history.at(-1) ?? 'inReview';
      const [row] = await tx
        .insert(initiatives)
        .values({
          title: entry.title,
          description: `${entry.title}: aroma da campanha nas lojas durante o período.`,
          organizationId: entry.organizationId,
          campaignId: entry.campaignId,
          startsOn: day(today, entry.from),
          endsOn: day(today, entry.to),
          status,
          proposedBy: proposer,
          deletedAt: status === 'inactive' ? now : null,
        })
        .returning({ id: initiatives.id });
      const id = row?.id ?? 0;
      await tx
        .insert(initiativeLocations)
        .values(entry.locationIds.map((locationId) => ({ initiativeId: id, locationId })));
      let from: Status | null = null;
      for (const to of entry.history) {
        const [change] = await tx
          .insert(initiativeStatusChanges)
          .values({
            initiativeId: id,
            fromStatus: from,
            toStatus: to,
            changedBy: from === null ? proposer : reviewer,
          })
          .returning({ id: initiativeStatusChanges.id });
        if (to === 'changesRequested' && change) {
          await tx.insert(initiativeMails).values({
            initiativeId: id,
            statusChangeId: change.id,
            recipient: 'contato@exemplo.com.br',
            subject: `Ajustes em ${entry.title}`,
            html: '<p>Por favor, confirme as lojas e adie o início em uma semana.</p>',
            language: 'pt-BR',
            sentBy: reviewer,
          });
        }
        from = to;
      }
      total += 1;
    }

    for (const [index, [organizationId, orgSites]] of [...byOrganization.entries()].entries()) {
      const first = orgSites[0];
      if (!first) continue;
      for (const [position, entry] of SEASON.entries()) {
        await add({
          ...entry,
          organizationId,
          locationIds: [first.id],
          campaignId: campaignOtherThan(first.campaignId, index + position),
          history: entry.history,
        });
      }
      const withDevices = orgSites.filter((site) => site.campaignId !== null);
      if (playing < 2 && withDevices.length > 0) {
        // Plays now at its locations with devices: the simulated devices switch to its campaign.
        await add({
          ...PLAYING_NOW,
          organizationId,
          locationIds: withDevices.map((site) => site.id),
          campaignId: campaignOtherThan(withDevices[0]?.campaignId ?? null, index),
          history: ['inReview', 'approved'],
        });
        playing += 1;
      }
    }
    return { initiatives: total, playingNow: playing };
  });
}
