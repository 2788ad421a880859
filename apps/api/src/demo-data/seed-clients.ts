import { locationBodySchema } from '@scentia/shared/locations.schemas';
import { organizationBodySchema } from '@scentia/shared/organizations.schemas';
import { inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { organizations } from '../db/schema/index.ts';
import { AppError } from '../lib/app-error.ts';
import { LocationsRepository } from '../modules/locations/locations.repository.ts';
import { createLocationsService } from '../modules/locations/locations.service.ts';
import { OrganizationsRepository } from '../modules/organizations/organizations.repository.ts';
import { createOrganizationsService } from '../modules/organizations/organizations.service.ts';
import { DEMO_CLIENTS } from './clients.ts';

/**
 * The demo's client organisations and their locations, through the services (so their rules apply and
 * the trail names the demonstration loader). Idempotent: an organisation whose CNPJ exists is kept as
 * it is, and a location whose name its organisation has already (409 NAME_TAKEN) is skipped.
 */
export async function seedDemoClients(db: Database) {
  const organizationsService = createOrganizationsService(new OrganizationsRepository(db));
  const locationsService = createLocationsService(new LocationsRepository(db));
  const bodies = DEMO_CLIENTS.map((client) => organizationBodySchema.parse(client.organization));
  const existing = await db
    .select({ id: organizations.id, cnpj: organizations.cnpj })
    .from(organizations)
    .where(
      inArray(
        organizations.cnpj,
        bodies.map((body) => body.cnpj),
      ),
    );
  let organizationsAdded = 0;
  let locationsAdded = 0;
  for (const [index, client] of DEMO_CLIENTS.entries()) {
    const body = bodies[index] as (typeof bodies)[number];
    let organizationId = existing.find((row) => row.cnpj === body.cnpj)?.id;
    if (organizationId === undefined) {
      organizationId = (await organizationsService.create(body)).organizationId;
      organizationsAdded += 1;
    }
    for (const location of client.locations) {
      try {
        await locationsService.create(locationBodySchema.parse({ ...location, organizationId }));
        locationsAdded += 1;
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'NAME_TAKEN')) throw error;
      }
    }
  }
  return { organizationsAdded, locationsAdded };
}
