import { formatCnpj } from '@scentia/shared/br-documents';
import { describe, expect, it } from 'vitest';
import type { staffSession } from './resource-tests.ts';
import { firstSheetOf } from './xlsx.ts';

type KitListResource = {
  /** The resource's path, `/api/organizations`. */
  path: string;
  /** The export's file name before its date (`organizations`). */
  fileName: string;
  /** Creates a record through the API with these fields over a valid body; answers its row. */
  create: (overrides: Record<string, unknown>) => Promise<Record<string, unknown>>;
  /** Where the row holds the kit's fields the export masks (`cnpj`, `phone`), if it has them. */
  fields: { cnpj?: string; phone?: string };
};

/**
 * What every kit list answers alike, asked once of a resource: closed to a USER (403), and its export
 * named `<fileName>-<date>.xlsx`, the found row with its CNPJ and phone masked as typed. The
 * resource's own test keeps what is its own (the export's header).
 */
export function describeKitList(session: ReturnType<typeof staffSession>, resource: KitListResource) {
  describe(`the kit's list of ${resource.path}`, () => {
    it('is closed to USER profiles', async () => {
      const user = await session.ctx.createAccount({ profile: 'USER' });
      const userToken = (await session.ctx.signIn(user.email, user.password)).token;
      const response = await session.ctx.app.inject({
        method: 'GET',
        url: resource.path,
        headers: { authorization: `Bearer ${userToken}` },
      });
      expect(response.statusCode).toBe(403);
    });

    it('exports the found rows as a spreadsheet, the CNPJ and phone masked', async () => {
      const { cnpj: cnpjField, phone: phoneField } = resource.fields;
      const row = await resource.create({
        name: 'Zimbro do Kit',
        ...(phoneField && { [phoneField]: '(11) 91234-5678' }),
      });
      const response = await session.call('GET', `${resource.path}/export?search=zimbro`, undefined, 'en-US');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toMatch(
        new RegExp(`filename="${resource.fileName}-\\d{4}-\\d{2}-\\d{2}\\.xlsx"`),
      );
      const { rows } = await firstSheetOf(response);
      expect(rows).toHaveLength(1);
      const [exported = []] = rows;
      expect(exported).toContain('Zimbro do Kit');
      if (cnpjField) expect(exported).toContain(formatCnpj(String(row[cnpjField])));
      if (phoneField) expect(exported).toContain('(11) 91234-5678');
    });
  });
}
