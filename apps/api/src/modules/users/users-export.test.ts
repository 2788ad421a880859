import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { firstSheetOf } from '../../../test/xlsx.ts';

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestApp();
  const admin = await ctx.createAccount({ name: 'Admin Exportadora' });
  token = (await ctx.signIn(admin.email, admin.password)).token;
  // 2,100 people: more than one export batch; timestamps a microsecond apart, some identical.
  await ctx.query(sql`
    insert into users (name, email, profile_id, cpf, country, confirmed_at, created_at)
    select 'Pessoa Exportada ' || i, 'export' || i || '@exemplo.com.br', (select id from profiles where name = 'OPERADOR'),
           '52998224725', 'BR', now(), timestamp '2026-01-01 10:00:00' + ((i / 3) * interval '1 microsecond')
    from generate_series(1, 2100) as i`);
});
afterAll(() => ctx.close());

async function download(query: string, language = 'pt-BR') {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/export?${query}`,
    headers: { authorization: `Bearer ${token}`, 'content-language': language },
  });
  return { response, ...(await firstSheetOf(response)) };
}

describe('GET /api/export (users spreadsheet)', () => {
  it('downloads a dated .xlsx attachment with headers in the request language', async () => {
    const { response, sheetName, header } = await download('', 'es-ES');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="usuarios-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    expect(sheetName).toBe('Usuarios');
    expect(header?.slice(0, 4)).toEqual(['ID', 'Nombre', 'Correo electrónico', 'Perfil']);
  });

  it('holds every row, with no cap, in the same order as the list, across batches', async () => {
    const { rows } = await download('orderBy=User.CreatedAt&orderByDirection=asc');
    expect(rows).toHaveLength(2101);
    const ids = rows.map((row) => row[0] as number);
    expect(new Set(ids).size).toBe(2101);
    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/usuario?orderBy=User.CreatedAt&orderByDirection=asc&perPage=50&page=41',
      headers: { authorization: `Bearer ${token}` },
    });
    const pageIds = listed.json().data.map((row: { id: number }) => row.id);
    expect(ids.slice(2000, 2050)).toEqual(pageIds);
  });

  it('applies the current search and sort', async () => {
    const { rows } = await download('search=export20&orderBy=User.Nome&orderByDirection=desc');
    const names = rows.map((row) => row[1] as string);
    expect(names.length).toBe(111); // export20, export200-209, export2000-2099
    expect(names).toEqual([...names].sort((a, b) => (a < b ? 1 : -1)));
  });

  it('refuses a hostile sort before sending anything', async () => {
    const { response } = await download('orderBy=1;drop%20table%20users');
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-disposition']).toBeUndefined();
  });
});
