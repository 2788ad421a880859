import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { LocationsRepository } from '../src/modules/locations/locations.repository.ts';
import { createLocationsService } from '../src/modules/locations/locations.service.ts';
import { OrganizationsRepository } from '../src/modules/organizations/organizations.repository.ts';
import { createOrganizationsService } from '../src/modules/organizations/organizations.service.ts';
import { nextCnpj } from './cnpjs.ts';
import { pause, signal } from './race-moments.ts';
import { meanwhileAfterFirstRead } from './resource-tests.ts';
import { createTestApp, type TestContext } from './test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

let sequence = 0;
const organizations = () => createOrganizationsService(new OrganizationsRepository(ctx.db));
const locations = (repository = new LocationsRepository(ctx.db)) => createLocationsService(repository);

async function createOrganization(): Promise<number> {
  const created = await organizations().create({
    name: `Corrida ${++sequence}`,
    legalName: 'Corrida Ltda',
    cnpj: nextCnpj(),
    contactName: null,
    contactEmail: null,
    phone: null,
    address: { country: 'BR', zipcode: null, street: null, city: 'Cuiabá', state: 'MT' },
    note: null,
  });
  return created.organizationId;
}

const locationBody = (organizationId: number) => ({
  organizationId,
  name: `Loja ${++sequence}`,
  address: { country: 'BR', zipcode: null, street: null, city: 'Cuiabá', state: 'MT' },
  timeZone: 'America/Cuiaba' as const,
  note: null,
});

const isActive = async (table: 'organizations' | 'locations', id: number) => {
  const [row] = await ctx.query<{ deleted_at: unknown }>(
    sql`select deleted_at from ${sql.identifier(table)} where id = ${id}`,
  );
  return row?.deleted_at === null;
};

describe('an organisation or a location changed between the rule’s check and the write', () => {
  it('an organisation stays active when a location arrived meanwhile (409 naming it)', async () => {
    const id = await createOrganization();
    const repository = new OrganizationsRepository(ctx.db);
    meanwhileAfterFirstRead(repository.reader, (organizationId) =>
      locations().create(locationBody(organizationId)),
    );
    const service = createOrganizationsService(repository);
    await expect(service.deactivate(id)).rejects.toMatchObject({ code: 'ORGANIZATION_HAS_LOCATIONS' });
    expect(await isActive('organizations', id)).toBe(true);
  });

  it('a location is not reactivated when its organisation was deactivated meanwhile', async () => {
    const organizationId = await createOrganization();
    const { locationId } = await locations().create(locationBody(organizationId));
    await locations().deactivate(locationId);
    const repository = new LocationsRepository(ctx.db);
    meanwhileAfterFirstRead(repository.reader, () => organizations().deactivate(organizationId));
    await expect(locations(repository).activate(locationId)).rejects.toMatchObject({
      code: 'ORGANIZATION_INACTIVE',
    });
    expect(await isActive('locations', locationId)).toBe(false);
  });
});

// Two connections at once: PGlite has one, so these run on PostgreSQL only (TEST_DATABASE_URL).
describe.skipIf(!process.env.TEST_DATABASE_URL)('a location and its organisation changed at once', () => {
  it('a deactivation waits for a location being created, then sees it (409)', async () => {
    const organizationId = await createOrganization();
    const inserted = signal();
    const released = signal();
    // The location's transaction stops after its insert, still holding its organisation.
    const repository = new LocationsRepository(ctx.db);
    repository.transaction = (work) =>
      ctx.db.transaction(async (tx) => {
        const inner = new LocationsRepository(tx as unknown as Database);
        const insert = inner.insert.bind(inner);
        inner.insert = async (values) => {
          const id = await insert(values);
          inserted.open();
          await released.opened;
          return id;
        };
        return work(inner);
      });
    const creating = locations(repository).create(locationBody(organizationId));
    await inserted.opened;
    const deactivating = organizations()
      .deactivate(organizationId)
      .then(
        () => 'deactivated',
        (error: { code?: string }) => error.code,
      );
    await pause(300);
    released.open();
    const created = await creating;
    expect(await deactivating).toBe('ORGANIZATION_HAS_LOCATIONS');
    expect(await isActive('organizations', organizationId)).toBe(true);
    expect(await isActive('locations', created.locationId)).toBe(true);
  });

  it('a location being created waits for its organisation’s deactivation, then is refused (400)', async () => {
    const organizationId = await createOrganization();
    const released = signal();
    const updated = signal();
    const deactivating = ctx.db.transaction(async (tx) => {
      await tx.execute(sql`update organizations set deleted_at = now() where id = ${organizationId}`);
      updated.open();
      await released.opened;
    });
    await updated.opened;
    const creating = locations()
      .create(locationBody(organizationId))
      .then(
        () => 'created',
        (error: { fields?: { path: string }[] }) => error.fields?.[0]?.path,
      );
    await pause(300);
    released.open();
    await deactivating;
    expect(await creating).toBe('organizationId');
    const [row] = await ctx.query<{ total: number }>(
      sql`select count(*)::int as total from locations where organization_id = ${organizationId}`,
    );
    expect(row?.total).toBe(0);
  });
});
