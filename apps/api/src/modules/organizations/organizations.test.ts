import { formatCnpj } from '@scentia/shared/br-documents';
import { ORGANIZATION_KIT_FIELDS } from '@scentia/shared/organizations.schemas';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { nextCnpj } from '../../../test/cnpjs.ts';
import { describeKitFieldRules } from '../../../test/kit-field-rules.ts';
import { describeKitList } from '../../../test/kit-list-rules.ts';
import { expectStaleSaveRefused, staffSession } from '../../../test/resource-tests.ts';
import { firstSheetOf } from '../../../test/xlsx.ts';
import { cnpjSearchWord } from '../../lib/search-text.ts';

const session = staffSession();
const { call } = session;

let sequence = 0;

function body(overrides: Record<string, unknown> = {}) {
  return {
    name: `Perfumaria ${++sequence}`,
    legalName: `Perfumaria ${sequence} Comércio Ltda`,
    cnpj: nextCnpj(),
    contactName: 'Ana Souza',
    contactEmail: 'ana@perfumaria.com.br',
    phone: '(11) 91234-5678',
    address: {
      country: 'BR',
      zipcode: '01310-100',
      street: 'Av. Paulista, 1000',
      city: 'São Paulo',
      state: 'SP',
    },
    note: null,
    ...overrides,
  };
}

async function createOrganization(overrides: Record<string, unknown> = {}) {
  const response = await call('POST', '/api/organizations', body(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { organizationId: number; name: string; cnpj: string; updatedAt: string };
}

/** Location rows of the organisation, written directly: the locations API has tests of its own. */
async function addLocations(organizationId: number, names: string[], isActive = true) {
  for (const name of names) {
    await session.ctx.query(sql`insert into locations (organization_id, name, city, deleted_at)
      values (${organizationId}, ${name}, 'Recife', ${isActive ? null : new Date()})`);
  }
}

describeKitFieldRules(
  session,
  { path: '/api/organizations', table: 'organizations', body },
  ORGANIZATION_KIT_FIELDS,
);

describeKitList(session, {
  path: '/api/organizations',
  fileName: 'organizations',
  create: createOrganization,
  fields: { cnpj: 'cnpj', phone: 'phone' },
});

describe('POST /api/organizations', () => {
  it('creates an organisation, its CNPJ and phone kept without their masks', async () => {
    const cnpj = nextCnpj();
    const response = await call('POST', '/api/organizations', body({ cnpj: formatCnpj(cnpj) }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      organizationId: expect.any(Number),
      cnpj,
      phone: '11912345678',
      address: { country: 'BR', city: 'São Paulo', zipcode: '01310-100' },
      activeLocationCount: 0,
      locationCount: 0,
      ativo: true,
      deletedAt: null,
    });
  });

  it('refuses a name taken by another organisation, ignoring case and accents (409 NAME_TAKEN)', async () => {
    await createOrganization({ name: 'Essência Paulista' });
    const response = await call('POST', '/api/organizations', body({ name: 'ESSENCIA paulista' }), 'en-US');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'NAME_TAKEN' });
  });

  it('refuses a CNPJ taken by another organisation, masked or not (409 CNPJ_TAKEN)', async () => {
    const { cnpj } = await createOrganization();
    const response = await call('POST', '/api/organizations', body({ cnpj: formatCnpj(cnpj) }), 'es-ES');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'CNPJ_TAKEN',
      message: 'Ya existe un registro con este CNPJ.',
    });
  });
});

describe('PUT /api/organizations/{id}', () => {
  it('updates every field, and refuses another organisation’s CNPJ', async () => {
    const taken = await createOrganization();
    const { organizationId } = await createOrganization();
    const changed = body({ name: 'Aromas do Sertão', contactName: null, phone: null });
    const response = await call('PUT', `/api/organizations/${organizationId}`, changed);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Aromas do Sertão', contactName: null, phone: null });
    const clash = await call('PUT', `/api/organizations/${organizationId}`, { ...changed, cnpj: taken.cnpj });
    expect(clash.json().code).toBe('CNPJ_TAKEN');
  });

  it('edits only an active organisation (409 RECORD_INACTIVE)', async () => {
    const { organizationId } = await createOrganization();
    await call('DELETE', `/api/organizations/${organizationId}`);
    const response = await call('PUT', `/api/organizations/${organizationId}`, body());
    expect(response.json().code).toBe('RECORD_INACTIVE');
  });

  it('refuses a save based on an older version with 409, changing nothing', async () => {
    const { organizationId, updatedAt } = await createOrganization();
    const saves: [object, object] = [body({ name: 'Versão Um' }), body({ name: 'Versão Dois' })];
    await expectStaleSaveRefused(call, `/api/organizations/${organizationId}`, saves, updatedAt);
  });
});

describe('organisation rules (shared organizations.rules.ts), each a 409', () => {
  it('with active locations it is not deactivated, and the message names them', async () => {
    const { organizationId } = await createOrganization();
    await addLocations(organizationId, ['Loja Boa Viagem', 'Loja Casa Forte']);
    await addLocations(organizationId, ['Loja Fechada'], false);
    const response = await call('DELETE', `/api/organizations/${organizationId}`, undefined, 'en-US');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'ORGANIZATION_HAS_LOCATIONS',
      message: expect.stringContaining('(Loja Boa Viagem and Loja Casa Forte)'),
    });
    expect((await call('GET', `/api/organizations/${organizationId}`)).json()).toMatchObject({
      ativo: true,
      activeLocationCount: 2,
      locationCount: 3,
    });
  });

  it('names at most five active locations, then how many more, in each language', async () => {
    const { organizationId } = await createOrganization();
    await addLocations(
      organizationId,
      ['Loja G', 'Loja F', 'Loja E', 'Loja D', 'Loja C', 'Loja B', 'Loja A'].map((name) => name),
    );
    const message = async (language: string) =>
      (await call('DELETE', `/api/organizations/${organizationId}`, undefined, language)).json().message;
    expect(await message('en-US')).toContain('(Loja A, Loja B, Loja C, Loja D, Loja E, and 2 more)');
    expect(await message('pt-BR')).toContain('(Loja A, Loja B, Loja C, Loja D, Loja E e mais 2)');
    expect(await message('es-ES')).toContain('(Loja A, Loja B, Loja C, Loja D, Loja E y 2 más)');
  });

  it('without active locations it is deactivated and reactivated', async () => {
    const { organizationId } = await createOrganization();
    await addLocations(organizationId, ['Loja Desativada'], false);
    expect((await call('DELETE', `/api/organizations/${organizationId}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/organizations/${organizationId}`)).json().ativo).toBe(false);
    const activated = await call('PUT', `/api/organizations/activate/${organizationId}`);
    expect(activated.statusCode).toBe(200);
    expect(activated.json().ativo).toBe(true);
  });

  it('is deleted for good only when inactive', async () => {
    const { organizationId } = await createOrganization();
    const response = await call('DELETE', `/api/organizations/${organizationId}?hardDelete=true`);
    expect(response.json().code).toBe('RECORD_ACTIVE');
  });

  it('is not deleted for good while it has locations, and the message names them', async () => {
    const { organizationId } = await createOrganization();
    await addLocations(organizationId, ['Loja Inativa'], false);
    await call('DELETE', `/api/organizations/${organizationId}`);
    const response = await call(
      'DELETE',
      `/api/organizations/${organizationId}?hardDelete=true`,
      undefined,
      'en-US',
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'ORGANIZATION_HAS_LOCATIONS',
      message: expect.stringContaining('(Loja Inativa)'),
    });
    expect(
      await session.ctx.query(sql`select 1 from organizations where id = ${organizationId}`),
    ).toHaveLength(1);
  });

  it('is deleted for good when inactive and without locations', async () => {
    const { organizationId } = await createOrganization();
    await call('DELETE', `/api/organizations/${organizationId}`);
    expect((await call('DELETE', `/api/organizations/${organizationId}?hardDelete=true`)).statusCode).toBe(
      204,
    );
    expect((await call('GET', `/api/organizations/${organizationId}`)).statusCode).toBe(404);
  });
});

describe('GET /api/organizations and friends', () => {
  it.each([
    ['the masked start', (cnpj: string) => formatCnpj(cnpj).slice(0, 10)],
    ['a masked middle with the slash', (cnpj: string) => formatCnpj(cnpj).slice(3, 15)],
    ['the digits', (cnpj: string) => cnpj.slice(2, 12)],
  ])('finds an organisation by a piece of its CNPJ: %s', async (_, piece) => {
    const { organizationId, cnpj } = await createOrganization();
    const found = (await call('GET', `/api/organizations?search=${encodeURIComponent(piece(cnpj))}`)).json();
    expect(found.data.map((row: { organizationId: number }) => row.organizationId)).toEqual([organizationId]);
  });

  it('reads a CNPJ piece without its mask, and other words as typed', () => {
    expect(cnpjSearchWord('11.222.333')).toBe('11222333');
    expect(cnpjSearchWord('11222333/0001')).toBe('112223330001');
    expect(cnpjSearchWord('12.abc.345/01de-35')).toBe('12abc34501de35');
    expect(cnpjSearchWord('Guarda-Chuva')).toBe('Guarda-Chuva');
    expect(cnpjSearchWord('3.5')).toBe('35');
    expect(cnpjSearchWord('loja')).toBe('loja');
  });

  it('searches by name, legal name and city, without accents', async () => {
    const { organizationId } = await createOrganization({
      name: 'Olfato Nordeste',
      legalName: 'Olfato Distribuidora Pernambucana S.A.',
      address: { country: 'BR', city: 'Jaboatão dos Guararapes', state: 'PE' },
    });
    for (const search of ['olfato nordeste', 'pernambucana', 'jaboatao', 'guararapes olfato']) {
      const ids = (await call('GET', `/api/organizations?search=${encodeURIComponent(search)}`))
        .json()
        .data.map((row: { organizationId: number }) => row.organizationId);
      expect(ids, search).toEqual([organizationId]);
    }
  });

  it.each([
    ['name', sql`search_name`],
    ['Organization.Name', sql`search_name`],
    ['legalName', sql`legal_name`],
    ['Organization.City', sql`city`],
  ])('sorts by %s both ways, as the database orders the column', async (orderBy, column) => {
    await createOrganization({ legalName: 'Aaa Zéfiro Ltda', address: { country: 'BR', city: null } });
    for (const direction of ['asc', 'desc']) {
      const way = sql.raw(direction);
      const expected = await session.ctx.query<{ id: number }>(
        sql`select id from organizations order by ${column} ${way}, id ${way} limit 50`,
      );
      const rows = (
        await call('GET', `/api/organizations?orderBy=${orderBy}&orderByDirection=${direction}&perPage=50`)
      ).json().data as { organizationId: number }[];
      expect(rows.map((row) => row.organizationId)).toEqual(expected.map((row) => row.id));
    }
  });

  it('sorts by creation and update, and refuses an unknown sort', async () => {
    for (const orderBy of ['createdAt', 'updatedAt', 'Organization.CreatedAt']) {
      const rows = (await call('GET', `/api/organizations?orderBy=${orderBy}&orderByDirection=asc`)).json()
        .data;
      const key = orderBy.endsWith('updatedAt') ? 'updatedAt' : 'createdAt';
      const values = rows.map((row: Record<string, string>) => row[key]);
      expect(values).toEqual([...values].sort());
    }
    expect((await call('GET', '/api/organizations?orderBy=cnpj')).statusCode).toBe(400);
  });

  it('quick-searches active organisations only, 10 at most', async () => {
    const { organizationId } = await createOrganization({ name: 'Brisa Marinha Aromas' });
    expect((await call('GET', '/api/organizations/quick-search?str=brisa marinha')).json()).toEqual([
      { organizationId, name: 'Brisa Marinha Aromas' },
    ]);
    await call('DELETE', `/api/organizations/${organizationId}`);
    expect((await call('GET', '/api/organizations/quick-search?str=brisa marinha')).json()).toEqual([]);
    for (let index = 0; index < 11; index += 1) await createOrganization();
    expect((await call('GET', '/api/organizations/quick-search?str=')).json()).toHaveLength(10);
  });

  it("exports the list's own columns between the kit's", async () => {
    const { organizationId } = await createOrganization({ name: 'Exportada Aromas' });
    const response = await call('GET', '/api/organizations/export?search=exportada', undefined, 'en-US');
    const { header, rows } = await firstSheetOf(response);
    expect(header?.slice(0, 4)).toEqual(['ID', 'Name', 'Legal name', 'CNPJ']);
    expect(header?.slice(-3)).toEqual(['Active', 'Created at', 'Updated at']);
    expect(rows.map((row) => row.slice(0, 2))).toEqual([[organizationId, 'Exportada Aromas']]);
  });
});
