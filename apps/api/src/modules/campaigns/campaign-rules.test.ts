import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Part } from '../../../test/multipart.ts';
import { campaignTestSetup } from './campaign-test-setup.ts';

/** Every rule of a campaign save, and hostile forms: each a localized 4xx that stores nothing. */
let setup: Awaited<ReturnType<typeof campaignTestSetup>>;
beforeAll(async () => {
  setup = await campaignTestSetup({ UPLOAD_MAX_MB: '0.1' });
});
afterAll(() => setup.ctx.close());

async function expectRefused(parts: Part[], status: number, expected: object, language = 'pt-BR') {
  const before = await setup.stored();
  const response = await setup.send('POST', '/api/campaigns', parts, language);
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toMatchObject(expected);
  expect(await setup.stored()).toEqual(before);
}
const field = (path: string, message: string) => ({ code: 'VALIDATION', fields: [{ path, message }] });

describe('campaign save rules', () => {
  it('name 3 to 100', async () => {
    const { form, cover } = setup;
    await expectRefused(
      [...form({ name: 'ab' }), cover()],
      400,
      field('name', 'Deve ter no mínimo 3 caracteres.'),
    );
    await expectRefused([...form({ name: 'a'.repeat(101) }), cover()], 400, {
      fields: [{ path: 'name', message: 'Deve ter no máximo 100 caracteres.' }],
    });
  });

  it('fragranceShots a positive integer up to 10,000', async () => {
    const { form, cover } = setup;
    for (const value of ['0', '-3', '2.5', 'abc', '10001']) {
      await expectRefused([...form({ fragranceShots: value }), cover()], 400, { code: 'VALIDATION' });
    }
  });

  it('a cover on create, a real image, within UPLOAD_MAX_MB', async () => {
    const { form, cover } = setup;
    await expectRefused(form(), 400, { code: 'IMAGE_REQUIRED', message: 'A imagem é obrigatória.' });
    await expectRefused([...form(), cover(Buffer.from('%PDF-1.4 not an image'))], 415, {
      code: 'UNSUPPORTED_IMAGE',
    });
    await expectRefused([...form(), cover(Buffer.alloc(200_000, 1))], 413, { code: 'FILE_TOO_LARGE' });
  });

  it('descriptions: pt-BR required, one per language, at most 100 characters', async () => {
    const { form, cover } = setup;
    await expectRefused([...form({ 'descriptions[0][language]': 'en-US' }), cover()], 400, {
      fields: [{ path: 'descriptions', message: 'Informe a descrição em português (pt-BR).' }],
    });
    await expectRefused([...form({ 'descriptions[0][description]': 'x'.repeat(101) }), cover()], 400, {
      fields: [{ path: 'descriptions.0.description', message: 'Deve ter no máximo 100 caracteres.' }],
    });
    const twice = { 'descriptions[1][language]': 'pt-BR', 'descriptions[1][description]': 'De novo' };
    await expectRefused([...form(twice), cover()], 400, { code: 'VALIDATION' });
  });

  it('at least one slot, and a fragrance in one slot only (the device errors)', async () => {
    const { form, cover, slot, fragrances } = setup;
    await expectRefused([...form({}, []), cover()], 400, {
      code: 'CAMPAIGN_NO_SLOT',
      message: 'Favor preencher ao menos um slot do dispositivo.',
    });
    await expectRefused(
      [...form({}, [...slot(0, fragrances[0], 1), ...slot(1, fragrances[0], 2)]), cover()],
      400,
      {
        code: 'CAMPAIGN_DUPLICATE_FRAGRANCE',
        message: 'Não é permitida mesma fragância em mais de um slot.',
      },
    );
    await expectRefused(
      [...form({}, []), cover()],
      400,
      { message: 'Please fill at least one slot of the device.' },
      'en-US',
    );
  });

  it('slots 1 to 20, each once; shotSeconds an integer of at least 1', async () => {
    const { form, cover, slot, fragrances } = setup;
    for (const number of [0, 21]) {
      await expectRefused([...form({}, slot(0, fragrances[0], number)), cover()], 400, {
        code: 'VALIDATION',
      });
    }
    await expectRefused(
      [...form({}, [...slot(0, fragrances[0], 4), ...slot(1, fragrances[1], 4)]), cover()],
      400,
      {
        fields: [{ path: 'collection', message: 'Cada slot pode ser usado uma única vez.' }],
      },
    );
    for (const seconds of [0, 1.5]) {
      await expectRefused([...form({}, slot(0, fragrances[0], 1, seconds)), cover()], 400, {
        code: 'VALIDATION',
      });
    }
  });
});

describe('hostile campaign forms', () => {
  it('refuses more than 20 collection entries, and 10,000 of them fast', async () => {
    const { form, cover, slot, fragrances } = setup;
    const many = (count: number) =>
      Array.from({ length: count }, (_, index) => slot(index, fragrances[0], 1)).flat();
    await expectRefused([...form({}, many(21)), cover()], 400, { code: 'VALIDATION' });
    const started = Date.now();
    await expectRefused([...form({}, many(10_000)), cover()], 400, { code: 'VALIDATION' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('refuses missing parts, wrong types, unknown fields and a sparse index', async () => {
    const { cover, slot, fragrances } = setup;
    await expectRefused([cover()], 400, { code: 'VALIDATION' });
    await expectRefused(
      [...setup.form({ 'collection[0][slot]': 'um' }, slot(0, fragrances[0], 1).slice(0, 1)), cover()],
      400,
      {
        code: 'VALIDATION',
      },
    );
    await expectRefused([...setup.form({ isDefault: 'true' }), cover()], 400, { code: 'VALIDATION' });
    await expectRefused([...setup.form({}, slot(9999, fragrances[0], 1)), cover()], 400, {
      code: 'VALIDATION',
    });
    await expectRefused([...setup.form({}, slot(0, 2_147_483_648, 1)), cover()], 400, { code: 'VALIDATION' });
    await expectRefused([...setup.form({}, slot(0, 999_999, 1)), cover()], 400, { code: 'VALIDATION' });
  });
});
