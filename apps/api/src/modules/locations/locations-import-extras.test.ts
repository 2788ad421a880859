import { formatCnpj, withCnpjCheckDigits } from '@scentia/shared/br-documents';
import type { ImportReport } from '@scentia/shared/record-import.schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { csvFile, importCall } from '../../../test/import-files.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { startViaCepStub } from '../../../test/viacep-stub.ts';

// Long enough that a busy machine's answer from the stub is never taken for its silence (300 ms was not:
// a known CEP timed out beside other suites), short enough that each wait for the silent CEP costs the test under two seconds.
const SILENT_AFTER_MS = '1500';
let viaCep: Awaited<ReturnType<typeof startViaCepStub>>;
let ctx: TestContext;
let token = '';

beforeAll(async () => {
  // Two known CEPs, `{"erro": true}` for an unknown one, silence for a slow one.
  viaCep = await startViaCepStub({
    addresses: {
      '01310100': { logradouro: 'Avenida Paulista', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP' },
      '50030230': { logradouro: 'Rua do Bom Jesus', bairro: 'Recife', localidade: 'Recife', uf: 'PE' },
    },
    silent: ['30130010'],
  });
  ctx = await createTestApp({ VIACEP_URL: viaCep.url, VIACEP_TIMEOUT_MS: SILENT_AFTER_MS });
  const operator = await ctx.createAccount({ profile: 'OPERADOR' });
  token = (await ctx.signIn(operator.email, operator.password)).token;
});
afterAll(async () => {
  await ctx?.close();
  await viaCep?.close();
});

const session = {
  get ctx() {
    return ctx;
  },
  headers: (language = 'pt-BR') => ({ authorization: `Bearer ${token}`, 'content-language': language }),
};
const upload = async (path: string, rows: string[][], mode: 'check' | 'apply', language = 'pt-BR') =>
  (await importCall(session, path, Buffer.from(csvFile(rows)), mode, language)).json() as ImportReport;
const errorsOf = (report: ImportReport) =>
  report.errors.map(({ row, column, columnLabel, code, message }) => ({
    row,
    column,
    columnLabel,
    code,
    message,
  }));

async function createOrganization(cnpj: string) {
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/organizations',
    headers: session.headers(),
    payload: { name: `Rede ${cnpj}`, legalName: `Rede ${cnpj} Ltda`, cnpj, address: { country: 'BR' } },
  });
  expect(created.statusCode, created.body).toBe(201);
}

describe('the locations import: postcode prefill', () => {
  it('fills empty address cells from the CEP, once a CEP, and refuses a city it cannot give', async () => {
    const cnpj = withCnpjCheckDigits('710000000001');
    await createOrganization(cnpj);
    const header = ['CNPJ da organização', 'Nome', 'CEP', 'Endereço', 'Cidade', 'Estado'];
    const before = viaCep.requests.length;
    const report = await upload(
      '/api/locations',
      [
        header,
        [cnpj, 'Loja Paulista', '01310-100', '', '', ''],
        [cnpj, 'Loja Paulista 2', '01310100', 'Rua Augusta, 10', '', ''],
        [cnpj, 'Loja Perdida', '99999-999', '', '', ''],
        [cnpj, 'Loja Lenta', '30130-010', '', '', ''],
        [cnpj, 'Loja Manual', '99999-999', '', 'Natal', 'RN'],
      ],
      'check',
      'en-US',
    );
    expect(errorsOf(report)).toEqual([
      {
        row: 4,
        column: 'city',
        columnLabel: 'City',
        code: 'postcodeNotFound',
        message: 'Postcode 99999-999 not found: fill in this column.',
      },
      {
        row: 5,
        column: 'city',
        columnLabel: 'City',
        code: 'postcodeIncomplete',
        message: 'Postcode 30130-010 does not give this column: fill it in.',
      },
    ]);
    // One lookup a distinct CEP of the chunk, masked or not.
    expect(viaCep.requests.slice(before).toSorted()).toEqual([
      '/ws/01310100/json/',
      '/ws/30130010/json/',
      '/ws/99999999/json/',
    ]);

    const applied = await upload(
      '/api/locations',
      [
        header,
        ...[
          ['01310-100', ''],
          ['01310100', 'Rua Augusta, 10'],
        ].map(([cep, street]) => [cnpj, `Loja ${street || 'Paulista'}`, cep ?? '', street ?? '', '', '']),
        [cnpj, 'Loja Manual', '99999-999', '', 'Natal', 'RN'],
      ],
      'apply',
    );
    expect(applied).toMatchObject({ applied: true, counts: { insert: 3, invalid: 0 } });
    const rows = await ctx.query<{ name: string; street: string | null; city: string; state: string }>(
      sql`select l.name, l.street, l.city, l.state from locations l join organizations o on o.id = l.organization_id
          where o.cnpj = ${cnpj} order by l.name`,
    );
    expect(rows).toEqual([
      { name: 'Loja Manual', street: null, city: 'Natal', state: 'RN' },
      { name: 'Loja Paulista', street: 'Avenida Paulista', city: 'São Paulo', state: 'SP' },
      { name: 'Loja Rua Augusta, 10', street: 'Rua Augusta, 10', city: 'São Paulo', state: 'SP' },
    ]);
  });
});

describe('the locations import: schedule column', () => {
  const header = ['CNPJ da organização', 'Nome', 'Cidade', 'Horário de funcionamento'];
  const weekdays = [1, 2, 3, 4, 5].map((weekday) => ({
    weekday,
    start: '09:00',
    end: '18:00',
    intensity: 60,
  }));

  it('writes the opening hours, keeps them on an empty cell, and refuses a text it cannot read', async () => {
    const cnpj = withCnpjCheckDigits('720000000001');
    await createOrganization(cnpj);
    const scheduleOf = async () =>
      (
        await ctx.query<{ schedule: unknown }>(
          sql`select l.schedule from locations l join organizations o on o.id = l.organization_id where o.cnpj = ${cnpj}`,
        )
      )[0]?.schedule;

    const created = await upload(
      '/api/locations',
      [header, [formatCnpj(cnpj), 'Loja Horário', 'Recife', 'Seg–Sex 09:00–18:00; Sáb 09:00–13:00']],
      'apply',
    );
    expect(created).toMatchObject({ applied: true, counts: { insert: 1 } });
    expect(await scheduleOf()).toEqual({
      ranges: [...weekdays, { weekday: 6, start: '09:00', end: '13:00', intensity: 60 }],
    });

    const same = await upload(
      '/api/locations',
      [header, [cnpj, 'Loja Horário', 'Recife', 'Mon–Fri 09:00–18:00; Sat 09:00–13:00']],
      'check',
    );
    expect(same.counts).toEqual({ insert: 0, update: 0, unchanged: 1, invalid: 0 });
    const empty = await upload('/api/locations', [header, [cnpj, 'Loja Horário', 'Recife', '']], 'apply');
    expect(empty.counts).toEqual({ insert: 0, update: 0, unchanged: 1, invalid: 0 });
    expect((await scheduleOf()) as { ranges: unknown[] }).toMatchObject({ ranges: { length: 6 } });

    const changed = await upload(
      '/api/locations',
      [header, [cnpj, 'Loja Horário', 'Recife', 'Lun–Vie 09:00–18:00']],
      'apply',
    );
    expect(changed).toMatchObject({ applied: true, counts: { update: 1 } });
    expect(await scheduleOf()).toEqual({ ranges: weekdays });
    const events = await ctx.query<{ action: string }>(
      sql`select distinct e.action from audit_events e join audit_changes c on c.event_id = e.id
          where e.record_type = 'location' and c.after ? 'schedule' and e.request_id = ${changed.id}`,
    );
    expect(events).toEqual([{ action: 'importLocation' }]);

    const bad = await upload(
      '/api/locations',
      [
        header,
        [cnpj, 'Loja Horário', 'Recife', 'Mon to Fri 9 to 6'],
        [cnpj, 'Loja Sobreposta', 'Recife', 'Lun–Vie 09:00–18:00; Vie 17:00–20:00'],
      ],
      'check',
      'es-ES',
    );
    expect(
      bad.errors.map(({ row, column, columnLabel, code }) => ({ row, column, columnLabel, code })),
    ).toEqual([
      { row: 2, column: 'schedule', columnLabel: 'Horario de apertura', code: 'invalidSchedule' },
      { row: 3, column: 'schedule', columnLabel: 'Horario de apertura', code: 'scheduleOverlap' },
    ]);
    expect(bad.errors[0]?.message).toContain('Lun–Vie 09:00–18:00');
  });
});

describe('the organisations import: postcode prefill', () => {
  it('fills an organisation’s address from its CEP and takes an unknown CEP as it is', async () => {
    const cnpj = withCnpjCheckDigits('730000000001');
    const other = withCnpjCheckDigits('740000000001');
    const header = ['Nome', 'Razão social', 'CNPJ', 'CEP'];
    const report = await upload(
      '/api/organizations',
      [
        header,
        ['Rede Recife', 'Rede Recife Ltda', cnpj, '50030-230'],
        ['Rede Nova', 'Rede Nova Ltda', other, '99999-999'],
      ],
      'apply',
    );
    expect(report).toMatchObject({ applied: true, counts: { insert: 2, invalid: 0 } });
    const rows = await ctx.query<{
      cnpj: string;
      street: string | null;
      city: string | null;
      state: string | null;
    }>(
      sql`select cnpj, street, city, state from organizations where cnpj in (${cnpj}, ${other}) order by name`,
    );
    expect(rows).toEqual([
      { cnpj: other, street: null, city: null, state: null },
      { cnpj, street: 'Rua do Bom Jesus', city: 'Recife', state: 'PE' },
    ]);
  });
});
