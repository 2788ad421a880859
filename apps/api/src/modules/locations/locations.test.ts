import { LOCATION_KIT_FIELDS } from '@scentia/shared/locations.schemas';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { nextCnpj } from '../../../test/cnpjs.ts';
import { describeKitFieldRules } from '../../../test/kit-field-rules.ts';
import { describeKitList } from '../../../test/kit-list-rules.ts';
import { expectStaleSaveRefused, staffSession } from '../../../test/resource-tests.ts';

const session = staffSession();
const { call } = session;

let sequence = 0;

async function createOrganization(name = `Rede ${++sequence}`): Promise<number> {
  const response = await call('POST', '/api/organizations', {
    name,
    legalName: `${name} Ltda`,
    cnpj: nextCnpj(),
    address: { country: 'BR', city: 'Recife' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().organizationId;
}

const body = (organizationId: number, overrides: Record<string, unknown> = {}) => ({
  organizationId,
  name: `Loja ${++sequence}`,
  address: {
    country: 'BR',
    zipcode: '69005-040',
    street: 'Av. Eduardo Ribeiro, 520',
    city: 'Manaus',
    state: 'AM',
  },
  timeZone: 'America/Manaus',
  note: null,
  ...overrides,
});

async function createLocation(organizationId: number, overrides: Record<string, unknown> = {}) {
  const response = await call('POST', '/api/locations', body(organizationId, overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { locationId: number; name: string; updatedAt: string };
}

const ids = (page: { data: { locationId: number }[] }) => page.data.map((row) => row.locationId);

describeKitFieldRules(
  session,
  {
    path: '/api/locations',
    table: 'locations',
    body: async (overrides) => body(await createOrganization(), overrides),
  },
  LOCATION_KIT_FIELDS,
);

describeKitList(session, {
  path: '/api/locations',
  fileName: 'locations',
  create: async (overrides) => createLocation(await createOrganization(), overrides),
  fields: {},
});

describe('POST /api/locations', () => {
  it('creates a location under an active organisation, with its organisation named', async () => {
    const organizationId = await createOrganization('Aromas Amazônia');
    const response = await call('POST', '/api/locations', body(organizationId, { name: 'Loja Ponta Negra' }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      locationId: expect.any(Number),
      organizationId,
      organization: { name: 'Aromas Amazônia', ativo: true },
      name: 'Loja Ponta Negra',
      address: { city: 'Manaus', zipcode: '69005-040', country: 'BR' },
      timeZone: 'America/Manaus',
      ativo: true,
    });
  });

  it('takes America/Sao_Paulo when no time zone is given', async () => {
    const { timeZone, ...withoutZone } = body(await createOrganization());
    const response = await call('POST', '/api/locations', withoutZone);
    expect(response.json().timeZone).toBe('America/Sao_Paulo');
  });

  it.each([
    ['an unknown time zone', { timeZone: 'America/Atlantis' }, 'timeZone'],
    ['a time zone that is not a zone', { timeZone: 'GMT-3' }, 'timeZone'],
    ['no city', { address: { country: 'BR', zipcode: '69005-040' } }, 'address.city'],
    ['an invalid CEP', { address: { country: 'BR', zipcode: '6900', city: 'Manaus' } }, 'address.zipcode'],
    ['an organisation id of text', { organizationId: 'abc' }, 'organizationId'],
  ])('refuses %s with a 400 naming the field, and writes nothing', async (_, overrides, path) => {
    const organizationId = await createOrganization();
    const before = await session.ctx.countRows('locations');
    const response = await call('POST', '/api/locations', body(organizationId, overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.map((field: { path: string }) => field.path)).toContain(path);
    expect(await session.ctx.countRows('locations')).toBe(before);
  });

  it('refuses an inactive or unknown organisation with a 400 on organizationId', async () => {
    const inactive = await createOrganization();
    await call('DELETE', `/api/organizations/${inactive}`);
    for (const organizationId of [inactive, 2_000_000_000]) {
      const response = await call('POST', '/api/locations', body(organizationId), 'en-US');
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual([
        { path: 'organizationId', message: 'Choose an active organisation.' },
      ]);
    }
  });

  it('keeps a name unique within its organisation (ignoring case and accents), not across them', async () => {
    const first = await createOrganization();
    const second = await createOrganization();
    await createLocation(first, { name: 'Quiosque Shopping Recife' });
    const clash = await call('POST', '/api/locations', body(first, { name: 'QUIOSQUE shopping recife' }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().code).toBe('NAME_TAKEN');
    await createLocation(second, { name: 'Quiosque Shopping Recife' });
  });
});

describe('PUT /api/locations/{id}', () => {
  it('moves a location to another active organisation, not to an inactive one', async () => {
    const from = await createOrganization();
    const to = await createOrganization('Destino Aromas');
    const { locationId } = await createLocation(from);
    const moved = await call('PUT', `/api/locations/${locationId}`, body(to, { name: 'Loja Movida' }));
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ organizationId: to, organization: { name: 'Destino Aromas' } });
    const closed = await createOrganization();
    await call('DELETE', `/api/organizations/${closed}`);
    const refused = await call('PUT', `/api/locations/${locationId}`, body(closed));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields[0].path).toBe('organizationId');
  });

  it('refuses a name another location of the organisation has', async () => {
    const organizationId = await createOrganization();
    await createLocation(organizationId, { name: 'Loja Norte' });
    const { locationId } = await createLocation(organizationId);
    const response = await call(
      'PUT',
      `/api/locations/${locationId}`,
      body(organizationId, { name: 'loja norte' }),
    );
    expect(response.json().code).toBe('NAME_TAKEN');
  });

  it('edits only an active location (409 RECORD_INACTIVE)', async () => {
    const organizationId = await createOrganization();
    const { locationId } = await createLocation(organizationId);
    await call('DELETE', `/api/locations/${locationId}`);
    expect((await call('PUT', `/api/locations/${locationId}`, body(organizationId))).json().code).toBe(
      'RECORD_INACTIVE',
    );
  });

  it('refuses a save based on an older version with 409, changing nothing', async () => {
    const organizationId = await createOrganization();
    const { locationId, updatedAt } = await createLocation(organizationId);
    const saves: [object, object] = [
      body(organizationId, { name: 'Loja Versão Um' }),
      body(organizationId, { name: 'Loja Versão Dois' }),
    ];
    await expectStaleSaveRefused(call, `/api/locations/${locationId}`, saves, updatedAt);
  });
});

describe('location rules (shared locations.rules.ts)', () => {
  it('is deactivated, then reactivated while its organisation is active', async () => {
    const { locationId } = await createLocation(await createOrganization());
    expect((await call('DELETE', `/api/locations/${locationId}`)).statusCode).toBe(204);
    const activated = await call('PUT', `/api/locations/activate/${locationId}`);
    expect(activated.statusCode).toBe(200);
    expect(activated.json().ativo).toBe(true);
  });

  it('is not reactivated while its organisation is inactive (409 ORGANIZATION_INACTIVE)', async () => {
    const organizationId = await createOrganization();
    const { locationId } = await createLocation(organizationId);
    await call('DELETE', `/api/locations/${locationId}`);
    expect((await call('DELETE', `/api/organizations/${organizationId}`)).statusCode).toBe(204);
    const response = await call('PUT', `/api/locations/activate/${locationId}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('ORGANIZATION_INACTIVE');
    expect((await call('GET', `/api/locations/${locationId}`)).json()).toMatchObject({
      ativo: false,
      organization: { ativo: false },
    });
  });

  it('is deleted for good only when inactive', async () => {
    const organizationId = await createOrganization();
    const { locationId } = await createLocation(organizationId);
    expect((await call('DELETE', `/api/locations/${locationId}?hardDelete=true`)).json().code).toBe(
      'RECORD_ACTIVE',
    );
    await call('DELETE', `/api/locations/${locationId}`);
    expect((await call('DELETE', `/api/locations/${locationId}?hardDelete=true`)).statusCode).toBe(204);
    expect((await call('GET', `/api/locations/${locationId}`)).statusCode).toBe(404);
    // Its organisation, without locations now, may go for good too.
    await call('DELETE', `/api/organizations/${organizationId}`);
    expect((await call('DELETE', `/api/organizations/${organizationId}?hardDelete=true`)).statusCode).toBe(
      204,
    );
  });
});

describe('GET /api/locations and friends', () => {
  it('lists one organisation’s locations with organizationId, in the export too', async () => {
    const organizationId = await createOrganization();
    const other = await createOrganization();
    const mine = [await createLocation(organizationId), await createLocation(organizationId)];
    await createLocation(other);
    const page = (
      await call('GET', `/api/locations?organizationId=${organizationId}&orderBy=name&orderByDirection=asc`)
    ).json();
    expect(page.total).toBe(2);
    expect(ids(page).sort()).toEqual(mine.map((row) => row.locationId).sort());
    const response = await call(
      'GET',
      `/api/locations/export?organizationId=${organizationId}`,
      undefined,
      'en-US',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('No sheet in the export');
    expect(sheet.rowCount).toBe(3);
    expect((sheet.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['ID', 'Name', 'Organization']);
    expect(response.headers['content-disposition']).toMatch(/filename="locations-\d{4}-\d{2}-\d{2}\.xlsx"/);
    expect((await call('GET', '/api/locations?organizationId=abc')).statusCode).toBe(400);
    expect((await call('GET', '/api/locations?organizationId=0')).statusCode).toBe(400);
  });

  it('counts the whole list without a filter as it does with one', async () => {
    const all = (await call('GET', '/api/locations')).json().total;
    const [row] = await session.ctx.query<{ total: number }>(
      sql`select count(*)::int as total from locations`,
    );
    expect(all).toBe(row?.total);
  });

  it('searches by name, city and organisation name, and follows a rename of the organisation', async () => {
    const organizationId = await createOrganization('Casa Antiga Perfumes');
    const { locationId } = await createLocation(organizationId, {
      name: 'Loja Boa Vista',
      address: { country: 'BR', city: 'Boa Vista', state: 'RR' },
      timeZone: 'America/Boa_Vista',
    });
    for (const search of ['loja boa', 'boa vista', 'antiga perfumes', 'casa vista']) {
      expect(
        ids((await call('GET', `/api/locations?search=${encodeURIComponent(search)}`)).json()),
        search,
      ).toEqual([locationId]);
    }
    await call('PUT', `/api/organizations/${organizationId}`, {
      name: 'Casa Nova Perfumes',
      legalName: 'Casa Nova Ltda',
      cnpj: nextCnpj(),
      address: { country: 'BR', city: 'Recife' },
    });
    expect(ids((await call('GET', '/api/locations?search=nova+perfumes')).json())).toEqual([locationId]);
    expect((await call('GET', '/api/locations?search=antiga+perfumes')).json().total).toBe(0);
    expect((await call('GET', `/api/locations/${locationId}`)).json().organization.name).toBe(
      'Casa Nova Perfumes',
    );
  });

  it.each([
    ['name', sql`l.search_name`],
    ['Location.Name', sql`l.search_name`],
    ['organization', sql`l.search_organization`],
    ['Organization.Name', sql`l.search_organization`],
    ['city', sql`l.city`],
    ['updatedAt', sql`l.updated_at`],
  ])('sorts by %s both ways, as the database orders the column', async (orderBy, column) => {
    await createLocation(await createOrganization(`Zeta Aromas ${++sequence}`), {
      address: { country: 'BR', city: 'Cuiabá' },
    });
    await createLocation(await createOrganization(`Alfa Aromas ${++sequence}`), {
      address: { country: 'BR', city: 'Belém' },
    });
    for (const direction of ['asc', 'desc']) {
      const way = sql.raw(direction);
      const expected = await session.ctx.query<{ id: number }>(
        sql`select l.id from locations l order by ${column} ${way}, l.id ${way} limit 50`,
      );
      const page = (
        await call('GET', `/api/locations?orderBy=${orderBy}&orderByDirection=${direction}&perPage=50`)
      ).json();
      expect(ids(page)).toEqual(expected.map((row) => row.id));
    }
  });

  it('quick-searches active locations, of one organisation with organizationId', async () => {
    const organizationId = await createOrganization();
    const other = await createOrganization();
    const kept = await createLocation(organizationId, { name: 'Quiosque Aeroporto' });
    const closed = await createLocation(organizationId, { name: 'Quiosque Aeroporto Fechado' });
    await createLocation(other, { name: 'Quiosque Aeroporto Sul' });
    await call('DELETE', `/api/locations/${closed.locationId}`);
    const found = (
      await call('GET', `/api/locations/quick-search?str=quiosque+aeroporto&organizationId=${organizationId}`)
    ).json();
    expect(found).toEqual([{ locationId: kept.locationId, name: 'Quiosque Aeroporto', organizationId }]);
    expect((await call('GET', '/api/locations/quick-search?str=quiosque+aeroporto')).json()).toHaveLength(2);
    expect((await call('GET', '/api/locations/quick-search?organizationId=x')).statusCode).toBe(400);
  });
});
