import { BULK_CHUNK_SIZE } from '@scentia/shared/record-bulk.schemas';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { kitBulkDeclaration, runBulkAction } from '../src/lib/resource-kit/bulk-actions.ts';
import { OrganizationsRepository } from '../src/modules/organizations/organizations.repository.ts';
import { createOrganizationsService } from '../src/modules/organizations/organizations.service.ts';
import { staffSession } from './resource-tests.ts';

const session = staffSession();
const { call } = session;

let sequence = 0;

/** An organisation written directly (the organisations API has tests of its own), inactive if asked. */
async function organization(options: { name?: string; isActive?: boolean } = {}): Promise<number> {
  sequence += 1;
  const name = options.name ?? `Lote ${sequence} ${Math.random().toString(36).slice(2, 8)}`;
  const cnpj = String(70_000_000_000_000 + sequence * 1_000 + Math.floor(Math.random() * 999));
  const [row] = await session.ctx.query<{ id: number }>(sql`insert into organizations
    (name, legal_name, cnpj, deleted_at) values (${name}, ${`${name} Ltda`}, ${cnpj},
    ${options.isActive === false ? new Date() : null}) returning id`);
  return Number(row?.id);
}

async function location(organizationId: number, name: string): Promise<number> {
  const [row] = await session.ctx.query<{
    id: number;
  }>(sql`insert into locations (organization_id, name, city)
    values (${organizationId}, ${name}, 'Recife') returning id`);
  return Number(row?.id);
}

const isActive = async (table: 'organizations' | 'locations', id: number) => {
  const [row] = await session.ctx.query<{ active: boolean }>(
    sql`select deleted_at is null as active from ${sql.identifier(table)} where id = ${id}`,
  );
  return row?.active;
};

describe('POST /api/<path>/bulk', () => {
  it('answers one result per id: done, unchanged, refused with why (names), notFound', async () => {
    const plain = await organization();
    const held = await organization();
    await location(held, 'Loja Boa Viagem');
    const inactive = await organization({ isActive: false });
    const response = await call(
      'POST',
      '/api/organizations/bulk',
      { action: 'deactivate', ids: [plain, held, inactive, 99_999_999] },
      'en-US',
    );
    expect(response.statusCode, response.body).toBe(200);
    const { actionId, results } = response.json();
    expect(actionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(results).toEqual([
      { id: plain, name: expect.any(String), outcome: 'done', code: null, message: null },
      {
        id: held,
        name: expect.any(String),
        outcome: 'refused',
        code: 'ORGANIZATION_HAS_LOCATIONS',
        message: expect.stringContaining('(Loja Boa Viagem)'),
      },
      { id: inactive, name: expect.any(String), outcome: 'unchanged', code: null, message: null },
      { id: 99_999_999, name: null, outcome: 'notFound', code: null, message: null },
    ]);
    expect(await isActive('organizations', plain)).toBe(false);
    expect(await isActive('organizations', held)).toBe(true);
  });

  it('says a refusal in the caller language, the same text the single command answers', async () => {
    const held = await organization();
    await location(held, 'Loja Casa Forte');
    const single = await call('DELETE', `/api/organizations/${held}`, undefined, 'es-ES');
    const bulk = await call(
      'POST',
      '/api/organizations/bulk',
      { action: 'deactivate', ids: [held] },
      'es-ES',
    );
    expect(bulk.json().results[0].message).toBe(single.json().message);
  });

  it('records every row it changed under the action id, as bulkDeactivateLocation', async () => {
    const owner = await organization();
    const ids = [await location(owner, 'Loja Um'), await location(owner, 'Loja Dois')];
    const actionId = '7c9e6679-7425-40de-944e-e07fc1f90ae7';
    const response = await call('POST', '/api/locations/bulk', { action: 'deactivate', ids, actionId });
    expect(response.json().actionId).toBe(actionId);
    const events = await session.ctx.query<{ action: string; record_id: string }>(
      sql`select action, record_id from audit_events where request_id = ${actionId} order by record_id`,
    );
    expect(events).toEqual(ids.map((id) => ({ action: 'bulkDeactivateLocation', record_id: String(id) })));
  });

  it('reactivates a chunk at once, refusing a row as its single command does, one event per row', async () => {
    const owner = await organization();
    const closed = await organization();
    const ids = [await location(owner, 'Loja Três'), await location(owner, 'Loja Quatro')];
    const orphan = await location(closed, 'Loja Fechada');
    await session.ctx.query(
      sql`update locations set deleted_at = now() where id in (${ids[0]}, ${ids[1]}, ${orphan})`,
    );
    await session.ctx.query(sql`update organizations set deleted_at = now() where id = ${closed}`);
    const single = await call('PUT', `/api/locations/activate/${orphan}`, undefined, 'en-US');
    const actionId = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const response = await call(
      'POST',
      '/api/locations/bulk',
      { action: 'activate', ids: [...ids, orphan], actionId },
      'en-US',
    );
    expect(response.json().results.map((result: { outcome: string }) => result.outcome)).toEqual([
      'done',
      'done',
      'refused',
    ]);
    expect(response.json().results[2]).toMatchObject({
      code: single.json().code,
      message: single.json().message,
    });
    const events = await session.ctx.query<{ record_id: string }>(
      sql`select record_id from audit_events where request_id = ${actionId} order by record_id`,
    );
    expect(events).toEqual(ids.map((id) => ({ record_id: String(id) })));
  });

  it('reactivates, and deletes for good only what the single command would', async () => {
    const inactive = await organization({ isActive: false });
    const active = await organization();
    const activated = await call('POST', '/api/organizations/bulk', { action: 'activate', ids: [inactive] });
    expect(activated.json().results[0].outcome).toBe('done');
    const deleted = await call('POST', '/api/organizations/bulk', { action: 'delete', ids: [active] });
    expect(deleted.json().results[0]).toMatchObject({ outcome: 'refused', code: 'RECORD_ACTIVE' });
    expect(await isActive('organizations', active)).toBe(true);
  });

  it('deletes a chunk for good at once: each row asked its rule, one event per row under the action id', async () => {
    const gone = [await organization({ isActive: false }), await organization({ isActive: false })];
    const active = await organization();
    const held = await organization();
    await location(held, 'Loja Guardada');
    await session.ctx.query(sql`update organizations set deleted_at = now() where id = ${held}`);
    const actionId = '3b241101-e2bb-4255-8caf-4136c566a962';
    const response = await call(
      'POST',
      '/api/organizations/bulk',
      { action: 'delete', ids: [...gone, active, held], actionId },
      'en-US',
    );
    expect(
      response
        .json()
        .results.map((result: { outcome: string; code: string | null }) => [result.outcome, result.code]),
    ).toEqual([
      ['done', null],
      ['done', null],
      ['refused', 'RECORD_ACTIVE'],
      ['refused', 'ORGANIZATION_HAS_LOCATIONS'],
    ]);
    expect(response.json().results[3].message).toContain('(Loja Guardada)');
    const left = await session.ctx.query<{ id: number }>(
      sql`select id from organizations where id in (${gone[0]}, ${gone[1]}, ${active}, ${held}) order by id`,
    );
    expect(left.map((row) => Number(row.id))).toEqual([active, held]);
    const events = await session.ctx.query<{ action: string; record_id: string }>(
      sql`select action, record_id from audit_events where request_id = ${actionId} order by record_id`,
    );
    expect(events).toEqual(
      [...gone]
        .sort((a, b) => a - b)
        .map((id) => ({ action: 'bulkDeleteOrganization', record_id: String(id) })),
    );
  });

  it('refuses an action the resource does not take, and more ids than a chunk, with a 400', async () => {
    const id = await organization();
    const move = await call('POST', '/api/organizations/bulk', { action: 'move', ids: [id] }, 'en-US');
    expect(move.statusCode).toBe(400);
    expect(move.json().fields).toEqual([
      { path: 'action', message: 'This action does not apply to these records.' },
    ]);
    const ids = Array.from({ length: BULK_CHUNK_SIZE + 1 }, (_, index) => index + 1);
    const many = await call('POST', '/api/organizations/bulk', { action: 'deactivate', ids });
    expect(many.statusCode).toBe(400);
  });
});

describe('bulk actions by role', () => {
  async function tokenOf(options: {
    profile?: string;
    member?: 'manager' | 'viewer';
    organizationId?: number;
  }) {
    const { ctx } = session;
    const account = options.member
      ? await ctx.createMember({ role: options.member, organizationId: options.organizationId })
      : await ctx.createAccount({ profile: options.profile });
    return (await ctx.signIn(account.email, account.password)).token;
  }
  const post = (token: string, url: string, payload: object) =>
    session.ctx.app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${token}` } });

  it('lets ADMIN and staff act; a member Manager or Viewer is refused as a whole, changing nothing', async () => {
    const owner = await organization();
    const target = await location(owner, 'Loja Alvo');
    for (const member of ['manager', 'viewer'] as const) {
      const token = await tokenOf({ member, organizationId: owner });
      const response = await post(token, '/api/locations/bulk', { action: 'deactivate', ids: [target] });
      expect(response.statusCode).toBe(403);
      expect(await isActive('locations', target)).toBe(true);
    }
    const admin = await tokenOf({ profile: 'ADMIN' });
    const response = await post(admin, '/api/locations/bulk', { action: 'deactivate', ids: [target] });
    expect(response.json().results[0].outcome).toBe('done');
  });

  it('answers another organisation’s ids as notFound to a member, as unknown ones', async () => {
    const mine = await organization();
    const theirs = await organization();
    const { ctx } = session;
    const service = createOrganizationsService(new OrganizationsRepository(ctx.db));
    const declaration = kitBulkDeclaration({ recordType: 'organization', service });
    const scope = { kind: 'member', organizationId: mine, role: 'manager', locationIds: null } as const;
    const { results } = await runBulkAction(
      declaration,
      { action: 'deactivate', ids: [theirs, mine] },
      { scope, language: 'pt-BR', account: { id: 0 } as never },
    );
    expect(results.map((result) => [result.id, result.outcome, result.name])).toEqual([
      [theirs, 'notFound', null],
      [mine, 'done', expect.any(String)],
    ]);
    expect(await isActive('organizations', theirs)).toBe(true);
  });

  it('gives a member the ids of their own organisation only', async () => {
    const mine = await organization();
    const theirs = await organization();
    const ours = [await location(mine, 'Loja Nossa A'), await location(mine, 'Loja Nossa B')];
    await location(theirs, 'Loja Deles');
    const token = await tokenOf({ member: 'viewer', organizationId: mine });
    const response = await post(token, '/api/locations/bulk/ids', {});
    expect(response.statusCode, response.body).toBe(200);
    expect([...response.json().ids].sort()).toEqual([...ours].sort());
  });
});

describe('POST /api/<path>/bulk/ids', () => {
  it('answers the ids the list shows for the filter, as many as its total', async () => {
    const owner = await organization();
    for (const name of ['Filtro Norte', 'Filtro Sul', 'Outra Loja']) await location(owner, name);
    const filter = { search: 'filtro', isActive: 'true', organizationId: String(owner) };
    const list = await call('GET', `/api/locations?${new URLSearchParams(filter)}&perPage=50`);
    const response = await call('POST', '/api/locations/bulk/ids', filter);
    expect(response.statusCode, response.body).toBe(200);
    const { ids, total } = response.json();
    expect(total).toBe(list.json().total);
    expect(total).toBe(2);
    expect(ids).toEqual(list.json().data.map((row: { locationId: number }) => row.locationId));
  });

  it('refuses a filter matching more than the bound with a localized 400', async () => {
    await session.ctx.query(sql`insert into categories (name)
      select 'Bulk categoria ' || n from generate_series(1, 10001) n`);
    const response = await call('POST', '/api/categories/bulk/ids', { search: 'bulk categoria' }, 'en-US');
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[0].message).toContain('More than 10,000 records match the filter');
    // Ten thousand rows written first: longer than a test's default on a busy machine.
  }, 180_000);
});
