import { formatCnpj, withCnpjCheckDigits } from '@scentia/shared/br-documents';
import type { KitFieldKind } from '@scentia/shared/record-fields.schemas';
import { describe, expect, it } from 'vitest';
import type { staffSession } from './resource-tests.ts';

type Bad = [description: string, field: string, value: unknown];

/** Where a resource's body holds each of the kit's shared fields, read from its declaration's kinds. */
type KitFields = {
  name?: string;
  cnpj?: string;
  /** A CNPJ the record cannot go without (`cnpjSchema`, not `optionalCnpjSchema`). */
  isCnpjRequired?: boolean;
  email?: string;
  phone?: string;
  address?: string;
};

/** The first field of each kind a declaration (`kitFields`'s `kinds`) names. */
function fieldsOf(kinds: Record<string, KitFieldKind>): KitFields {
  const fieldOf = (...of: KitFieldKind[]) => Object.entries(kinds).find(([, kind]) => of.includes(kind))?.[0];
  return {
    name: fieldOf('name'),
    cnpj: fieldOf('cnpj', 'optionalCnpj'),
    isCnpjRequired: fieldOf('cnpj') !== undefined,
    email: fieldOf('email'),
    phone: fieldOf('phone'),
    address: fieldOf('address', 'optionalAddress'),
  };
}

/**
 * The kit's field rules, asked once of a resource's create route, for the fields its shared
 * declaration names (`ORGANIZATION_KIT_FIELDS`): each bad value is a 400 naming that field that writes
 * nothing; a masked CNPJ and phone are kept without their masks. `body(overrides)` is a valid body, new
 * each call (its name and CNPJ unused); `table` the resource's table.
 */
export function describeKitFieldRules(
  session: ReturnType<typeof staffSession>,
  resource: {
    path: string;
    table: string;
    body: (overrides?: Record<string, unknown>) => object | Promise<object>;
  },
  kit: { kinds: Record<string, KitFieldKind> },
) {
  const fields = fieldsOf(kit.kinds);
  const bad: Bad[] = [
    ...(fields.name ? ([['a short name', fields.name, 'A']] as Bad[]) : []),
    ...(fields.cnpj
      ? ([
          ['a numeric CNPJ with a wrong check digit', fields.cnpj, '11.222.333/0001-82'],
          ['an alphanumeric CNPJ with a wrong check digit', fields.cnpj, '12.ABC.345/01DE-34'],
          ['a CNPJ of one repeated digit', fields.cnpj, '11111111111111'],
        ] as Bad[])
      : []),
    ...(fields.cnpj && fields.isCnpjRequired ? ([['a missing CNPJ', fields.cnpj, '']] as Bad[]) : []),
    ...(fields.phone
      ? ([
          ['a phone without its area code', fields.phone, '91234-5678'],
          ['a phone with an unknown area code', fields.phone, '(20) 91234-5678'],
          ['a mobile without its ninth digit first', fields.phone, '(11) 81234-5678'],
        ] as Bad[])
      : []),
    ...(fields.email ? ([['an invalid e-mail', fields.email, 'ana@']] as Bad[]) : []),
    ...(fields.address
      ? ([['an invalid CEP', fields.address, { country: 'BR', zipcode: '123', city: 'Recife' }]] as Bad[])
      : []),
  ];
  const create = async (overrides: Record<string, unknown>) =>
    session.call('POST', resource.path, await resource.body(overrides));

  describe(`the kit's field rules on POST ${resource.path}`, () => {
    it.each([...bad, ['an unknown field', 'unknownField', 'x'] as const])(
      'refuses %s with a 400 naming the field, and writes nothing',
      async (_, field, value) => {
        const before = await session.ctx.countRows(resource.table);
        const response = await create({ [field]: value });
        expect(response.statusCode).toBe(400);
        const path =
          field === 'unknownField' ? 'body' : field === fields.address ? `${field}.zipcode` : field;
        expect(response.json().fields.map((found: { path: string }) => found.path)).toContain(path);
        expect(await session.ctx.countRows(resource.table)).toBe(before);
      },
    );

    if (fields.cnpj) {
      const cnpjField = fields.cnpj;
      it('keeps a CNPJ typed with its mask, numeric or alphanumeric in lower case, without it', async () => {
        for (const cnpj of [
          withCnpjCheckDigits('40999888000'.padEnd(12, '7')),
          withCnpjCheckDigits('12ABC34501DE'),
        ]) {
          const response = await create({ [cnpjField]: formatCnpj(cnpj).toLowerCase() });
          expect(response.statusCode, response.body).toBe(201);
          expect(response.json()[cnpjField]).toBe(cnpj);
        }
      });
    }

    if (fields.phone) {
      const phoneField = fields.phone;
      it('keeps a mobile, a landline and a phone typed with +55 as their digits', async () => {
        for (const [typed, kept] of [
          ['(11) 91234-5678', '11912345678'],
          ['(81) 3123-4567', '8131234567'],
          ['+55 21 99876-5432', '21998765432'],
        ]) {
          const response = await create({ [phoneField]: typed });
          expect(response.statusCode, response.body).toBe(201);
          expect(response.json()[phoneField]).toBe(kept);
        }
      });
    }
  });
}
