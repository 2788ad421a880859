import { ANONYMISED_VALUE } from '@scentia/shared/privacy.schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initiativeBody, initiativeGround } from '../../../test/initiatives-fixture.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
let adminToken: string;
let staffToken: string;

const erase = (id: number, token = adminToken) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/organizations/contact-erasure/${id}`,
    headers: { authorization: `Bearer ${token}` },
  });

beforeAll(async () => {
  ctx = await createTestApp();
  const admin = await ctx.createAccount();
  adminToken = (await ctx.signIn(admin.email, admin.password)).token;
  const staff = await ctx.createAccount({ profile: 'OPERADOR' });
  staffToken = (await ctx.signIn(staff.email, staff.password)).token;
});
afterAll(() => ctx.close());

let sequence = 0;

/**
 * An organisation whose contact person changed once (both people are in its trail), with a mail queued
 * to each contact address for no account and one to the first address for an account.
 */
async function organisationWithContacts() {
  sequence += 1;
  const first = {
    name: `Renata Contato ${sequence}`,
    email: `renata${sequence}@cliente.test`,
    phone: `119876${String(sequence).padStart(4, '0')}`,
  };
  const second = {
    name: `Otávio Contato ${sequence}`,
    email: `otavio${sequence}@cliente.test`,
    phone: `2198765${String(sequence).padStart(4, '0')}`,
  };
  const [row] = await ctx.query<{ id: number }>(sql`
    insert into organizations (name, legal_name, cnpj, contact_name, contact_email, phone, city)
    values (${`Cliente ${sequence}`}, ${`Cliente ${sequence} Ltda`}, ${String(11222333000181 + sequence * 1000)},
      ${first.name}, ${first.email}, ${first.phone}, 'Campinas')
    returning id`);
  const id = row?.id ?? 0;
  await ctx.query(sql`update organizations set contact_name = ${second.name}, contact_email = ${second.email},
    phone = ${second.phone} where id = ${id}`);
  // An account that once had the first address (the trail of its own row holds it, not this search).
  const account = await ctx.createAccount({ profile: 'OPERADOR' });
  for (const [address, userId] of [
    [first.email, null],
    [second.email.toUpperCase(), null],
    [first.email, account.id],
  ] as const) {
    await ctx.query(sql`insert into mail_outbox (kind, user_id, to_address, language, subject, status)
      values ('test', ${userId}, ${address}, 'pt-BR', 'Olá', 'logged')`);
  }
  return { id, people: [first, second], accountId: account.id };
}

/** Where a value still is: the trail's changes and the organisations table, searched as text. */
async function placesHolding(value: string): Promise<string[]> {
  const pattern = `%${value.toLowerCase()}%`;
  const [row] = await ctx.query<{ changes: number; organizations: number }>(sql`
    select
      (select count(*)::int from audit_changes c
        where lower(coalesce(c.before::text, '') || coalesce(c.after::text, '')) like ${pattern}) as changes,
      (select count(*)::int from organizations o where lower(o::text) like ${pattern}) as organizations`);
  return Object.entries(row ?? {})
    .filter(([, count]) => count > 0)
    .map(([place]) => place);
}

async function expectForgotten(people: { name: string; email: string; phone: string }[]) {
  for (const person of people) {
    for (const value of [person.name, person.email, person.phone]) {
      expect(await placesHolding(value), value).toEqual([]);
    }
  }
}

const mailsTo = async (addresses: string[]) =>
  ctx.query<{ to_address: string; user_id: number | null }>(sql`
    select to_address, user_id from mail_outbox
    where lower(to_address) in (${sql.join(
      addresses.map((address) => sql`${address.toLowerCase()}`),
      sql`, `,
    )}) order by id`);

describe('POST /api/organizations/contact-erasure/{id}', () => {
  it('is refused to a non-admin, and changes nothing', async () => {
    const { id, people } = await organisationWithContacts();
    const [events] = await ctx.query<{ total: number }>(sql`select count(*)::int as total from audit_events`);
    const response = await erase(id, staffToken);
    expect(response.statusCode).toBe(403);
    const [row] = await ctx.query(
      sql`select contact_name, contact_email, phone from organizations where id = ${id}`,
    );
    expect(row).toEqual({
      contact_name: people[1]?.name,
      contact_email: people[1]?.email,
      phone: people[1]?.phone,
    });
    expect(await placesHolding(people[0]?.email ?? '')).toEqual(['changes']);
    expect(await mailsTo(people.map((person) => person.email))).toHaveLength(3);
    const [after] = await ctx.query<{ total: number }>(sql`select count(*)::int as total from audit_events`);
    expect(after?.total).toBe(events?.total);
  });

  it('erases the contact person on the row and in the whole trail, once, as one event of the admin', async () => {
    const { id, people, accountId } = await organisationWithContacts();
    const [{ last } = { last: 0 }] = await ctx.query<{ last: number }>(
      sql`select coalesce(max(id), 0)::int as last from audit_events`,
    );
    const response = await erase(id);
    expect(response.statusCode, response.body).toBe(204);

    const [row] = await ctx.query(
      sql`select contact_name, contact_email, phone, name from organizations where id = ${id}`,
    );
    expect(row).toEqual({
      contact_name: null,
      contact_email: null,
      phone: null,
      name: `Cliente ${sequence}`,
    });
    await expectForgotten(people);
    // The account's mail to the same address is the account's: only its own erasure removes it.
    expect(await mailsTo(people.map((person) => person.email))).toEqual([
      { to_address: people[0]?.email, user_id: accountId },
    ]);

    const events = await ctx.query<{ action: string; record_type: string; record_id: string; id: number }>(
      sql`select id, action, record_type, record_id from audit_events where id > ${last} order by id`,
    );
    expect(events).toMatchObject([
      { action: 'postOrganizationsContactErasureById', record_type: 'organization', record_id: String(id) },
    ]);
    const changes = await ctx.query<{ before: Record<string, unknown>; after: Record<string, unknown> }>(
      sql`select before, after from audit_changes where event_id = ${events[0]?.id}`,
    );
    expect(changes).toEqual([
      {
        before: expect.objectContaining({
          contact_name: ANONYMISED_VALUE,
          contact_email: ANONYMISED_VALUE,
          phone: ANONYMISED_VALUE,
        }),
        after: expect.objectContaining({ contact_name: null, contact_email: null, phone: null }),
      },
    ]);

    // Again: nothing left to erase, nothing recorded.
    expect((await erase(id)).statusCode).toBe(204);
    const [{ again } = { again: 0 }] = await ctx.query<{ again: number }>(
      sql`select count(*)::int as again from audit_events where id > ${events[0]?.id}`,
    );
    expect(again).toBe(0);
  });

  it('answers 404 for an unknown organisation', async () => {
    const response = await erase(99999999);
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });
});

describe('the initiatives of an organisation whose contact is erased', () => {
  it('keep their review mails, but no longer the address they were sent to', async () => {
    const ground = await initiativeGround(ctx);
    const [{ contact_email: contactEmail } = { contact_email: '' }] = await ctx.query<{
      contact_email: string;
    }>(sql`select contact_email from organizations where id = ${ground.organizationId}`);
    const call = (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) =>
      ctx.app.inject({ method, url, payload, headers: { authorization: `Bearer ${adminToken}` } });
    const proposed = await call('POST', '/api/initiatives', initiativeBody(ground));
    expect(proposed.statusCode, proposed.body).toBe(201);
    const { initiativeId } = proposed.json();
    const requested = await call('PUT', `/api/initiatives/request-changes/${initiativeId}`, {
      email: contactEmail.toUpperCase(),
      subject: 'Ajustes na ativação',
      html: '<p>Mudem as datas, por favor.</p>',
    });
    expect(requested.statusCode, requested.body).toBe(200);
    const mails = () =>
      ctx.query<{ recipient: string; subject: string }>(
        sql`select recipient, subject from initiative_mails where initiative_id = ${initiativeId}`,
      );
    expect(await mails()).toEqual([
      { recipient: contactEmail.toUpperCase(), subject: 'Ajustes na ativação' },
    ]);

    expect((await erase(ground.organizationId)).statusCode).toBe(204);
    expect(await mails()).toEqual([{ recipient: ANONYMISED_VALUE, subject: 'Ajustes na ativação' }]);
    const [left] = await ctx.query<{ total: number }>(sql`
      select count(*)::int as total from initiative_mails m
      where lower(m::text) like ${`%${contactEmail.toLowerCase()}%`}`);
    expect(left?.total).toBe(0);
  });
});

describe('an organisation deleted for good', () => {
  it('takes its contact person out of the trail with it, whoever deletes it', async () => {
    const { id, people } = await organisationWithContacts();
    expect(await placesHolding(people[1]?.phone ?? '')).toEqual(['changes', 'organizations']);
    await ctx.query(sql`delete from organizations where id = ${id}`);
    await expectForgotten(people);
    const [deleted] = await ctx.query<{ before: Record<string, unknown> }>(sql`
      select before from audit_changes
      where record_type = 'organization' and record_id = ${String(id)} and after is null`);
    expect(deleted?.before).toMatchObject({ name: `Cliente ${sequence}`, contact_name: ANONYMISED_VALUE });
    // Through the API: deactivated, then deleted for good.
    const { id: viaApi, people: contacts } = await organisationWithContacts();
    const call = (method: 'DELETE', url: string) =>
      ctx.app.inject({ method, url, headers: { authorization: `Bearer ${adminToken}` } });
    expect((await call('DELETE', `/api/organizations/${viaApi}`)).statusCode).toBe(204);
    const deletedForGood = await call('DELETE', `/api/organizations/${viaApi}?hardDelete=true`);
    expect(deletedForGood.statusCode, deletedForGood.body).toBe(204);
    await expectForgotten(contacts);
    // The trail's guard is back once the trigger is done, in the same transaction too.
    const { id: other } = await organisationWithContacts();
    await expect(
      ctx.db.transaction(async (tx) => {
        await tx.execute(sql`delete from organizations where id = ${other}`);
        await tx.execute(sql`update audit_changes set after = null where record_id = ${String(other)}`);
      }),
    ).rejects.toThrow();
  });
});
