import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { testMacAddress } from './device-fixtures.ts';
import type { TestContext } from './test-app.ts';

async function insertedId(ctx: TestContext, statement: ReturnType<typeof sql>): Promise<number> {
  const [row] = await ctx.query<{ id: number }>(statement);
  if (!row) throw new Error('Nothing inserted');
  return Number(row.id);
}

/** A text no other row holds: an answer that contains it shows that site's rows. */
const markerOf = (label: string) => `${label}${randomBytes(4).toString('hex')}`;

/** What one location of a tenant holds: its device, that device's capsule, and their markers. */
export type TenantSite = {
  locationId: number;
  deviceId: number;
  capsuleId: number;
  alertId: number;
  initiativeId: number;
  /** Its location's name, its device's MAC (both spellings), its capsule's serial, its initiative's title. */
  markers: string[];
};

export type Tenant = {
  organizationId: number;
  /** The organisation's own texts (its name, contact e-mail, and its fragrance's and campaign's names). */
  markers: string[];
  /**
   * The campaign's name: the catalogue is the company's, not the organisation's, so the list of
   * campaigns a client may ask for shows it (and must show nothing else of the tenant's).
   */
  catalogueMarkers: string[];
  sites: TenantSite[];
};

/**
 * An organisation with `sites` locations, each with a device (seen, with shots counted and a shot
 * batch), a capsule in it (running low, with a forecast and an alert) and an initiative: every kind
 * of row a member's routes read, each carrying a marker text the tenant-isolation matrix looks for.
 */
export async function createTenant(ctx: TestContext, label: string, sites = 2): Promise<Tenant> {
  const name = markerOf(`Org${label}`);
  const email = `${markerOf('contact')}@tenant.test`;
  const organizationId = await insertedId(
    ctx,
    sql`insert into organizations (name, legal_name, cnpj, contact_name, contact_email)
      values (${name}, ${`${name} Ltda`}, ${String(40_000_000_000_000 + Math.floor(Math.random() * 1e12))},
        'Renata Souza', ${email}) returning id`,
  );
  const categoryId = await insertedId(
    ctx,
    sql`insert into categories (name) values (${markerOf('Cat')}) returning id`,
  );
  // Its own fragrance and campaign: their names in an answer mean its devices or shots were counted.
  const fragranceName = markerOf('Frag');
  const campaignName = markerOf('Camp');
  const fragranceId = await insertedId(
    ctx,
    sql`insert into fragrances (name, olfactory_way, category_id)
      values (${fragranceName}, 'Cítrico', ${categoryId}) returning id`,
  );
  const campaignId = await insertedId(
    ctx,
    sql`insert into campaigns (name) values (${campaignName}) returning id`,
  );
  await ctx.query(
    sql`insert into campaign_slots (campaign_id, slot, fragrance_id, shot_seconds) values (${campaignId}, 1, ${fragranceId}, 5)`,
  );
  const created: TenantSite[] = [];
  for (let index = 0; index < sites; index += 1) {
    created.push(await createSite(ctx, { organizationId, campaignId, fragranceId, label }));
  }
  return {
    organizationId,
    markers: [name, email, fragranceName, campaignName],
    catalogueMarkers: [campaignName],
    sites: created,
  };
}

async function createSite(
  ctx: TestContext,
  tenant: { organizationId: number; campaignId: number; fragranceId: number; label: string },
): Promise<TenantSite> {
  const { organizationId, campaignId, fragranceId } = tenant;
  const locationName = markerOf(`Loja${tenant.label}`);
  const locationId = await insertedId(
    ctx,
    sql`insert into locations (organization_id, name, city, country)
      values (${organizationId}, ${locationName}, 'Campinas', 'BR') returning id`,
  );
  const macAddress = testMacAddress();
  const deviceId = await insertedId(
    ctx,
    sql`insert into devices (mac_address, location_id, organization_id, campaign_id)
      values (${macAddress}, ${locationId}, ${organizationId}, ${campaignId}) returning id`,
  );
  await ctx.query(sql`insert into device_states (device_id, last_seen_at) values (${deviceId}, now())`);
  await ctx.query(sql`insert into shot_batches (device_id, sequence, shots) values (${deviceId}, 1, 40)`);
  // 40 shots in the current hour, in the hourly and the daily counts alike (as ingestion keeps them).
  await ctx.query(sql`insert into shot_counts_hourly (hour, location_id, campaign_id, fragrance_id, shots)
    values (date_trunc('hour', now()), ${locationId}, ${campaignId}, ${fragranceId}, 40)`);
  await ctx.query(sql`insert into shot_counts_daily (day, location_id, campaign_id, fragrance_id, shots)
    values ((now() at time zone 'UTC')::date, ${locationId}, ${campaignId}, ${fragranceId}, 40)`);
  const serialNumber = markerOf('CAP-');
  const capsuleId = await insertedId(
    ctx,
    sql`insert into capsules (serial_number, fragrance_id, size_shots, device_id, slot)
      values (${serialNumber}, ${fragranceId}, 1000, ${deviceId}, 1) returning id`,
  );
  await ctx.query(sql`insert into capsule_levels (capsule_id, remaining_shots) values (${capsuleId}, 30)`);
  await ctx.query(sql`insert into capsule_forecasts (capsule_id, runs_out_on, shots_per_hour, computed_at)
    values (${capsuleId}, current_date + 2, 5, now())`);
  const alertId = await insertedId(
    ctx,
    sql`insert into alerts (kind, severity, can_keep_running, device_id, capsule_id, location_id,
        organization_id, slot, fragrance_id, runs_out_on)
      values ('capsuleRunningOut', 'warning', true, ${deviceId}, ${capsuleId}, ${locationId},
        ${organizationId}, 1, ${fragranceId}, current_date + 2) returning id`,
  );
  const title = markerOf('Init');
  const initiativeId = await insertedId(
    ctx,
    sql`insert into initiatives (title, organization_id, campaign_id, starts_on, ends_on)
      values (${title}, ${organizationId}, ${campaignId}, current_date + 10, current_date + 20) returning id`,
  );
  await ctx.query(
    sql`insert into initiative_locations (initiative_id, location_id) values (${initiativeId}, ${locationId})`,
  );
  const spaced = macAddress.match(/../g)?.join(':') ?? macAddress;
  return {
    locationId,
    deviceId,
    capsuleId,
    alertId,
    initiativeId,
    markers: [locationName, macAddress, spaced, serialNumber, title],
  };
}
