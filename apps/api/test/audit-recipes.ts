import type { KitRecordType } from '@scentia/shared/audit.schemas';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { adminDeviceAuditRecipes } from './admin-device-audit-recipes.ts';
import { nextCnpj } from './cnpjs.ts';
import { DEVICE_TELEMETRY, deviceAuditRecipes } from './device-audit-recipes.ts';
import { initiativeAuditRecipes } from './initiative-audit-recipes.ts';
import { importRecipe, type KitSample, kitRecipes, type Recipe } from './kit-recipes.ts';
import { memberAuditRecipes } from './member-audit-recipes.ts';
import { multipart, pngImage } from './multipart.ts';
import { quizAuditRecipes } from './quiz-audit-recipes.ts';
import type { TestContext } from './test-app.ts';

/**
 * One recipe per state-changing operation of the API (`METHOD /api/path` as the OpenAPI document writes
 * it): how to make a call of it succeed, who calls, and which record it changes. audit-trail.test.ts
 * fails for an operation that has none. A kit resource's create, update, delete and activate have theirs
 * from `kitRecipes` and a sample body in KIT_SAMPLES below; the recipes here are for the other routes.
 */

/** Operations whose calls are recorded in the access log instead (sign-in, refresh, sign-out). */
export const ACCESS_LOGGED = new Set(['POST /api/login', 'POST /api/login/refresh', 'POST /api/logout']);

/**
 * Operations that change no record anyone administers, each with why it is outside the trail; the
 * trail records nothing for them (audit-trail.test.ts plays each). The app's quiz events are counted
 * into statistics, never edited, and arrive in high volume from USER accounts: their tables have no
 * audit trigger, and the session keeps its own account and times (docs/decisions/audit-trail.md).
 */
export const OUTSIDE_THE_TRAIL: Record<string, string> = {
  'POST /api/app/quiz-sessions/events':
    'a played quiz’s events: counted as statistics, not a change to a record',
  ...DEVICE_TELEMETRY,
  'PUT /api/notifications/read/{alertId}': 'a person’s own read mark: bookkeeping of their attention',
  'PUT /api/notifications/read-all': 'a person’s own read marks: bookkeeping of their attention',
  'PUT /api/notification-settings':
    'a person’s own choice of the digest mail, no business record (shown in their personal-data export)',
  'POST /api/imports/{id}/cancel':
    'an import job’s own bookkeeping: what a cancelled apply wrote is rolled back, so no record changes',
};

/**
 * The kit's bulk routes: an action records one event per row, named `bulk<Action><RecordType>` under
 * the action's id (bulk-actions.test.ts checks them), and the ids of a filter change nothing.
 */
export const isBulkOperation = (key: string) => /^POST \/api\/.+\/bulk(\/ids)?$/.test(key);

let sequence = 0;
const unique = (prefix: string) => `${prefix} ${++sequence}`;

/** The newest link mailed to an address (its token), read from the outbox. */
export async function latestLinkToken(ctx: TestContext, email: string): Promise<string> {
  // Recovery mails are made after the answer: wait for that work before reading the outbox.
  await ctx.afterAnswersSettled();
  const [row] = await ctx.query<{ link: string }>(
    sql`select link from mail_outbox where to_address = ${email} order by id desc limit 1`,
  );
  return new URL(row?.link ?? 'https://x').searchParams.get('t') ?? '';
}

export type AuditSession = {
  ctx: TestContext;
  admin: { id: number; password: string };
  /** Sends a request as the admin, from the test's address. */
  send: (request: InjectOptions) => Promise<LightMyRequestResponse>;
};

export function auditRecipes({ ctx, admin, send }: AuditSession): Record<string, Recipe[]> {
  async function createCategory(): Promise<number> {
    const response = await send({ method: 'POST', url: '/api/categories', payload: { name: unique('Cat') } });
    expect(response.statusCode).toBe(201);
    return response.json().categoryId;
  }

  async function fragranceForm(categoryId: number, withImage: boolean) {
    return multipart([
      { name: 'name', value: unique('Fragrância') },
      { name: 'ofactoryWay', value: 'Cítrico fresco' },
      { name: 'categoryId', value: String(categoryId) },
      ...(withImage
        ? [{ name: 'image.file', fileName: 'f.png', contentType: 'image/png', bytes: await pngImage(64, 64) }]
        : []),
    ]);
  }

  async function createFragrance(): Promise<number> {
    const form = await fragranceForm(await createCategory(), true);
    const response = await send({ method: 'POST', url: '/api/fragrances', ...form });
    expect(response.statusCode).toBe(201);
    return response.json().fragranceId;
  }

  async function campaignForm(withCover: boolean, extra: { name: string; value: string }[] = []) {
    return multipart([
      { name: 'name', value: unique('Campanha') },
      { name: 'descriptions[0][language]', value: 'pt-BR' },
      { name: 'descriptions[0][description]', value: 'Descrição' },
      { name: 'collection[0][fragranceId]', value: String(await createFragrance()) },
      { name: 'collection[0][slot]', value: '1' },
      ...extra,
      ...(withCover
        ? [{ name: 'cover.file', fileName: 'c.png', contentType: 'image/png', bytes: await pngImage(64, 64) }]
        : []),
    ]);
  }

  async function createCampaign(): Promise<number> {
    const response = await send({ method: 'POST', url: '/api/campaigns', ...(await campaignForm(true)) });
    expect(response.statusCode).toBe(201);
    return response.json().campaignId;
  }

  function newUserBody(email: string) {
    return {
      email,
      nome: 'Nova Pessoa',
      cpf: null,
      document: null,
      ativo: true,
      profile: 'OPERADOR',
      birthday: null,
      genre: null,
      address: null,
    };
  }

  const organizationBody = () => ({
    name: unique('Perfumaria'),
    legalName: 'Perfumaria Auditada Ltda',
    cnpj: nextCnpj(),
    address: { country: 'BR', city: 'Recife' },
  });

  async function createOrganization(): Promise<number> {
    const response = await send({ method: 'POST', url: '/api/organizations', payload: organizationBody() });
    expect(response.statusCode).toBe(201);
    return response.json().organizationId;
  }

  async function cnpjOf(organizationId: number): Promise<string> {
    const [organization] = await ctx.query<{ cnpj: string }>(
      sql`select cnpj from organizations where id = ${organizationId}`,
    );
    return organization?.cnpj ?? '';
  }

  /** An active campaign's name, for a device imported into it. */
  async function campaignName(): Promise<string> {
    const [campaign] = await ctx.query<{ name: string }>(
      sql`select name from campaigns where id = ${await createCampaign()}`,
    );
    return campaign?.name ?? '';
  }

  const devices = adminDeviceAuditRecipes(ctx, send, { createOrganization, createCampaign });

  const samples: { [Type in KitRecordType]?: KitSample } = {
    category: async () => ({
      payload: { name: unique('Cítricos'), translations: [{ language: 'en-US', name: unique('Citrus') }] },
    }),
    organization: async () => ({ payload: organizationBody() }),
    location: async () => ({
      payload: {
        organizationId: await createOrganization(),
        name: unique('Loja'),
        address: { country: 'BR', zipcode: '50030-230', city: 'Recife', state: 'PE' },
        timeZone: 'America/Recife',
      },
    }),
    fragrance: async () => fragranceForm(await createCategory(), true),
    campaign: async () => campaignForm(true),
    device: devices.deviceSample,
  };
  const kitOperations = Object.entries(samples).map(([type, sample]) =>
    kitRecipes(type as KitRecordType, sample, send),
  );

  return {
    ...Object.assign({}, ...kitOperations),
    ...quizAuditRecipes(send, createCampaign),
    ...initiativeAuditRecipes(ctx, send),
    ...memberAuditRecipes(ctx, send),
    ...devices.recipes,
    ...deviceAuditRecipes(ctx),
    'POST /api/usuario': [
      {
        describe: 'creates a user',
        prepare: async () => {
          const email = `${unique('novo').replace(' ', '')}@scentia.test`;
          return {
            request: { method: 'POST', url: '/api/usuario', payload: newUserBody(email) },
            caller: 'admin',
            record: { type: 'user', id: Number.NaN },
          };
        },
      },
    ],
    'PUT /api/usuario/{id}': [
      {
        describe: 'updates a user',
        prepare: async () => {
          const person = await ctx.createAccount({ profile: 'OPERADOR' });
          const body = { ...newUserBody(person.email), nome: 'Nome Trocado' };
          return {
            request: { method: 'PUT', url: `/api/usuario/${person.id}`, payload: body },
            caller: 'admin',
            record: { type: 'user', id: person.id },
          };
        },
      },
      {
        describe: 'deactivates a user with {ativo}',
        prepare: async () => {
          const person = await ctx.createAccount({ profile: 'OPERADOR' });
          return {
            request: { method: 'PUT', url: `/api/usuario/${person.id}`, payload: { ativo: false } },
            caller: 'admin',
            record: { type: 'user', id: person.id },
          };
        },
      },
    ],
    'DELETE /api/usuario/{id}': [
      {
        describe: 'deletes an unconfirmed user',
        prepare: async () => {
          const person = await ctx.createAccount({ profile: 'OPERADOR', isConfirmed: false });
          return {
            request: { method: 'DELETE', url: `/api/usuario/${person.id}` },
            caller: 'admin',
            record: { type: 'user', id: person.id },
          };
        },
      },
    ],
    'POST /api/usuario/anonymise/{id}': [
      {
        describe: 'anonymises a user',
        prepare: async () => {
          const person = await ctx.createAccount({ profile: 'OPERADOR' });
          return {
            request: { method: 'POST', url: `/api/usuario/anonymise/${person.id}` },
            caller: 'admin',
            record: { type: 'user', id: person.id },
          };
        },
      },
    ],
    ...importRecipe('organization', 'an organisation imported from a spreadsheet', async () => {
      const body = organizationBody();
      return `name;legalName;cnpj;city\r\n${body.name};${body.legalName};${body.cnpj};Recife`;
    }),
    ...importRecipe('location', 'a location imported under its organisation’s CNPJ', async () => {
      const cnpj = await cnpjOf(await createOrganization());
      return `organizationCnpj;name;city\r\n${cnpj};${unique('Loja')};Recife`;
    }),
    ...importRecipe('user', 'an account imported from a spreadsheet', async () => {
      const email = `importada${++sequence}@scentia.test`;
      return `email;name;profile\r\n${email};${unique('Pessoa Importada')};OPERADOR`;
    }),
    ...importRecipe('category', 'a category imported from a spreadsheet', async () => {
      return `name\r\n${unique('Categoria Importada')}`;
    }),
    ...importRecipe('fragrance', 'a fragrance imported under its category’s name', async () => {
      const [category] = await ctx.query<{ name: string }>(
        sql`select name from categories where id = ${await createCategory()}`,
      );
      return `name;category;ofactoryWay\r\n${unique('Fragrância Importada')};${category?.name};Cítrico fresco`;
    }),
    ...importRecipe('device', 'a device imported at its organisation’s location', async () => {
      const organizationId = await createOrganization();
      const locationName = unique('Loja');
      const created = await send({
        method: 'POST',
        url: '/api/locations',
        payload: {
          organizationId,
          name: locationName,
          address: { country: 'BR', zipcode: '50030-230', city: 'Recife', state: 'PE' },
          timeZone: 'America/Recife',
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const mac = (++sequence).toString(16).padStart(12, '0').match(/../g)?.join(':');
      const cnpj = await cnpjOf(organizationId);
      return `macAddress;organizationCnpj;locationName;campaignName\r\n${mac};${cnpj};${locationName};${await campaignName()}`;
    }),
    'POST /api/organizations/contact-erasure/{id}': [
      {
        describe: 'erases an organisation’s contact person',
        prepare: async () => {
          const [row] = await ctx.query<{ id: number }>(sql`
            insert into organizations (name, legal_name, cnpj, contact_name, contact_email, phone)
            values (${unique('Cliente')}, 'Cliente Ltda', ${String(90000000000000 + ++sequence)},
              'Renata Souza', 'renata@cliente.test', '11987654321')
            returning id`);
          const id = row?.id ?? 0;
          return {
            request: { method: 'POST', url: `/api/organizations/contact-erasure/${id}` },
            caller: 'admin',
            record: { type: 'organization', id },
          };
        },
      },
    ],
    'POST /api/usuario/cadastro': [
      {
        describe: 'signs up',
        prepare: async () => ({
          request: {
            method: 'POST',
            url: '/api/usuario/cadastro',
            payload: {
              nome: 'Bruna Alves',
              email: `${unique('bruna').replace(' ', '')}@scentia.test`,
              password: 'Senha#12',
              termsAccepted: true,
            },
          },
          caller: 'anonymous',
          record: { type: 'user', id: Number.NaN },
        }),
      },
    ],
    'POST /api/usuario/recuperar-senha': [
      {
        describe: 'asks for a recovery link',
        prepare: async () => {
          const person = await ctx.createAccount({ profile: 'OPERADOR' });
          return {
            request: {
              method: 'POST',
              url: '/api/usuario/recuperar-senha',
              payload: { email: person.email },
            },
            caller: 'anonymous',
            record: { type: 'user', id: person.id },
          };
        },
      },
    ],
    'POST /api/requisicaotemporaria': [
      {
        describe: 'sets a password through a recovery link',
        prepare: async () => {
          const person = await ctx.createAccount({ profile: 'OPERADOR' });
          const asked = await ctx.app.inject({
            method: 'POST',
            url: '/api/usuario/recuperar-senha',
            payload: { email: person.email },
          });
          expect(asked.statusCode).toBe(204);
          const token = await latestLinkToken(ctx, person.email);
          return {
            request: {
              method: 'POST',
              url: '/api/requisicaotemporaria',
              payload: { token, password: 'Nova#Senha9' },
            },
            caller: 'anonymous',
            record: { type: 'user', id: person.id },
          };
        },
      },
    ],
    'PUT /api/usuario/update-password': [
      {
        describe: 'changes the signed-in password',
        prepare: async () => ({
          request: {
            method: 'PUT',
            url: '/api/usuario/update-password',
            payload: { senhaAtual: admin.password, novaSenha: admin.password },
          },
          caller: 'admin',
          record: { type: 'user', id: admin.id },
        }),
      },
    ],
    'PUT /api/usuario/resend-mail/{id}': [
      {
        describe: 'sends the activation mail again',
        prepare: async () => {
          const person = await ctx.createAccount({ profile: 'OPERADOR', isConfirmed: false });
          return {
            request: { method: 'PUT', url: `/api/usuario/resend-mail/${person.id}` },
            caller: 'admin',
            record: { type: 'user', id: person.id },
          };
        },
      },
    ],
    'POST /api/campaigns/qr-prints/{id}': [
      {
        describe: 'records a print of the QR code and counts it in downloads',
        prepare: async () => {
          const id = await createCampaign();
          return {
            request: {
              method: 'POST',
              url: `/api/campaigns/qr-prints/${id}`,
              payload: { kind: 'print', campaignUpdatedAt: new Date().toISOString() },
            },
            caller: 'admin',
            record: { type: 'campaign', id },
          };
        },
      },
    ],
    'PUT /api/campaigns/default': [
      {
        describe: 'makes a campaign the default, in place of the previous one',
        prepare: async () => {
          const previous = await createCampaign();
          const defaultCall = { method: 'PUT', url: '/api/campaigns/default' } as const;
          expect((await send({ ...defaultCall, payload: { campaignId: previous } })).statusCode).toBe(200);
          const id = await createCampaign();
          return {
            request: { ...defaultCall, payload: { campaignId: id } },
            caller: 'admin',
            record: { type: 'campaign', id },
          };
        },
      },
    ],
  };
}
