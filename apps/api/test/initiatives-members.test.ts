import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type InitiativeGround,
  initiativeBody,
  initiativeCallers,
  initiativeGround,
} from './initiatives-fixture.ts';
import { createTestApp, type TestContext } from './test-app.ts';

/**
 * Initiatives as a conversation between a client and staff (issue 39 §6): members of organisation A
 * read only A's initiatives (a location-limited member: those at their locations), Managers propose
 * and answer a request for changes, staff reach members only as "Scentia".
 */

let ctx: TestContext;
let callers: Awaited<ReturnType<typeof initiativeCallers>>;
let a: InitiativeGround;
let b: InitiativeGround;
const tokens: Record<string, string> = {};
const people: Record<string, { id: number; email: string }> = {};

const as = (who: string, request: InjectOptions) => {
  if (who === 'admin' || who === 'staff') return callers.as(who, request);
  return ctx.app.inject({
    ...request,
    headers: { authorization: `Bearer ${tokens[who]}`, ...request.headers },
  });
};

async function member(
  name: string,
  role: 'manager' | 'viewer',
  ground: InitiativeGround,
  locationIds?: number[],
) {
  const created = await ctx.createMember({ role, organizationId: ground.organizationId, locationIds });
  await ctx.query(sql`update users set name = ${name} where id = ${created.id}`);
  tokens[name] = (await ctx.signIn(created.email, created.password)).token;
  people[name] = { id: created.id, email: created.email };
}

const propose = async (who: string, body: Record<string, unknown>) => {
  const response = await as(who, { method: 'POST', url: '/api/initiatives', payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { initiativeId: number; status: string; updatedAt: string };
};
const detail = (who: string, id: number) => as(who, { method: 'GET', url: `/api/initiatives/${id}` });
const ids = (page: { data: { initiativeId: number }[] }) => page.data.map((row) => row.initiativeId).sort();

// A staff proposal at A's two locations, one at A's second location only, and one of B's.
let aBoth: number;
let aSecond: number;
let bOnly: number;

beforeAll(async () => {
  ctx = await createTestApp();
  callers = await initiativeCallers(ctx);
  a = await initiativeGround(ctx, ['America/Sao_Paulo', 'America/Manaus']);
  b = await initiativeGround(ctx);
  await member('Maria Gerente', 'manager', a);
  await member('Vera Leitora', 'viewer', a);
  await member('Lia Regional', 'viewer', a, [a.locationIds[0] as number]);
  await member('Rui Regional', 'manager', a, [a.locationIds[0] as number]);
  await member('Bruno Gerente', 'manager', b);
  aBoth = (await propose('staff', initiativeBody(a, { locationIds: a.locationIds }))).initiativeId;
  aSecond = (await propose('staff', initiativeBody(a, { locationIds: [a.locationIds[1]] }))).initiativeId;
  bOnly = (await propose('staff', initiativeBody(b))).initiativeId;
});
afterAll(() => ctx.close());

describe('GET /api/initiatives as a member', () => {
  it('lists and counts only the organisation’s initiatives, whatever organisation the filter names', async () => {
    const own = (await as('Vera Leitora', { method: 'GET', url: '/api/initiatives?perPage=50' })).json();
    expect(ids(own)).toEqual([aBoth, aSecond].sort());
    expect(own.total).toBe(2);
    const foreign = await as('Vera Leitora', {
      method: 'GET',
      url: `/api/initiatives?organizationId=${b.organizationId}`,
    });
    expect(foreign.json()).toMatchObject({ data: [], total: 0 });
    const staff = (await callers.as('staff', { method: 'GET', url: '/api/initiatives?perPage=50' })).json();
    expect(ids(staff)).toEqual(expect.arrayContaining([aBoth, aSecond, bOnly]));
  });

  it('shows a location-limited member only the initiatives at their locations, and only those locations', async () => {
    const page = (await as('Lia Regional', { method: 'GET', url: '/api/initiatives' })).json();
    expect(ids(page)).toEqual([aBoth]);
    expect(page.total).toBe(1);
    expect(page.data[0].locations.map((location: { locationId: number }) => location.locationId)).toEqual([
      a.locationIds[0],
    ]);
    expect((await detail('Lia Regional', aSecond)).statusCode).toBe(404);
  });

  it('answers another organisation’s initiative as it answers an unknown id (404)', async () => {
    const foreign = await detail('Maria Gerente', bOnly);
    const unknown = await detail('Maria Gerente', 2_000_000_000);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());
  });

  it('names staff "Scentia", without their id or e-mail, in the row, the history and the export', async () => {
    const record = (await detail('Vera Leitora', aBoth)).json();
    expect(record.proposer).toEqual({ id: null, name: 'Scentia', email: null, isClient: false });
    expect(record.history).toEqual([expect.objectContaining({ changedBy: { id: null, name: 'Scentia' } })]);
    expect(JSON.stringify(record)).not.toContain('Otto Operador');
    // Staff still see who it was.
    const staffView = (await detail('staff', aBoth)).json();
    expect(staffView.proposer).toMatchObject({ id: callers.staff.id, name: 'Otto Operador' });

    const exported = await as('Vera Leitora', { method: 'GET', url: '/api/iniciativa/export' });
    expect(exported.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.rowCount).toBe(3); // the heading and A's two initiatives
    const cells = JSON.stringify(sheet?.getSheetValues());
    expect(cells).toContain('Scentia');
    expect(cells).not.toContain('Otto Operador');
  });

  it('counts the status pie within the scope, for both sides alike', async () => {
    const query = '?from=2030-03-01&to=2030-03-31';
    const chart = async (who: string, extra = '') => {
      const response = await as(who, {
        method: 'GET',
        url: `/api/dashboard/chart-iniciativa${query}${extra}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      const items = response.json() as { status: string; totalIniciativas: number }[];
      return items.find((item) => item.status === 'Em Análise')?.totalIniciativas;
    };
    expect(await chart('Vera Leitora')).toBe(2);
    expect(await chart('Lia Regional')).toBe(1);
    expect(await chart('Vera Leitora', `&organizationId=${b.organizationId}`)).toBe(0);
    expect(await chart('staff', `&organizationId=${a.organizationId}`)).toBe(2);
  });

  it('offers a member only their own locations, and any active campaign', async () => {
    const locations = await as('Rui Regional', {
      method: 'GET',
      url: `/api/initiatives/location-options?organizationId=${b.organizationId}`,
    });
    expect(locations.json()).toEqual([]);
    const own = (
      await as('Rui Regional', { method: 'GET', url: '/api/initiatives/location-options' })
    ).json();
    expect(own.map((option: { locationId: number }) => option.locationId)).toEqual([a.locationIds[0]]);
    const campaigns = await as('Vera Leitora', {
      method: 'GET',
      url: `/api/initiatives/campaign-options?str=${encodeURIComponent('Verão')}`,
    });
    expect(campaigns.statusCode).toBe(200);
    expect(campaigns.json().map((option: { campaignId: number }) => option.campaignId)).toContain(
      a.campaignIds[0],
    );
  });
});

describe('POST /api/initiatives as a member', () => {
  it('lets a Manager propose for their sites: in review, proposed by them', async () => {
    const created = await propose('Maria Gerente', initiativeBody(a, { locationIds: a.locationIds }));
    expect(created).toMatchObject({
      status: 'inReview',
      proposer: { id: people['Maria Gerente']?.id, name: 'Maria Gerente', isClient: true, email: null },
    });
    const staffView = (await detail('staff', created.initiativeId)).json();
    expect(staffView.proposer).toMatchObject({ isClient: true, email: people['Maria Gerente']?.email });
  });

  it('refuses another organisation or a location outside the membership as unknown ones (400)', async () => {
    const foreign = await as('Maria Gerente', {
      method: 'POST',
      url: '/api/initiatives',
      payload: initiativeBody(b),
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields).toEqual([expect.objectContaining({ path: 'organizationId' })]);
    const outside = await as('Rui Regional', {
      method: 'POST',
      url: '/api/initiatives',
      payload: initiativeBody(a, { locationIds: a.locationIds }),
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().fields).toEqual([expect.objectContaining({ path: 'locationIds.1' })]);
  });

  it('keeps a Viewer to reading: no proposal, no edit (403)', async () => {
    const proposal = await as('Vera Leitora', {
      method: 'POST',
      url: '/api/initiatives',
      payload: initiativeBody(a),
    });
    expect(proposal.statusCode).toBe(403);
    const edit = await as('Vera Leitora', {
      method: 'PUT',
      url: `/api/initiatives/${aBoth}`,
      payload: initiativeBody(a),
    });
    expect(edit.statusCode).toBe(403);
  });
});

describe('PUT /api/initiatives/{id} as a member', () => {
  it('answers another organisation’s initiative 404, and refuses a limited Manager one reaching beyond their locations (403)', async () => {
    const foreign = await as('Maria Gerente', {
      method: 'PUT',
      url: `/api/initiatives/${bOnly}`,
      payload: initiativeBody(a),
    });
    expect(foreign.statusCode).toBe(404);
    const beyond = await as('Rui Regional', {
      method: 'PUT',
      url: `/api/initiatives/${aBoth}`,
      payload: initiativeBody(a),
    });
    expect(beyond.statusCode).toBe(403);
  });

  it('never lets a member review (403)', async () => {
    const review = await as('Maria Gerente', { method: 'PUT', url: `/api/initiatives/approve/${aBoth}` });
    expect(review.statusCode).toBe(403);
  });
});

describe('the conversation: a proposal, a request for changes, the answer, the approval', () => {
  it('mails the proposer, shows them the review mails, returns their answer to review and tells the reviewer', async () => {
    const created = await propose('Maria Gerente', initiativeBody(a, { title: 'Ativação do Outono' }));
    const id = created.initiativeId;
    const manager = people['Maria Gerente'] as { id: number; email: string };

    const asked = await callers.as('admin', {
      method: 'PUT',
      url: `/api/initiatives/request-changes/${id}`,
      payload: { email: manager.email, subject: 'Ajuste as datas', html: '<p>Comece uma semana depois.</p>' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const seen = (await detail('Maria Gerente', id)).json();
    expect(seen.status).toBe('changesRequested');
    expect(seen.mails).toEqual([
      expect.objectContaining({
        recipient: manager.email,
        subject: 'Ajuste as datas',
        sentBy: { id: null, name: 'Scentia' },
      }),
    ]);

    const answered = await as('Maria Gerente', {
      method: 'PUT',
      url: `/api/initiatives/${id}`,
      payload: initiativeBody(a, {
        title: 'Ativação do Outono',
        startsOn: '2030-03-08',
        endsOn: '2030-04-07',
        updatedAt: seen.updatedAt,
      }),
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().status).toBe('inReview');
    const told = await ctx.query<{ kind: string }>(
      sql`select kind from mail_outbox where to_address = ${callers.admin.email} order by id`,
    );
    expect(told.map((mail) => mail.kind)).toContain('initiative-changed-by-client');

    const approved = await callers.as('admin', {
      method: 'PUT',
      url: `/api/initiatives/approve/${id}`,
      payload: { note: 'Bom trabalho.' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const mailed = await ctx.query<{ kind: string; subject: string; text: string }>(
      sql`select kind, subject, text from mail_outbox where to_address = ${manager.email} and kind = 'initiative-approved'`,
    );
    expect(mailed).toHaveLength(1);
    expect(mailed[0]?.text).toContain('2030-03-08');

    const final = (await detail('Maria Gerente', id)).json();
    expect(final.status).toBe('approved');
    expect(final.mails).toHaveLength(2);
    expect(
      final.history.map((change: { to: string; changedBy: { name: string } }) => [
        change.to,
        change.changedBy.name,
      ]),
    ).toEqual([
      ['inReview', 'Maria Gerente'],
      ['changesRequested', 'Scentia'],
      ['inReview', 'Maria Gerente'],
      ['approved', 'Scentia'],
    ]);
    expect(JSON.stringify(final)).not.toContain('Ana Admin');
  });

  it('tells no one by mail when staff proposed the initiative', async () => {
    const created = await propose(
      'staff',
      initiativeBody(b, { startsOn: '2031-01-01', endsOn: '2031-01-02' }),
    );
    await callers.as('admin', { method: 'PUT', url: `/api/initiatives/reject/${created.initiativeId}` });
    const [row] = await ctx.query<{ count: number }>(
      sql`select count(*)::int as count from initiative_mails where initiative_id = ${created.initiativeId}`,
    );
    expect(row?.count).toBe(0);
  });
});
