import type { UserRow } from '@scentia/shared/users.schemas';
import { userBodySchema } from '@scentia/shared/users.schemas';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { emptyUserForm, formToBody, userToForm } from './user-form-values.ts';

const ROW: UserRow = {
  id: 5,
  nome: 'Ana Lima',
  email: 'ana@scentia.test',
  cpf: '52998224725',
  document: null,
  genre: 'F',
  birthday: '1990-04-12',
  profile: { id: 2, nome: 'OPERADOR' },
  address: { zipcode: '01310100', street: 'Av. Paulista', city: 'São Paulo', state: 'SP', country: 'BR' },
  ativo: true,
  confirmedAt: null,
  deletedAt: null,
  anonymizedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('user form values', () => {
  it('shows a loaded Brazilian user with the CPF and CEP masks', () => {
    const form = userToForm(ROW);
    expect(form.cpf).toBe('529.982.247-25');
    expect(form.address.zipcode).toBe('01310-100');
    expect(form.birthday?.format('DD/MM/YYYY')).toBe('12/04/1990');
  });

  it('gives back the body the API takes, and the shared schema accepts it', () => {
    const body = formToBody(userToForm(ROW), true);
    expect(body).toEqual({
      nome: 'Ana Lima',
      email: 'ana@scentia.test',
      profile: 'OPERADOR',
      cpf: '52998224725',
      document: null,
      ativo: true,
      birthday: '1990-04-12',
      genre: 'F',
      address: {
        country: 'BR',
        zipcode: '01310-100',
        street: 'Av. Paulista',
        state: 'SP',
        city: 'São Paulo',
      },
    });
    expect(userBodySchema.safeParse(body).success).toBe(true);
  });

  it('sends no address without a country', () => {
    const values = { ...emptyUserForm('ADMIN'), nome: ' Bob Stone ', email: 'bob@x.com' };
    expect(formToBody(values)).toMatchObject({ nome: 'Bob Stone', cpf: null, address: null, birthday: null });
    const abroad = {
      ...values,
      document: 'X1234',
      address: { ...values.address, country: 'PT', zipcode: '1000-001' },
    };
    expect(formToBody(abroad)).toMatchObject({
      cpf: null,
      document: 'X1234',
      address: { country: 'PT', zipcode: '1000-001', street: null, state: null, city: null },
    });
  });

  it('lets the shared schema judge the CPF only for Brazil', () => {
    const base = {
      ...emptyUserForm('ADMIN'),
      nome: 'Ana Lima',
      email: 'ana@x.com',
      birthday: dayjs('2000-01-01'),
    };
    const brazil = { ...base, cpf: '111.111.111-11', address: { ...base.address, country: 'BR' } };
    const issues = userBodySchema.safeParse(formToBody(brazil)).error?.issues ?? [];
    expect(issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['cpf', 'invalidCpf']]);
  });

  it('keeps a loaded CPF when the country leaves Brazil, for the shared rule to refuse', () => {
    const moved = userToForm(ROW);
    moved.address = { ...moved.address, country: 'PT', zipcode: '1000-001', state: null, city: null };
    const body = formToBody(moved, true);
    expect(body.cpf).toBe('52998224725');
    const issues = userBodySchema.safeParse(body).error?.issues ?? [];
    expect(issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['cpf', 'cpfOnlyForBrazil'],
    ]);
  });
});
