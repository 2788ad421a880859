import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegImage, multipart, type Part, pngImage } from '../../../test/multipart.ts';
import { expectStaleSaveRefused } from '../../../test/resource-tests.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
let token: string;
let categoryId: number;
let png: Buffer;

beforeAll(async () => {
  ctx = await createTestApp({ DATA_DIR: `/tmp/scentia-fragrances-${process.pid}` });
  const operator = await ctx.createAccount({ profile: 'OPERADOR' });
  token = (await ctx.signIn(operator.email, operator.password)).token;
  const category = await ctx.app.inject({
    method: 'POST',
    url: '/api/categories',
    payload: { name: 'Florais' },
    headers: { authorization: `Bearer ${token}` },
  });
  categoryId = category.json().categoryId;
  png = await pngImage();
});
afterAll(() => ctx.close());

const fields = (overrides: Record<string, string> = {}): Part[] =>
  Object.entries({
    name: 'Jasmim Noturno',
    ofactoryWay: 'Floral branco e almiscarado',
    description: 'Notas de jasmim',
    categoryId: String(categoryId),
    ...overrides,
  }).map(([name, value]) => ({ name, value }));
const image = (bytes: Buffer, fileName = 'jasmim.png', contentType = 'image/png'): Part => ({
  name: 'image.file',
  fileName,
  contentType,
  bytes,
});

function send(method: 'POST' | 'PUT', url: string, parts: Part[], language = 'pt-BR') {
  const { payload, headers } = multipart(parts);
  return ctx.app.inject({
    method,
    url,
    payload,
    headers: { ...headers, authorization: `Bearer ${token}`, 'content-language': language },
  });
}
const call = (method: 'GET' | 'PUT' | 'DELETE', url: string) =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
const count = async () =>
  ctx
    .countRows('users')
    .then(
      async () => (await ctx.query<{ n: number }>(sql`select count(*)::int as n from fragrances`))[0]?.n ?? 0,
    );

describe('POST /api/fragrances (multipart)', () => {
  it('creates a fragrance with translations and a normalised WebP image the browser can load', async () => {
    const response = await send('POST', '/api/fragrances', [
      ...fields(),
      { name: 'translations[0][language]', value: 'en-US' },
      { name: 'translations[0][ofactoryWay]', value: 'White floral and musky' },
      { name: 'translations[0][description]', value: 'Jasmine notes' },
      { name: 'translations[1][language]', value: 'es-ES' },
      { name: 'translations[1][ofactoryWay]', value: 'Floral blanco y almizclado' },
      image(png),
    ]);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      fragranceId: expect.any(Number),
      name: 'Jasmim Noturno',
      ofactoryWay: 'Floral branco e almiscarado',
      categoryId,
      category: { name: 'Florais' },
      ativo: true,
      collections: [],
    });
    expect(body.translations).toHaveLength(2);

    const picture = await ctx.app.inject({ method: 'GET', url: body.image.tempUri });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    expect(picture.headers['cache-control']).toMatch(/max-age=\d+/);
    const metadata = await sharp(picture.rawPayload).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.exif).toBeUndefined();
    const thumbnail = await ctx.app.inject({ method: 'GET', url: body.image.thumbnailUri });
    expect((await sharp(thumbnail.rawPayload).metadata()).width).toBe(320);
  });

  it('accepts JPEG too, whatever the file is called', async () => {
    const response = await send('POST', '/api/fragrances', [
      ...fields({ name: 'Bergamota Solar' }),
      image(await jpegImage(), 'foto.bin', 'application/octet-stream'),
    ]);
    expect(response.statusCode).toBe(201);
  });

  it('refuses a file called .png whose bytes are not an image, storing nothing', async () => {
    const before = await count();
    const response = await send(
      'POST',
      '/api/fragrances',
      [...fields(), image(Buffer.from('GIF89a not really a png at all'), 'ok.png')],
      'en-US',
    );
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({
      code: 'UNSUPPORTED_IMAGE',
      message: 'The file is not a JPEG, PNG or WebP image.',
    });
    expect(await count()).toBe(before);
  });

  it('requires the image on create', async () => {
    const response = await send('POST', '/api/fragrances', fields());
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('IMAGE_REQUIRED');
  });

  it('validates the fields with the shared rules and names them', async () => {
    const response = await send('POST', '/api/fragrances', [
      ...fields({ name: 'Ab', ofactoryWay: 'x', description: 'd'.repeat(256) }),
      image(png),
    ]);
    expect(response.statusCode).toBe(400);
    expect(
      response
        .json()
        .fields.map((field: { path: string }) => field.path)
        .sort(),
    ).toEqual(['description', 'name', 'ofactoryWay']);
  });

  it('requires an active category', async () => {
    const inactive = await ctx.app.inject({
      method: 'POST',
      url: '/api/categories',
      payload: { name: 'Desativada' },
      headers: { authorization: `Bearer ${token}` },
    });
    await call('DELETE', `/api/categories/${inactive.json().categoryId}`);
    const response = await send('POST', '/api/fragrances', [
      ...fields({ categoryId: String(inactive.json().categoryId) }),
      image(png),
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual([{ path: 'categoryId', message: 'Escolha uma categoria ativa.' }]);
  });
});

describe('upload bad input', () => {
  it('refuses duplicate fields', async () => {
    const response = await send('POST', '/api/fragrances', [
      ...fields(),
      { name: 'name', value: 'Outra' },
      image(png),
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[0]).toMatchObject({ path: 'name' });
  });

  it('refuses a second file and unknown fields', async () => {
    expect((await send('POST', '/api/fragrances', [...fields(), image(png), image(png)])).statusCode).toBe(
      400,
    );
    expect((await send('POST', '/api/fragrances', [...fields({ price: '10' }), image(png)])).statusCode).toBe(
      400,
    );
  });

  it.each(['../../etc/passwd.png', 'pasta\\foto.png', 'foto\u0007.png'])(
    'refuses the file name %j',
    async (fileName) => {
      const before = await count();
      const response = await send('POST', '/api/fragrances', [...fields(), image(png, fileName)]);
      expect(response.statusCode).toBe(400);
      expect(await count()).toBe(before);
    },
  );

  it('refuses a truncated body with a 400', async () => {
    const { payload, headers } = multipart([...fields(), image(png)]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/fragrances',
      payload: payload.subarray(0, payload.length - 200),
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(400);
  });

  it('refuses a decompression bomb disguised as a small PNG', async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1_000_000);
    const before = await count();
    const response = await send('POST', '/api/fragrances', [...fields(), image(bomb)]);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('IMAGE_UNREADABLE');
    expect(await count()).toBe(before);
  });

  it('refuses a JSON body on the multipart route', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/fragrances',
      payload: { name: 'x' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(415);
  });
});

describe('fragrance rules and lists', () => {
  async function create(name: string) {
    const response = await send('POST', '/api/fragrances', [...fields({ name }), image(png)]);
    expect(response.statusCode).toBe(201);
    return response.json();
  }

  it('edits only while active (409) and reactivates', async () => {
    const { fragranceId } = await create('Lavanda Serena');
    expect((await call('DELETE', `/api/fragrances/${fragranceId}`)).statusCode).toBe(204);
    const edit = await send('PUT', `/api/fragrances/${fragranceId}`, fields({ name: 'Lavanda Editada' }));
    expect(edit.statusCode).toBe(409);
    expect(edit.json().code).toBe('RECORD_INACTIVE');
    const activated = await call('PUT', `/api/fragrances/activate/${fragranceId}`);
    expect(activated.json().ativo).toBe(true);
    const edited = await send('PUT', `/api/fragrances/${fragranceId}`, fields({ name: 'Lavanda Editada' }));
    expect(edited.statusCode).toBe(200);
    expect(edited.json().name).toBe('Lavanda Editada');
  });

  it('refuses a save based on an older version (409 STALE_RECORD), changing nothing', async () => {
    const { fragranceId, updatedAt } = await create('Cedro Antigo');
    // The helper's saves (PUT with a body) as this route's multipart fields; its reads are GETs.
    const multipartCall = (_method: string, url: string, payload?: object) =>
      payload ? send('PUT', url, fields(payload as Record<string, string>)) : call('GET', url);
    await expectStaleSaveRefused(
      multipartCall,
      `/api/fragrances/${fragranceId}`,
      [{ name: 'Cedro Primeiro' }, { name: 'Cedro Segundo' }],
      updatedAt,
    );
  });

  it('replacing the image removes the old files; permanent delete removes the rest', async () => {
    const created = await create('Vetiver Profundo');
    const oldUri = created.image.tempUri;
    const replaced = await send('PUT', `/api/fragrances/${created.fragranceId}`, [
      ...fields({ name: 'Vetiver Profundo' }),
      image(await jpegImage()),
    ]);
    expect(replaced.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: oldUri })).statusCode).toBe(404);
    const newUri = replaced.json().image.tempUri;
    expect((await ctx.app.inject({ method: 'GET', url: newUri })).statusCode).toBe(200);

    expect((await call('DELETE', `/api/fragrances/${created.fragranceId}?hardDelete=true`)).json().code).toBe(
      'RECORD_ACTIVE',
    );
    await call('DELETE', `/api/fragrances/${created.fragranceId}`);
    expect((await call('DELETE', `/api/fragrances/${created.fragranceId}?hardDelete=true`)).statusCode).toBe(
      204,
    );
    expect((await ctx.app.inject({ method: 'GET', url: newUri })).statusCode).toBe(404);
  });

  it('keeps an active fragrance that sits in a campaign collection active (409), and shows its collections', async () => {
    const { fragranceId } = await create('Bergamota Solar');
    // A campaign holding the fragrance in slot 7, as the campaign screens will save it.
    const [campaign] = await ctx.query<{ id: number }>(
      sql`insert into campaigns (name) values ('Verão nas Lojas') returning id`,
    );
    await ctx.query(
      sql`insert into campaign_slots (campaign_id, slot, fragrance_id) values (${campaign?.id}, 7, ${fragranceId})`,
    );
    const shown = await call('GET', `/api/fragrances/${fragranceId}`);
    expect(shown.json().collections).toEqual([{ campaignId: campaign?.id, slot: 7 }]);
    const listed = await call('GET', '/api/fragrances?search=bergamota');
    expect(listed.json().data[0].collections).toEqual([{ campaignId: campaign?.id, slot: 7 }]);

    const refused = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/fragrances/${fragranceId}`,
      headers: { authorization: `Bearer ${token}`, 'content-language': 'en-US' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'FRAGRANCE_IN_COLLECTION',
      message: 'This fragrance is in a campaign collection and cannot be deactivated or deleted.',
    });
    expect((await call('GET', `/api/fragrances/${fragranceId}`)).json().ativo).toBe(true);

    // Out of the collection, it can be deactivated again.
    await ctx.query(sql`delete from campaign_slots where fragrance_id = ${fragranceId}`);
    expect((await call('DELETE', `/api/fragrances/${fragranceId}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/fragrances/${fragranceId}`)).json()).toMatchObject({
      ativo: false,
      collections: [],
    });
  });

  it('never deletes for good an inactive fragrance that a collection still holds', async () => {
    const { fragranceId } = await create('Cedro Antigo');
    await call('DELETE', `/api/fragrances/${fragranceId}`);
    const [campaign] = await ctx.query<{ id: number }>(
      sql`insert into campaigns (name) values ('Inverno Antigo') returning id`,
    );
    await ctx.query(
      sql`insert into campaign_slots (campaign_id, slot, fragrance_id) values (${campaign?.id}, 1, ${fragranceId})`,
    );
    const refused = await call('DELETE', `/api/fragrances/${fragranceId}?hardDelete=true`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('FRAGRANCE_IN_COLLECTION');
    expect((await call('GET', `/api/fragrances/${fragranceId}`)).statusCode).toBe(200);
  });

  it('finds fragrances by their category name, and quick-searches active ones', async () => {
    await create('Rosa Damascena');
    const byCategory = (await call('GET', '/api/fragrances?search=florais&perPage=50')).json();
    expect(byCategory.total).toBeGreaterThan(0);
    expect(
      byCategory.data.every((row: { category: { name: string } }) => row.category.name === 'Florais'),
    ).toBe(true);
    expect((await call('GET', '/api/fragrances/quick-search?str=damasc')).json()).toEqual([
      { fragranceId: expect.any(Number), name: 'Rosa Damascena' },
    ]);
  });

  it('refuses a forged or expired file URL', async () => {
    const created = await create('Âmbar Quente');
    const uri = new URL(created.image.tempUri, 'http://x');
    const signature = uri.searchParams.get('signature') ?? '';
    const forged = `${uri.pathname}?expires=${uri.searchParams.get('expires')}&signature=${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect((await ctx.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `${uri.pathname}?expires=1&signature=${uri.searchParams.get('signature')}`,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/files/../../etc/passwd?expires=9999999999&signature=x',
        })
      ).statusCode,
    ).toBe(404);
  });
});
