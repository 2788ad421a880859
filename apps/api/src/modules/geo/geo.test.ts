import { COUNTRY_CODES } from '@scentia/shared/countries';
import { Country } from 'country-state-city';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpStub } from '../../../test/http-stub.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { startViaCepStub } from '../../../test/viacep-stub.ts';

type Stub = Awaited<ReturnType<typeof startHttpStub>>;
// Long enough that a busy machine's answer from the stub is never taken for its silence (300 ms was not:
// a known CEP timed out beside other suites), short enough that each wait for the silent CEP costs the test under two seconds.
const SILENT_AFTER_MS = '1500';
let viaCep: Stub;
let geoService: Stub;
let ctx: TestContext;
let external: TestContext;
let token: string;
let externalToken: string;

beforeAll(async () => {
  // A known CEP, `{"erro": true}` for an unknown one, a slow one (only our own timeout can end its
  // lookup), a broken one.
  viaCep = await startViaCepStub({
    addresses: {
      '01310100': {
        cep: '01310-100',
        logradouro: 'Avenida Paulista',
        bairro: 'Bela Vista',
        localidade: 'São Paulo',
        uf: 'SP',
      },
      '99999999': { erro: 'true' },
    },
    silent: ['30130010'],
    otherwise: (response) => response.writeHead(500).end('boom'),
  });
  geoService = await startHttpStub((request, response) => {
    const url = new URL(request.url ?? '', 'http://stub');
    if (url.searchParams.get('country') === 'AQ') return response.writeHead(502).end();
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify(
        url.pathname === '/regions'
          ? {
              data: [{ code: 'LIS', name: `Lisboa (${url.searchParams.get('language')})` }],
              total: 1,
              totalPages: 1,
            }
          : { data: [{ name: 'Sintra' }], total: 1, totalPages: 1 },
      ),
    );
  });
  ctx = await createTestApp({ VIACEP_URL: viaCep.url, VIACEP_TIMEOUT_MS: SILENT_AFTER_MS });
  external = await createTestApp({ GEO_SERVICE_URL: geoService.url, GEO_SERVICE_TIMEOUT_MS: '500' });
  const admin = await ctx.createAccount();
  token = (await ctx.signIn(admin.email, admin.password)).token;
  const other = await external.createAccount();
  externalToken = (await external.signIn(other.email, other.password)).token;
});
afterAll(async () => {
  await ctx.close();
  await external.close();
  await viaCep.close();
  await geoService.close();
});

const get = (url: string, language = 'pt-BR', app = ctx, bearer = token) =>
  app.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${bearer}`, 'content-language': language },
  });

describe('GET /api/geo/postcode/{cep}', () => {
  it('answers state and city from the postcode service', async () => {
    const response = await get('/api/geo/postcode/01310-100');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      cep: '01310-100',
      uf: 'SP',
      localidade: 'São Paulo',
      logradouro: 'Avenida Paulista',
      bairro: 'Bela Vista',
      source: 'viacep',
    });
  });

  it('caches answers: a second lookup does not ask the service again', async () => {
    const before = viaCep.requests.length;
    await get('/api/geo/postcode/01310100');
    expect(viaCep.requests.length).toBe(before);
  });

  it('answers 404 for a postcode the service does not know', async () => {
    const response = await get('/api/geo/postcode/99999-999', 'en-US');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      code: 'POSTCODE_NOT_FOUND',
      message: 'Postcode (CEP) not found.',
    });
  });

  it('falls back to the CEP range when the service is too slow', async () => {
    const response = await get('/api/geo/postcode/30130-010');
    expect(response.json()).toEqual({
      cep: '30130-010',
      uf: 'MG',
      localidade: null,
      logradouro: null,
      bairro: null,
      source: 'offline',
    });
  });

  it('falls back to the CEP range when the service fails or is down', async () => {
    expect((await get('/api/geo/postcode/80010-000')).json()).toMatchObject({ uf: 'PR', source: 'offline' });
    const down = await createTestApp({ VIACEP_URL: 'http://127.0.0.1:9', VIACEP_TIMEOUT_MS: '300' });
    const admin = await down.createAccount();
    const response = await get(
      '/api/geo/postcode/70040-010',
      'pt-BR',
      down,
      (await down.signIn(admin.email, admin.password)).token,
    );
    expect(response.json()).toMatchObject({ uf: 'DF', source: 'offline' });
    await down.close();
  });

  it('refuses a malformed CEP with the CEP message', async () => {
    const response = await get('/api/geo/postcode/1234');
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual([{ path: 'cep', message: 'CEP inválido' }]);
  });
});

describe('GET /api/geo/countries', () => {
  it.each([
    ['pt-BR', 'Brasil', 'Alemanha'],
    ['en-US', 'Brazil', 'Germany'],
    ['es-ES', 'Brasil', 'Alemania'],
  ])('names countries in %s, sorted by name', async (language, brazil, germany) => {
    const { data } = (await get('/api/geo/countries', language)).json();
    expect(data.length).toBeGreaterThan(240);
    expect(data.find((country: { code: string }) => country.code === 'BR').name).toBe(brazil);
    expect(data.find((country: { code: string }) => country.code === 'DE').name).toBe(germany);
    const names = data.map((country: { name: string }) => country.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, language)));
  });

  it('serves exactly the shared list an address may carry, which is the geo data’s', async () => {
    const { data } = (await get('/api/geo/countries')).json();
    const served = data.map((country: { code: string }) => country.code).sort();
    expect(served).toEqual([...COUNTRY_CODES].sort());
    expect(
      Country.getAllCountries()
        .map((country) => country.isoCode)
        .sort(),
    ).toEqual(served);
  });
});

describe('GET /api/geo/regions and /api/geo/cities (embedded dataset)', () => {
  it('pages regions 10 at a time and searches without accents', async () => {
    const all = (await get('/api/geo/regions?country=BR')).json();
    expect(all.total).toBe(27);
    expect(all.totalPages).toBe(3);
    expect(all.data).toHaveLength(10);
    const found = (await get('/api/geo/regions?country=br&search=sao')).json();
    expect(found.data).toEqual([{ code: 'SP', name: 'São Paulo' }]);
  });

  it('finds cities of a region', async () => {
    const { data, total } = (await get('/api/geo/cities?country=BR&region=SP&search=campi')).json();
    expect(data.map((city: { name: string }) => city.name)).toContain('Campinas');
    expect(total).toBeLessThanOrEqual(10);
  });

  it('refuses a malformed country, and a code that is not one of the countries', async () => {
    expect((await get('/api/geo/regions?country=BRA')).statusCode).toBe(400);
    const unknown = await get('/api/geo/cities?country=ZZ', 'en-US');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual([
      { path: 'country', message: 'Unknown country: choose a country from the list.' },
    ]);
  });

  it('is closed to anonymous callers', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/geo/countries' })).statusCode).toBe(401);
  });
});

describe('an external geo service', () => {
  it('is asked instead of the embedded dataset, with the language', async () => {
    const response = await get('/api/geo/regions?country=PT&search=lis', 'en-US', external, externalToken);
    expect(response.json()).toEqual({
      data: [{ code: 'LIS', name: 'Lisboa (en-US)' }],
      total: 1,
      totalPages: 1,
    });
    expect(geoService.requests.at(-1)).toContain('search=lis');
  });

  it('answers 503 with a clear message when the service fails', async () => {
    const response = await get('/api/geo/cities?country=AQ', 'pt-BR', external, externalToken);
    expect(response.statusCode).toBe(503);
    expect(response.json().code).toBe('GEO_UNAVAILABLE');
  });
});
