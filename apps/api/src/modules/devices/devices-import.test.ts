import { formatCnpj } from '@scentia/shared/br-documents';
import type { ImportReport } from '@scentia/shared/record-import.schemas';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deviceGround, insertDevice } from '../../../test/device-fixtures.ts';
import { csvFile, importCall, xlsxFile } from '../../../test/import-files.ts';
import { staffSession } from '../../../test/resource-tests.ts';
import { firstSheetOf } from '../../../test/xlsx.ts';

const session = staffSession();

const upload = (bytes: Buffer, mode: 'check' | 'apply', language = 'pt-BR', fileName = 'import.csv') =>
  importCall(session, '/api/devices', bytes, mode, language, fileName);

const HEADER = ['macAddress', 'organizationCnpj', 'locationName', 'campaignName'];

/** A ground (organisation, location, campaign) with the names a file gives it. */
async function ground() {
  const found = await deviceGround(session.ctx);
  const [row] = await session.ctx.query<{ cnpj: string; location: string; campaign: string }>(
    sql`select o.cnpj, l.name as location, c.name as campaign from organizations o
        join locations l on l.id = ${found.locationId} join campaigns c on c.id = ${found.campaignId}
        where o.id = ${found.organizationId}`,
  );
  if (!row) throw new Error('No ground');
  return { ...found, ...row };
}

async function devicesSnapshot() {
  return session.ctx.query(
    sql`select mac_address, location_id, campaign_id, updated_at from devices order by mac_address`,
  );
}

const csv = (rows: string[][]) => Buffer.from(csvFile([HEADER, ...rows]));

describe('POST /api/devices/import', () => {
  it('reports each bad row with exactly its error, and writes nothing', async () => {
    const here = await ground();
    const there = await ground();
    const existing = await insertDevice(session.ctx, here);
    const file = csv([
      ['a2:bb:cc:dd:ee:10', formatCnpj(here.cnpj), here.location, here.campaign],
      ['zz:zz:zz', here.cnpj, here.location, here.campaign],
      ['a2:bb:cc:dd:ee:11', '11.222.333/0001-81', here.location, here.campaign],
      ['a2:bb:cc:dd:ee:12', here.cnpj, there.location, here.campaign],
      ['a2:bb:cc:dd:ee:13', here.cnpj, here.location, 'Campanha Nenhuma'],
      ['A2BBCCDDEE10', here.cnpj, here.location, here.campaign],
      [existing.macAddress.toLowerCase(), here.cnpj, here.location, there.campaign],
    ]);
    const before = await devicesSnapshot();
    for (const mode of ['check', 'apply'] as const) {
      const response = await upload(file, mode, 'en-US');
      expect(response.statusCode, response.body).toBe(200);
      const report = response.json() as ImportReport;
      expect(report.errors.map(({ row, column, code }) => ({ row, column, code }))).toEqual([
        { row: 3, column: 'macAddress', code: 'invalidMacAddress' },
        { row: 4, column: 'organizationCnpj', code: 'unknownReference' },
        { row: 5, column: 'locationName', code: 'unknownReference' },
        { row: 6, column: 'campaignName', code: 'unknownReference' },
        { row: 7, column: 'macAddress', code: 'duplicateInFile' },
      ]);
      expect(report.errors[2]).toMatchObject({
        columnLabel: 'Location',
        message: `Not found: ${there.location}.`,
      });
      expect(report).toMatchObject({
        mode,
        processed: 7,
        applied: false,
        counts: { insert: 1, update: 1, unchanged: 0, invalid: 5 },
      });
    }
    expect(await devicesSnapshot()).toEqual(before);
  });

  it('inserts and updates by MAC from an xlsx, one audited event per device, and the same file again changes nothing', async () => {
    const here = await ground();
    const other = await ground();
    await session.ctx.query(sql`update campaigns set is_default = (id = ${other.campaignId})`);
    const existing = await insertDevice(session.ctx, here);
    const file = await xlsxFile([
      ['MAC address', 'Organisation CNPJ', 'Location', 'Campaign'],
      ['A2-BB-CC-DD-EE-20', formatCnpj(here.cnpj), here.location.toUpperCase(), here.campaign],
      ['a2bb.ccdd.ee21', here.cnpj, here.location, ''],
      [existing.macAddress, here.cnpj, here.location, other.campaign],
    ]);
    const first = (await upload(file, 'apply', 'en-US', 'devices.xlsx')).json() as ImportReport;
    expect(first).toMatchObject({
      applied: true,
      errors: [],
      counts: { insert: 2, update: 1, unchanged: 0, invalid: 0 },
    });
    const rows = await session.ctx.query<{ id: number; mac_address: string; campaign_id: number }>(
      sql`select id, mac_address, campaign_id from devices
          where mac_address in ('A2BBCCDDEE20', 'A2BBCCDDEE21', ${existing.macAddress}) order by mac_address`,
    );
    expect(rows.map((row) => [row.mac_address, row.campaign_id])).toEqual(
      [
        ['A2BBCCDDEE20', here.campaignId],
        ['A2BBCCDDEE21', other.campaignId],
        [existing.macAddress, other.campaignId],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    const events = await session.ctx.query<{ action: string; record_id: string; changes: number }>(
      sql`select e.action, e.record_id, count(c.id)::int as changes
          from audit_events e join audit_changes c on c.event_id = e.id
          where e.request_id = ${first.id} group by e.id order by e.record_id`,
    );
    expect(events).toEqual(
      rows
        .map((row) => ({ action: 'importDevice', record_id: String(row.id), changes: 1 }))
        .sort((a, b) => a.record_id.localeCompare(b.record_id)),
    );

    const second = (await upload(file, 'apply', 'en-US', 'devices.xlsx')).json() as ImportReport;
    expect(second).toMatchObject({
      applied: true,
      counts: { insert: 0, update: 0, unchanged: 3, invalid: 0 },
    });
    const [again] = await session.ctx.query<{ count: number }>(
      sql`select count(*)::int as count from audit_events where request_id = ${second.id}`,
    );
    expect(again?.count).toBe(0);
  });

  it('makes a device equal to one the form creates: owner, search columns, counts and trail', async () => {
    const here = await ground();
    // The list's count (row_counts, kept by a trigger), as the list reads it.
    const total = async () => {
      const [row] = await session.ctx.query<{ total: number }>(
        sql`select coalesce(sum(total), 0)::int as total from row_counts where resource = 'devices' and is_active`,
      );
      return row?.total ?? 0;
    };
    const before = await total();
    const created = await session.call('POST', '/api/devices', {
      macAddress: 'a2:bb:cc:dd:ee:30',
      locationId: here.locationId,
      campaignId: here.campaignId,
    });
    expect(created.statusCode, created.body).toBe(201);
    const imported = (
      await upload(csv([['a2:bb:cc:dd:ee:31', here.cnpj, here.location, here.campaign]]), 'apply')
    ).json() as ImportReport;
    expect(imported.applied).toBe(true);
    expect(await total()).toBe(before + 2);

    const [form, file] = await session.ctx.query<Record<string, unknown>>(
      sql`select to_jsonb(d) - 'id' - 'mac_address' - 'created_at' - 'updated_at' - 'search_text' as row,
          replace(d.search_text, lower(d.mac_address), '') as search_text,
          (select c.after - 'id' - 'mac_address' from audit_changes c join audit_events e on e.id = c.event_id
            where c.table_name = 'devices' and e.record_id = d.id::text) as trail
          from devices d where d.mac_address in ('A2BBCCDDEE30', 'A2BBCCDDEE31') order by d.mac_address`,
    );
    expect(file).toEqual(form);
    expect(file?.row).toMatchObject({ organization_id: here.organizationId, location_id: here.locationId });
  });
});

describe('GET /api/devices/import/template', () => {
  it('answers the devices’ columns in the caller’s language', async () => {
    const response = await session.call('GET', '/api/devices/import/template', undefined, 'es-ES');
    expect(response.statusCode).toBe(200);
    const sheet = await firstSheetOf(response);
    expect(sheet.header).toEqual(['Dirección MAC', 'CNPJ de la organización', 'Local', 'Campaña']);
  });
});
