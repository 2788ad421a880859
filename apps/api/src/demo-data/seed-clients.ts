import { locationBodySchema } from '@scentia/shared/locations.schemas';
import { organizationBodySchema } from '@scentia/shared/organizations.schemas';
import { inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { organizations } from '../db/schema/index.ts';
import { seedRecords } from '../lib/resource-kit/seed-records.ts';
import { LocationsRepository } from '../modules/locations/locations.repository.ts';
import { createLocationsService } from '../modules/locations/locations.service.ts';
import { OrganizationsRepository } from '../modules/organizations/organizations.repository.ts';
import { createOrganizationsService } from '../modules/organizations/organizations.service.ts';
import { DEMO_CLIENTS } from './clients.ts';

/**
 * The demo's client organisations and their locations, through the services (so their rules apply and
 * the trail names the demonstration loader). Idempotent (`seedRecords`): an organisation whose CNPJ or
 * name exists is kept as it is, and a location whose name its organisation has already is skipped.
 */
export async function seedDemoClients(db: Database) {
  const organizationsService = createOrganizationsService(new OrganizationsRepository(db));
  const locationsService = createLocationsService(new LocationsRepository(db));
  const bodies = DEMO_CLIENTS.map((client) => organizationBodySchema.parse(client.organization));
  const organizationsAdded = await seedRecords(bodies, (body) => organizationsService.create(body));
  const stored = await db
    .select({ id: organizations.id, cnpj: organizations.cnpj })
    .from(organizations)
    .where(
      inArray(
        organizations.cnpj,
        bodies.map((body) => body.cnpj),
      ),
    );
  let locationsAdded = 0;
  for (const [index, client] of DEMO_CLIENTS.entries()) {
    const organizationId = stored.find((row) => row.cnpj === bodies[index]?.cnpj)?.id;
    // Another organisation holds its name: it was skipped, and its locations with it.
    if (organizationId === undefined) continue;
    const locations = client.locations.map((location) =>
      locationBodySchema.parse({ ...location, organizationId }),
    );
    locationsAdded += await seedRecords(locations, (body) => locationsService.create(body));
  }
  return { organizationsAdded, locationsAdded };
}
