import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceGround, insertDevice } from '../../../test/device-fixtures.ts';
import { publishedQuizFixture } from '../../../test/quiz-sessions-fixture.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { AppError } from '../../lib/app-error.ts';
import { anonymiseAccount } from './anonymise-account.ts';

let ctx: TestContext;
let admin: { id: number; token: string };

const anonymise = (id: number, token = admin.token) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/usuario/anonymise/${id}`,
    headers: { authorization: `Bearer ${token}` },
  });

beforeAll(async () => {
  ctx = await createTestApp();
  const account = await ctx.createAccount({ name: 'Admin Anonimização' });
  admin = { id: account.id, token: (await ctx.signIn(account.email, account.password)).token };
});
afterAll(() => ctx.close());

/** A person with an address, a session, a failed sign-in and a pending recovery link. */
async function tracedPerson() {
  const person = await ctx.createAccount({ profile: 'OPERADOR', name: 'Mariana Apagável' });
  await ctx.query(sql`update users set cpf = '52998224725', street = 'Rua Esquecida 9', city = 'Recife',
    state = 'PE', zipcode = '50000000', country = 'BR', birthday = '1991-02-03', genre = 'F'
    where id = ${person.id}`);
  await ctx.signIn(person.email, person.password);
  await ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: person.email, password: 'Nope#12345' },
  });
  await ctx.app.inject({
    method: 'POST',
    url: '/api/usuario/recuperar-senha',
    payload: { email: person.email },
  });
  await ctx.afterAnswersSettled();
  // Their digest choice and an alert they read (rows the users row outlives: no cascade).
  const ground = await deviceGround(ctx);
  const { deviceId } = await insertDevice(ctx, ground);
  await ctx.query(sql`insert into notification_settings (user_id, daily_digest) values (${person.id}, true)`);
  await ctx.query(sql`insert into alerts (kind, severity, can_keep_running, device_id, location_id, organization_id)
    values ('deviceOffline', 'warning', true, ${deviceId}, ${ground.locationId}, ${ground.organizationId})`);
  await ctx.query(sql`insert into alert_reads (alert_id, user_id)
    select id, ${person.id} from alerts where device_id = ${deviceId}`);
  return person;
}

describe('POST /api/usuario/anonymise/{id}', () => {
  it('erases the personal data, its sessions and links, and scrubs it from the trail, in one audited call', async () => {
    const person = await tracedPerson();
    const response = await anonymise(person.id);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({
      id: person.id,
      nome: `#${person.id}`,
      email: `anonymised-${person.id}@invalid`,
      cpf: null,
      birthday: null,
      genre: null,
      address: null,
      ativo: false,
      profile: { nome: 'OPERADOR' },
    });
    expect(answer.anonymizedAt).toEqual(expect.any(String));

    const [row] = await ctx.query<Record<string, unknown>>(
      sql`select password_hash, street, anonymized_at from users where id = ${person.id}`,
    );
    expect(row).toMatchObject({ password_hash: null, street: null });
    expect(row?.anonymized_at).not.toBeNull();
    for (const table of [
      'refresh_tokens',
      'temporary_requests',
      'account_activity',
      'notification_settings',
      'alert_reads',
    ]) {
      const [left] = await ctx.query<{ total: number }>(
        sql`select count(*)::int as total from ${sql.identifier(table)} where user_id = ${person.id}`,
      );
      expect(left?.total, table).toBe(0);
    }
    const [mails] = await ctx.query<{ total: number }>(
      sql`select count(*)::int as total from mail_outbox where lower(to_address) = lower(${person.email})`,
    );
    expect(mails?.total).toBe(0);

    // The access log keeps its records, linked to the account, without the typed e-mail.
    const log = await ctx.query<{ event: string; email: string | null }>(
      sql`select event, email from access_log where user_id = ${person.id} order by id`,
    );
    expect(log.map((entry) => entry.event)).toEqual(['sign-in', 'sign-in-failed']);
    expect(log.every((entry) => entry.email === null)).toBe(true);

    // The trail keeps who did what and when; the person's values are gone from every change.
    const trail = await ctx.query<{ action: string; actor_id: number | null; changes: string }>(sql`
      select e.action, e.actor_id, c.before::text || ' ' || coalesce(c.after::text, '') as changes
      from audit_changes c join audit_events e on e.id = c.event_id
      where c.table_name = 'users' and c.row_key = ${String(person.id)} order by c.id`);
    const text = JSON.stringify(trail);
    for (const value of ['Mariana', person.email, '52998224725', 'Rua Esquecida', 'Recife', '1991-02-03'])
      expect(text).not.toContain(value);
    expect(text).toContain('anonymised');
    const last = trail.at(-1);
    expect(last).toMatchObject({ action: 'postUsuarioAnonymiseById', actor_id: admin.id });
    expect(last?.changes).toContain(`#${person.id}`);

    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: person.email, password: person.password },
    });
    expect(signIn.statusCode).toBe(401);
  });

  it('keeps the person’s import jobs without the address and user agent of their uploads', async () => {
    const person = await ctx.createAccount({ profile: 'OPERADOR' });
    const job = (accountId: number, fileName: string) => sql`insert into record_imports
      (id, record_type, mode, state, file_name, file_kind, account_id, language, ip, user_agent)
      values (gen_random_uuid(), 'organization', 'apply', 'queued', ${fileName}, 'csv', ${accountId},
        'pt-BR', '203.0.113.7', 'Mozilla/5.0 (Importação)')`;
    await ctx.query(job(person.id, 'lojas-da-pessoa.csv'));
    await ctx.query(job(admin.id, 'lojas-do-admin.csv'));
    expect((await anonymise(person.id)).statusCode).toBe(200);
    const jobs = await ctx.query<{ file_name: string; ip: string | null; user_agent: string | null }>(
      sql`select file_name, ip, user_agent from record_imports
        where file_name in ('lojas-da-pessoa.csv', 'lojas-do-admin.csv') order by file_name`,
    );
    expect(jobs).toEqual([
      { file_name: 'lojas-da-pessoa.csv', ip: null, user_agent: null },
      { file_name: 'lojas-do-admin.csv', ip: '203.0.113.7', user_agent: 'Mozilla/5.0 (Importação)' },
    ]);
  });

  it('keeps the quiz versions the person published, linked to the id that now names nobody', async () => {
    const person = await tracedPerson();
    const quiz = await publishedQuizFixture(ctx, { name: 'Quiz da Mariana' });
    await ctx.query(
      sql`update quiz_publications set published_by = ${person.id} where quiz_id = ${quiz.quizId}`,
    );
    expect((await anonymise(person.id)).statusCode).toBe(200);
    const publications = await ctx.query<{ published_by: number | null }>(
      sql`select published_by from quiz_publications where quiz_id = ${quiz.quizId}`,
    );
    expect(publications).toEqual([{ published_by: person.id }]);
  });

  it('refuses oneself, an account already anonymised, and an unknown one', async () => {
    const self = await anonymise(admin.id);
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe('SELF_ANONYMISATION');

    const person = await ctx.createAccount({ profile: 'OPERADOR' });
    expect((await anonymise(person.id)).statusCode).toBe(200);
    const again = await anonymise(person.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_ANONYMISED');

    const unknown = await anonymise(2_000_000);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
  });

  it('never erases the last active ADMIN, even when two admins erase each other at once', async () => {
    const other = await ctx.createAccount({ name: 'Outro Admin' });
    const otherToken = (await ctx.signIn(other.email, other.password)).token;
    const answers = await Promise.all([anonymise(other.id), anonymise(admin.id, otherToken)]);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    const [refused] = answers.filter((answer) => answer.statusCode !== 200);
    // The loser is turned away: by the rule, or because its own session ended with its account.
    expect([401, 409]).toContain(refused?.statusCode);
    if (refused?.statusCode === 409) expect(refused.json().code).toBe('LAST_ACTIVE_ADMIN');
    const [active] = await ctx.query<{ total: number }>(sql`
      select count(*)::int as total from users u join profiles p on p.id = u.profile_id
      where p.name = 'ADMIN' and u.deleted_at is null`);
    expect(active?.total).toBe(1);

    // The rule itself, whoever asks (the retention job has no session).
    const [survivor] = await ctx.query<{ id: number }>(sql`
      select u.id from users u join profiles p on p.id = u.profile_id
      where p.name = 'ADMIN' and u.deleted_at is null`);
    const refusal = await anonymiseAccount({ db: ctx.db, userId: survivor?.id ?? 0 }).catch((error) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).code).toBe('LAST_ACTIVE_ADMIN');
  });
});

describe('an e-mail address the account had before an admin corrected it', () => {
  it('is in the export and erased with the account: its mails and the failed sign-ins typing it', async () => {
    // Its own admin: the test above leaves either of its two admins erased.
    const corrector = await ctx.createAccount({ name: 'Admin Correção' });
    const token = (await ctx.signIn(corrector.email, corrector.password)).token;
    const person = await ctx.createAccount({ profile: 'OPERADOR', name: 'Rita Endereço Antigo' });
    const oldAddress = person.email;
    const newAddress = `corrigido-${person.id}@scentia.test`;
    const recovery = await ctx.app.inject({
      method: 'POST',
      url: '/api/usuario/recuperar-senha',
      payload: { email: oldAddress },
    });
    expect(recovery.statusCode).toBe(204);
    await ctx.afterAnswersSettled();
    // A mail queued before mails named their account: found by its address only.
    await ctx.query(sql`insert into mail_outbox (kind, to_address, to_name, language, subject, text, status)
      values ('recovery', ${oldAddress.toUpperCase()}, 'Rita Endereço Antigo', 'pt-BR', 'Antigo', 'corpo', 'logged')`);
    const corrected = await ctx.app.inject({
      method: 'PUT',
      url: `/api/usuario/${person.id}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { email: newAddress, nome: 'Rita Endereço Antigo', profile: 'OPERADOR' },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const typed = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: oldAddress, password: person.password },
    });
    expect(typed.statusCode).toBe(401);

    const exported = await ctx.app.inject({
      method: 'GET',
      url: `/api/usuario/personal-data/${person.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(exported.statusCode).toBe(200);
    const data = exported.json();
    const mailAddresses = data.mailOutbox.map((mail: { toAddress: string }) => mail.toAddress.toLowerCase());
    expect(mailAddresses).toEqual([oldAddress, oldAddress]);
    expect(data.accessLog).toEqual(
      expect.arrayContaining([expect.objectContaining({ event: 'sign-in-failed', email: oldAddress })]),
    );

    expect((await anonymise(person.id, token)).statusCode).toBe(200);
    const [left] = await ctx.query<{ mails: number; logins: number; texts: string | null }>(sql`
      select (select count(*)::int from mail_outbox
                where user_id = ${person.id} or lower(to_address) = ${oldAddress}) as mails,
             (select count(*)::int from access_log where lower(email) = ${oldAddress}) as logins,
             (select string_agg(coalesce(to_name, '') || text, ' ') from mail_outbox
                where text like '%Rita%' or to_name like '%Rita%') as texts`);
    expect(left).toEqual({ mails: 0, logins: 0, texts: null });
  });
});
