import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import type { TestContext } from './test-app.ts';

let sequence = 0;
const next = () => {
  sequence += 1;
  return sequence;
};

async function insertedId(ctx: TestContext, statement: ReturnType<typeof sql>): Promise<number> {
  const [row] = await ctx.query<{ id: number }>(statement);
  if (!row) throw new Error('Nothing inserted');
  return Number(row.id);
}

/**
 * What initiatives refer to, written directly: an organisation (with its contact), `locations` of it
 * in the given time zones, and two active campaigns.
 */
export async function initiativeGround(ctx: TestContext, timeZones: string[] = ['America/Sao_Paulo']) {
  const n = next();
  const organizationId = await insertedId(
    ctx,
    sql`insert into organizations (name, legal_name, cnpj, contact_name, contact_email)
      values (${`Rede Iniciativa ${n}`}, ${`Rede Iniciativa ${n} Ltda`}, ${String(30_000_000_000_000 + n * 7919)},
        'Renata Souza', ${`contato${n}@rede.test`}) returning id`,
  );
  const locationIds: number[] = [];
  for (const [index, timeZone] of timeZones.entries()) {
    locationIds.push(
      await insertedId(
        ctx,
        sql`insert into locations (organization_id, name, country, time_zone)
          values (${organizationId}, ${`Loja ${n}-${index + 1}`}, 'BR', ${timeZone}) returning id`,
      ),
    );
  }
  const campaignIds = [
    await insertedId(ctx, sql`insert into campaigns (name) values (${`Verão ${n}`}) returning id`),
    await insertedId(ctx, sql`insert into campaigns (name) values (${`Inverno ${n}`}) returning id`),
  ];
  return { organizationId, locationIds, campaignIds };
}

export type InitiativeGround = Awaited<ReturnType<typeof initiativeGround>>;

/** A valid body for the ground: its first location and campaign, in March 2030 unless told. */
export function initiativeBody(ground: InitiativeGround, overrides: Record<string, unknown> = {}) {
  return {
    title: `Ativação ${next()}`,
    description: 'Aroma de verão na entrada da loja.',
    organizationId: ground.organizationId,
    locationIds: [ground.locationIds[0]],
    campaignId: ground.campaignIds[0],
    startsOn: '2030-03-01',
    endsOn: '2030-03-31',
    ...overrides,
  };
}

/** Signs in an admin and a staff member (OPERADOR); `as` sends a request with one's token. */
export async function initiativeCallers(ctx: TestContext) {
  const admin = await ctx.createAccount({ name: 'Ana Admin' });
  const staff = await ctx.createAccount({ profile: 'OPERADOR', name: 'Otto Operador' });
  const tokens = {
    admin: (await ctx.signIn(admin.email, admin.password)).token,
    staff: (await ctx.signIn(staff.email, staff.password)).token,
  };
  const as = (who: keyof typeof tokens, request: InjectOptions) =>
    ctx.app.inject({
      ...request,
      headers: { authorization: `Bearer ${tokens[who]}`, ...request.headers },
    });
  return { admin, staff, as };
}
