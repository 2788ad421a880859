import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { locations, organizations } from '../../db/schema/index.ts';
import { kitListColumns, kitSorts } from './kit-list.ts';

describe('kitSorts', () => {
  it("names each field's sort twice, the API's '<Type>.<Field>' first, the row's id as '<Type>.Id'", () => {
    const sorts = kitSorts('Organization', {
      name: organizations.searchName,
      legalName: organizations.legalName,
      organizationId: organizations.id,
    });
    expect(Object.entries(sorts)).toEqual([
      ['Organization.Name', organizations.searchName],
      ['name', organizations.searchName],
      ['Organization.LegalName', organizations.legalName],
      ['legalName', organizations.legalName],
      ['Organization.Id', organizations.id],
      ['organizationId', organizations.id],
    ]);
  });

  it("takes another record's API name where it is given, and an expression as a column", () => {
    const deviceCount = sql`(select 1)`;
    expect(
      Object.entries(
        kitSorts('Location', {
          organization: { column: locations.searchOrganization, as: 'Organization.Name' },
          devices: deviceCount,
        }),
      ),
    ).toEqual([
      ['Organization.Name', locations.searchOrganization],
      ['organization', locations.searchOrganization],
      ['Location.Devices', deviceCount],
      ['devices', deviceCount],
    ]);
  });
});

describe('kitListColumns', () => {
  it("reads the id, the dates, each declared field's column and an address's five", () => {
    const columns = kitListColumns(locations, { kinds: { name: 'name', address: 'address', note: 'note' } });
    expect(columns).toEqual({
      id: locations.id,
      createdAt: locations.createdAt,
      updatedAt: locations.updatedAt,
      deletedAt: locations.deletedAt,
      name: locations.name,
      zipcode: locations.zipcode,
      street: locations.street,
      city: locations.city,
      state: locations.state,
      country: locations.country,
      note: locations.note,
    });
  });

  it('names a field its table has no column for', () => {
    // @ts-expect-error: a location has no CNPJ.
    kitListColumns(locations, { kinds: { name: 'name', cnpj: 'cnpj' } });
    expect(kitListColumns(organizations, { kinds: { contactEmail: 'email' } })).toMatchObject({
      contactEmail: organizations.contactEmail,
    });
  });
});
