import { withCpfCheckDigits } from '@scentia/shared/br-documents';
import { PROFILE_ADMIN, PROFILE_USER } from '@scentia/shared/constants';
import { sql } from 'drizzle-orm';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { profiles, users } from './db/schema/index.ts';
import { ensureAdmin, PROFILE_OPERATOR, seedProfiles } from './db/seed.ts';
import { BR_CITIES, FIRST_NAMES, LAST_NAMES, STREETS } from './demo-data/brazil.ts';
import { seedDemoCampaigns } from './demo-data/seed-campaigns.ts';
import { seedDemoCatalog } from './demo-data/seed-catalog.ts';
import { seedDemoClientProposals } from './demo-data/seed-client-proposals.ts';
import { seedDemoClients } from './demo-data/seed-clients.ts';
import { seedDemoFleet } from './demo-data/seed-devices.ts';
import { seedDemoInitiatives } from './demo-data/seed-initiatives.ts';
import { seedDemoMembers } from './demo-data/seed-members.ts';
import { seedDemoQuizSessions } from './demo-data/seed-quiz-sessions.ts';
import { seedDemoQuizzes } from './demo-data/seed-quizzes.ts';
import {
  type AuditContext,
  auditedDatabase,
  runWithAuditContext,
  withoutAudit,
} from './lib/audit/audit-context.ts';
import { hashPassword } from './lib/passwords.ts';
import { createLogger } from './logger.ts';

/**
 * Fills the database with realistic Brazilian demo data. Idempotent: records that already exist (same
 * e-mail) are left alone, so it can run on every start of a demo. Later features extend it.
 */
const DEMO_USER_COUNT = 240;
const DEMO_DATA_CONTEXT = (): AuditContext => ({
  actorId: null,
  ip: null,
  userAgent: null,
  action: 'demo-data',
  requestId: null,
});

/** A small deterministic generator so every run produces the same people. */
function createRandom(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  return {
    next,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    digits: (count: number) => Array.from({ length: count }, () => Math.floor(next() * 10)).join(''),
  };
}

function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '.');
}

async function main() {
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL);
  // As the owner: the demonstration's rows are loaded with the trail switched off (withoutAudit),
  // which only the owner's connection may do.
  const database = await openDatabase({
    databaseUrl: config.DATABASE_OWNER_URL ?? config.DATABASE_URL,
    dataDir: config.DATA_DIR,
  });
  try {
    await database.migrate();
    await seedProfiles(database.db);
    await ensureAdmin(database.db, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD }, log);
    const profileRows = await database.db.select({ id: profiles.id, name: profiles.name }).from(profiles);
    const profileId = (name: string) => {
      const row = profileRows.find((profile) => profile.name.toUpperCase() === name);
      if (!row) throw new Error(`Profile ${name} is missing`);
      return row.id;
    };
    const passwordHash = await hashPassword(config.DEMO_PASSWORD);
    const random = createRandom(2026);
    const now = Date.now();

    const people = Array.from({ length: DEMO_USER_COUNT }, (_, index) => {
      const first = random.pick(FIRST_NAMES);
      const last = `${random.pick(LAST_NAMES)} ${random.pick(LAST_NAMES)}`;
      const place = random.pick(BR_CITIES);
      const isConfirmed = random.next() > 0.15;
      const isInactive = isConfirmed && random.next() > 0.9;
      const createdAt = new Date(now - Math.floor(random.next() * 400) * 86_400_000);
      const age = 18 + Math.floor(random.next() * 50);
      return {
        name: `${first.name} ${last}`,
        email: `${slug(first.name)}.${slug(last.split(' ')[0] ?? 'silva')}${index}@exemplo.com.br`,
        passwordHash,
        profileId: profileId(index % 12 === 0 ? PROFILE_OPERATOR : PROFILE_USER),
        cpf: withCpfCheckDigits(random.digits(9)),
        genre: first.genre,
        birthday: new Date(now - age * 365.25 * 86_400_000).toISOString().slice(0, 10),
        street: `${random.pick(STREETS)}, ${1 + Math.floor(random.next() * 2000)}`,
        city: place.city,
        state: place.uf,
        zipcode: `${place.cepPrefix}${random.digits(3)}`,
        country: 'BR',
        confirmedAt: isConfirmed ? createdAt : null,
        deletedAt: isInactive ? new Date(createdAt.getTime() + 86_400_000) : null,
        createdAt,
      };
    });

    // Known accounts for trying the non-admin rules (and for the end-to-end tests).
    const fixed = [
      { name: 'Operadora Demonstração', email: 'operador@scentia.test', profile: PROFILE_OPERATOR },
      { name: 'Cliente Demonstração', email: 'cliente@scentia.test', profile: PROFILE_USER },
      { name: 'Administradora Demonstração', email: 'gestora@scentia.test', profile: PROFILE_ADMIN },
    ].map((account) => ({
      name: account.name,
      email: account.email,
      passwordHash,
      profileId: profileId(account.profile),
      country: 'BR',
      confirmedAt: new Date(now),
    }));

    // Demonstration people are nobody's change: their rows stay out of the audit trail.
    const inserted = await withoutAudit(database.db, (tx) =>
      tx
        .insert(users)
        .values([...fixed, ...people])
        .onConflictDoNothing()
        .returning({ id: users.id }),
    );
    const [{ total } = { total: 0 }] = await database.db
      .select({ total: sql<number>`count(*)::int` })
      .from(users);
    // The catalog, campaigns and clients go through the services, so their trail names the demonstration loader.
    const audited = auditedDatabase(database.db);
    const { catalog, campaignsAdded, quizzesAdded, clients, members, fleet, initiatives, clientProposals } =
      await runWithAuditContext(DEMO_DATA_CONTEXT, async () => ({
        catalog: await seedDemoCatalog(audited, config, log),
        campaignsAdded: await seedDemoCampaigns(audited, config, log),
        quizzesAdded: await seedDemoQuizzes(audited, config),
        clients: await seedDemoClients(audited),
        // After the clients: two organisations get a Manager, a Viewer and a location-limited Viewer each
        // (outside the trail, as the demo's people are), who may propose the initiatives below.
        members: await seedDemoMembers(database.db, passwordHash),
        // After the clients and campaigns: devices stand at their locations and play their campaigns.
        fleet: await seedDemoFleet(audited, config),
        // After the fleet: two approved initiatives play now on locations with devices.
        initiatives: await seedDemoInitiatives(audited),
        // After the clients' members (their Managers propose): a proposal of theirs in each status.
        clientProposals: await seedDemoClientProposals(audited),
      }));
    // Played sessions are the app's, nobody's change: outside the trail, as the people are.
    const sessions = await seedDemoQuizSessions(database.db, quizzesAdded.published);
    // The demo's manager has the daily digest of alerts on (off for everyone else, as by default), so
    // the outbox shows one after the server's first runs of the alerts and digest jobs.
    await database.db.execute(sql`
      insert into notification_settings (user_id, daily_digest)
      select id, true from users where email = 'gestora@scentia.test'
      on conflict (user_id) do nothing`);
    log.info(
      {
        inserted: inserted.length,
        totalUsers: total,
        ...catalog,
        ...campaignsAdded,
        quizzes: quizzesAdded.quizzes,
        ...sessions,
        ...clients,
        ...members,
        fleet,
        initiatives,
        ...clientProposals,
      },
      'Demo data ready',
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`Demo data failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
