import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initiativeBody, initiativeCallers, initiativeGround } from './initiatives-fixture.ts';
import { expectStaleSaveRefused } from './resource-tests.ts';
import { createTestApp, type TestContext } from './test-app.ts';

let ctx: TestContext;
let callers: Awaited<ReturnType<typeof initiativeCallers>>;

beforeAll(async () => {
  ctx = await createTestApp();
  callers = await initiativeCallers(ctx);
});
afterAll(() => ctx.close());

const propose = async (body: Record<string, unknown>) => {
  const response = await callers.as('staff', { method: 'POST', url: '/api/initiatives', payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { initiativeId: number; status: string };
};
const review = (action: string, id: number, payload?: unknown, who: 'admin' | 'staff' = 'admin') =>
  callers.as(who, { method: 'PUT', url: `/api/initiatives/${action}/${id}`, payload: payload as never });

describe('POST /api/initiatives', () => {
  it('records a proposal in review, proposed by the caller, with its locations and its first history line', async () => {
    const ground = await initiativeGround(ctx, ['America/Sao_Paulo', 'America/Manaus']);
    const created = await propose(
      initiativeBody(ground, { locationIds: [ground.locationIds[1], ground.locationIds[0]] }),
    );
    expect(created).toMatchObject({
      status: 'inReview',
      ativo: true,
      proposer: { id: callers.staff.id, name: 'Otto Operador' },
      organization: { contactEmail: expect.stringContaining('@rede.test') },
      startsOn: '2030-03-01',
      endsOn: '2030-03-31',
    });
    const detail = (
      await callers.as('staff', { method: 'GET', url: `/api/initiatives/${created.initiativeId}` })
    ).json();
    expect(detail.locations.map((location: { locationId: number }) => location.locationId).sort()).toEqual(
      [...ground.locationIds].sort(),
    );
    expect(detail.history).toEqual([
      expect.objectContaining({
        from: null,
        to: 'inReview',
        changedBy: { id: callers.staff.id, name: 'Otto Operador' },
      }),
    ]);
  });

  it('refuses a short title, no location, an end before the start, and names the fields (400, localized)', async () => {
    const ground = await initiativeGround(ctx);
    const response = await callers.as('staff', {
      method: 'POST',
      url: '/api/initiatives',
      headers: { 'accept-language': 'pt-BR' },
      payload: initiativeBody(ground, {
        title: 'ab',
        locationIds: [],
        startsOn: '2030-03-10',
        endsOn: '2030-03-09',
      }),
    });
    expect(response.statusCode).toBe(400);
    const paths = response.json().fields.map((field: { path: string }) => field.path);
    expect(paths).toEqual(expect.arrayContaining(['title', 'locationIds', 'endsOn']));
  });

  it('accepts a one-day initiative (both days included) and refuses one longer than a year', async () => {
    const ground = await initiativeGround(ctx);
    await propose(initiativeBody(ground, { startsOn: '2030-05-05', endsOn: '2030-05-05' }));
    const long = await callers.as('staff', {
      method: 'POST',
      url: '/api/initiatives',
      payload: initiativeBody(ground, { startsOn: '2030-01-01', endsOn: '2031-01-02' }),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual([expect.objectContaining({ path: 'endsOn' })]);
  });

  it('refuses a location of another organisation, an inactive campaign and an inactive organisation', async () => {
    const ground = await initiativeGround(ctx);
    const other = await initiativeGround(ctx);
    const foreign = await callers.as('staff', {
      method: 'POST',
      url: '/api/initiatives',
      payload: initiativeBody(ground, { locationIds: [ground.locationIds[0], other.locationIds[0]] }),
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields).toEqual([expect.objectContaining({ path: 'locationIds.1' })]);

    await ctx.query(sql`update campaigns set deleted_at = now() where id = ${ground.campaignIds[1]}`);
    const inactiveCampaign = await callers.as('staff', {
      method: 'POST',
      url: '/api/initiatives',
      payload: initiativeBody(ground, { campaignId: ground.campaignIds[1] }),
    });
    expect(inactiveCampaign.statusCode).toBe(400);
    expect(inactiveCampaign.json().fields).toEqual([expect.objectContaining({ path: 'campaignId' })]);

    await ctx.query(sql`update organizations set deleted_at = now() where id = ${other.organizationId}`);
    const inactiveOrganization = await callers.as('staff', {
      method: 'POST',
      url: '/api/initiatives',
      payload: initiativeBody(other),
    });
    expect(inactiveOrganization.statusCode).toBe(400);
    expect(inactiveOrganization.json().fields).toEqual([expect.objectContaining({ path: 'organizationId' })]);
    expect(await ctx.countRows('initiatives')).toBeGreaterThan(0);
  });
});

describe('the review transitions', () => {
  it('lets only an admin review (403 for staff), and refuses every transition the rule does not allow (409)', async () => {
    const ground = await initiativeGround(ctx);
    const { initiativeId: id } = await propose(initiativeBody(ground));
    expect((await review('approve', id, undefined, 'staff')).statusCode).toBe(403);
    expect((await review('reopen', id)).statusCode).toBe(409);

    const rejected = await review('reject', id, { note: 'Fora da estação.' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().status).toBe('rejected');
    for (const action of ['approve', 'reject', 'reopen']) {
      const refused = await review(action, id);
      expect(refused.statusCode, action).toBe(409);
      expect(refused.json().code).toBe('INITIATIVE_TRANSITION_REFUSED');
    }
    const edit = await callers.as('staff', {
      method: 'PUT',
      url: `/api/initiatives/${id}`,
      payload: initiativeBody(ground),
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().code).toBe('INITIATIVE_NOT_EDITABLE');

    const inactive = await review('deactivate', id);
    expect(inactive.json()).toMatchObject({
      status: 'inactive',
      ativo: false,
      deletedAt: expect.any(String),
    });
    expect((await review('deactivate', id)).statusCode).toBe(409);
    const reopened = await review('reopen', id, { note: 'Nova data.' });
    expect(reopened.json()).toMatchObject({ status: 'inReview', ativo: true, deletedAt: null });
    const approved = await review('approve', id);
    expect(approved.json().status).toBe('approved');

    const detail = (await callers.as('staff', { method: 'GET', url: `/api/initiatives/${id}` })).json();
    expect(
      detail.history.map((change: { from: string | null; to: string }) => [change.from, change.to]),
    ).toEqual([
      [null, 'inReview'],
      ['inReview', 'rejected'],
      ['rejected', 'inactive'],
      ['inactive', 'inReview'],
      ['inReview', 'approved'],
    ]);
    expect(detail.history[1]).toMatchObject({
      note: 'Fora da estação.',
      changedBy: { id: callers.admin.id },
    });
  });

  it('sends an edited initiative whose changes were requested back to review; one in review stays so', async () => {
    const ground = await initiativeGround(ctx);
    const { initiativeId: id } = await propose(initiativeBody(ground));
    const kept = await callers.as('staff', {
      method: 'PUT',
      url: `/api/initiatives/${id}`,
      payload: initiativeBody(ground, { title: 'Título revisto' }),
    });
    expect(kept.json()).toMatchObject({ status: 'inReview', title: 'Título revisto' });
    const requested = await review('request-changes', id, {
      email: 'contato@rede.test',
      subject: 'Ajustes',
      html: '<p>Troque a data.</p>',
    });
    expect(requested.json().status).toBe('changesRequested');
    expect((await review('approve', id)).statusCode).toBe(409);
    const edited = await callers.as('staff', {
      method: 'PUT',
      url: `/api/initiatives/${id}`,
      payload: initiativeBody(ground, { startsOn: '2030-04-01', endsOn: '2030-04-10' }),
    });
    expect(edited.json()).toMatchObject({ status: 'inReview', startsOn: '2030-04-01' });
    expect((await review('approve', id)).json().status).toBe('approved');
  });

  it('answers 404 for an unknown initiative', async () => {
    expect((await review('approve', 999_999)).statusCode).toBe(404);
    expect((await callers.as('staff', { method: 'GET', url: '/api/initiatives/999999' })).statusCode).toBe(
      404,
    );
  });
});

describe('PUT /api/initiatives/{id}', () => {
  it('refuses a save based on an older version (409 STALE_RECORD), changing nothing', async () => {
    const ground = await initiativeGround(ctx);
    const proposed = await callers.as('staff', {
      method: 'POST',
      url: '/api/initiatives',
      payload: initiativeBody(ground),
    });
    const { initiativeId, updatedAt } = proposed.json() as { initiativeId: number; updatedAt: string };
    await expectStaleSaveRefused(
      (method, url, payload) => callers.as('staff', { method, url, payload: payload as never }),
      `/api/initiatives/${initiativeId}`,
      [
        initiativeBody(ground, { title: 'Primeira versão' }),
        initiativeBody(ground, { title: 'Segunda versão' }),
      ],
      updatedAt,
    );
  });
});

describe('PUT /api/initiatives/request-changes/{id}', () => {
  it('requires the e-mail and the subject (400 naming them)', async () => {
    const ground = await initiativeGround(ctx);
    const { initiativeId: id } = await propose(initiativeBody(ground));
    const response = await review('request-changes', id, { email: '', subject: ' ', html: '<p>x</p>' });
    expect(response.statusCode).toBe(400);
    const paths = response.json().fields.map((field: { path: string }) => field.path);
    expect([...new Set(paths)].sort()).toEqual(['email', 'subject']);
    const empty = await review('request-changes', id, {
      email: 'a@b.test',
      subject: 'S',
      html: '<p><br></p>',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual([expect.objectContaining({ path: 'html' })]);
  });

  it('sanitises the body, queues the mail once in the request’s language and records it; a retry is refused', async () => {
    const ground = await initiativeGround(ctx);
    const { initiativeId: id } = await propose(initiativeBody(ground, { title: 'Semana do Perfume' }));
    const body = {
      email: 'gerente@loja.test',
      subject: 'Ajustes na Semana do Perfume',
      html: '<p onclick="x()">Troque as <strong>datas</strong>.<script>alert(1)</script></p>',
    };
    const send = () =>
      callers.as('admin', {
        method: 'PUT',
        url: `/api/initiatives/request-changes/${id}`,
        headers: { 'accept-language': 'es-ES' },
        payload: body,
      });
    const [first, second] = await Promise.all([send(), send()]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect((await send()).statusCode).toBe(409);

    const queued = await ctx.query<{
      id: number;
      language: string;
      subject: string;
      html: string;
      text: string;
    }>(
      sql`select id::int, language, subject, html, text from mail_outbox where to_address = 'gerente@loja.test'`,
    );
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ language: 'es-ES', subject: body.subject });
    expect(queued[0]?.html).toContain('<strong>datas</strong>');
    expect(queued[0]?.html).toContain('Semana do Perfume');
    expect(queued[0]?.html).not.toMatch(/script|onclick/);
    expect(queued[0]?.text).toContain('datas');

    const detail = (await callers.as('staff', { method: 'GET', url: `/api/initiatives/${id}` })).json();
    expect(detail.mails).toEqual([
      expect.objectContaining({
        recipient: 'gerente@loja.test',
        subject: body.subject,
        html: '<p>Troque as <strong>datas</strong>.</p>',
        language: 'es-ES',
        sentBy: { id: callers.admin.id, name: 'Ana Admin' },
      }),
    ]);
    const [recorded] = await ctx.query<{ outboxId: number }>(
      sql`select outbox_id::int as "outboxId" from initiative_mails where initiative_id = ${id}`,
    );
    expect(recorded?.outboxId).toBe(queued[0]?.id);
    expect(detail.history.at(-1)).toMatchObject({
      from: 'inReview',
      to: 'changesRequested',
      note: body.subject,
    });
  });
});

describe('GET /api/initiatives', () => {
  it('filters by status, organisation, location and a period the dates overlap; searches the title', async () => {
    const ground = await initiativeGround(ctx, ['America/Sao_Paulo', 'America/Sao_Paulo']);
    const a = await propose(
      initiativeBody(ground, { title: 'Outono Cítrico', startsOn: '2031-04-01', endsOn: '2031-04-30' }),
    );
    const b = await propose(
      initiativeBody(ground, {
        title: 'Maio Floral',
        locationIds: [ground.locationIds[1]],
        startsOn: '2031-05-01',
        endsOn: '2031-05-31',
      }),
    );
    await review('reject', b.initiativeId);
    const ids = async (query: string) => {
      const response = await callers.as('staff', {
        method: 'GET',
        url: `/api/initiatives?organizationId=${ground.organizationId}&orderBy=id&orderByDirection=asc&${query}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.map((row: { initiativeId: number }) => row.initiativeId);
    };
    expect(await ids('')).toEqual([a.initiativeId, b.initiativeId]);
    expect(await ids('status=rejected')).toEqual([b.initiativeId]);
    expect(await ids(`locationId=${ground.locationIds[0]}`)).toEqual([a.initiativeId]);
    expect(await ids('from=2031-04-30&to=2031-05-01')).toEqual([a.initiativeId, b.initiativeId]);
    expect(await ids('from=2031-05-01')).toEqual([b.initiativeId]);
    expect(await ids('to=2031-03-31')).toEqual([]);
    expect(await ids('search=citrico')).toEqual([a.initiativeId]);
    const bad = await callers.as('staff', { method: 'GET', url: '/api/initiatives?status=Aprovada' });
    expect(bad.statusCode).toBe(400);
  });

  it('exports the list as a spreadsheet at the spec’s path and at the kit’s', async () => {
    for (const url of ['/api/iniciativa/export', '/api/initiatives/export']) {
      const response = await callers.as('staff', { method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('spreadsheetml');
    }
  });
});

describe('GET /api/dashboard/chart-iniciativa', () => {
  it('counts the initiatives whose dates overlap the period, per status by the spec’s name, zeros listed', async () => {
    const ground = await initiativeGround(ctx);
    const ids = [];
    for (const startsOn of ['2032-01-05', '2032-01-10', '2032-01-20', '2032-03-01']) {
      ids.push((await propose(initiativeBody(ground, { startsOn, endsOn: startsOn }))).initiativeId);
    }
    await review('approve', ids[0] ?? 0);
    await review('deactivate', ids[1] ?? 0);
    const chart = await callers.as('staff', {
      method: 'GET',
      url: `/api/dashboard/chart-iniciativa?from=2032-01-01&to=2032-01-31&organizationId=${ground.organizationId}`,
    });
    expect(chart.statusCode, chart.body).toBe(200);
    expect(chart.json()).toEqual([
      { status: 'Em Análise', totalIniciativas: 1 },
      { status: 'Aprovada', totalIniciativas: 1 },
      { status: 'Necessita Alteração', totalIniciativas: 0 },
      { status: 'Reprovada', totalIniciativas: 0 },
      { status: 'Inativo', totalIniciativas: 1 },
    ]);
    const reversed = await callers.as('staff', {
      method: 'GET',
      url: '/api/dashboard/chart-iniciativa?from=2032-02-01&to=2032-01-01',
    });
    expect(reversed.statusCode).toBe(400);
  });
});
