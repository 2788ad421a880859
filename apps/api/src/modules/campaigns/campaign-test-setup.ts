import { readdir } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { multipart, type Part, pngImage } from '../../../test/multipart.ts';
import { createTestApp } from '../../../test/test-app.ts';

/**
 * A test app with an operator signed in and active fragrances to place: the campaign tests' common
 * ground, with the helpers that send the campaign form and count what is stored.
 */
export async function campaignTestSetup(env: Record<string, string> = {}) {
  const dataDir = `/tmp/scentia-campaigns-${process.pid}-${Math.random().toString(36).slice(2)}`;
  const ctx = await createTestApp({ DATA_DIR: dataDir, ...env });
  const operator = await ctx.createAccount({ profile: 'OPERADOR' });
  const { token } = await ctx.signIn(operator.email, operator.password);
  const authorization = `Bearer ${token}`;
  const png = await pngImage(120, 90);

  const category = await ctx.app.inject({
    method: 'POST',
    url: '/api/categories',
    payload: { name: 'Florais' },
    headers: { authorization },
  });
  const categoryId: number = category.json().categoryId;

  async function createFragrance(name: string): Promise<number> {
    const form = multipart([
      { name: 'name', value: name },
      { name: 'ofactoryWay', value: 'Floral branco' },
      { name: 'categoryId', value: String(categoryId) },
      { name: 'image.file', fileName: 'f.png', contentType: 'image/png', bytes: png },
    ]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/fragrances',
      ...form,
      headers: { ...form.headers, authorization },
    });
    return response.json().fragranceId;
  }
  const fragrances = [
    await createFragrance('Jasmim'),
    await createFragrance('Rosa'),
    await createFragrance('Lírio'),
  ] as [number, number, number];

  const cover = (bytes: Buffer = png): Part => ({
    name: 'cover.file',
    fileName: 'capa.png',
    contentType: 'image/png',
    bytes,
  });
  const slot = (index: number, fragranceId: number, slotNumber: number, shotSeconds?: number): Part[] => [
    { name: `collection[${index}][fragranceId]`, value: String(fragranceId) },
    { name: `collection[${index}][slot]`, value: String(slotNumber) },
    ...(shotSeconds === undefined
      ? []
      : [{ name: `collection[${index}][shotSeconds]`, value: String(shotSeconds) }]),
  ];
  /** A valid form: name, pt-BR description, two slots; `overrides` replace or add plain fields. */
  const form = (overrides: Record<string, string> = {}, collection?: Part[]): Part[] => [
    ...Object.entries({
      name: 'Verão 2026',
      'descriptions[0][language]': 'pt-BR',
      'descriptions[0][description]': 'Coleção de verão',
      ...overrides,
    }).map(([name, value]) => ({ name, value })),
    ...(collection ?? [...slot(0, fragrances[0], 1), ...slot(1, fragrances[1], 2, 7)]),
  ];

  function send(method: 'POST' | 'PUT', url: string, parts: Part[], language = 'pt-BR') {
    const body = multipart(parts);
    return ctx.app.inject({
      method,
      url,
      payload: body.payload,
      headers: { ...body.headers, authorization, 'content-language': language },
    });
  }
  const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, payload, headers: { authorization } });

  async function create(parts: Part[] = [...form(), cover()]): Promise<Record<string, unknown>> {
    const response = await send('POST', '/api/campaigns', parts);
    if (response.statusCode !== 201) throw new Error(response.body);
    return response.json();
  }

  /** Everything a refused save must leave as it was: rows, files on disk and their records. */
  async function stored() {
    const [row] = await ctx.query<{
      campaigns: number;
      slots: number;
      descriptions: number;
      files: number;
    }>(sql`select
      (select count(*)::int from campaigns) as campaigns,
      (select count(*)::int from campaign_slots) as slots,
      (select count(*)::int from campaign_descriptions) as descriptions,
      (select count(*)::int from stored_files where key like 'campaigns/%') as files`);
    const onDisk = await readdir(`${dataDir}/files/campaigns`).catch(() => []);
    if (!row) throw new Error('No counts');
    return { ...row, onDisk: onDisk.length };
  }

  return { ctx, fragrances, cover, slot, form, send, call, create, stored, authorization };
}
