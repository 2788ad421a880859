import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceGround, insertDevice } from '../../../test/device-fixtures.ts';
import { publishedQuizFixture, type QuizFixture, walkEvents } from '../../../test/quiz-sessions-fixture.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
let admin: { id: number; token: string };
let person: { id: number; email: string; password: string };
let quiz: QuizFixture;

const PERSON_NAME = 'Joana Privacidade Teste';
const PERSON_CPF = '52998224725';
const PERSON_STREET = 'Rua das Acácias Secretas, 42';

const asAdmin = (method: 'GET' | 'POST', url: string, token = admin.token) =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  ctx = await createTestApp();
  const account = await ctx.createAccount({ name: 'Admin Privacidade' });
  admin = { id: account.id, token: (await ctx.signIn(account.email, account.password)).token };

  // A person with a trace in every place the system keeps one.
  person = await ctx.createAccount({ profile: 'OPERADOR', name: PERSON_NAME });
  const updated = await ctx.app.inject({
    method: 'PUT',
    url: `/api/usuario/${person.id}`,
    headers: { authorization: `Bearer ${admin.token}` },
    payload: {
      email: person.email,
      nome: PERSON_NAME,
      cpf: PERSON_CPF,
      profile: 'OPERADOR',
      birthday: '1990-04-12',
      genre: 'F',
      address: { country: 'BR', zipcode: '01310100', street: PERSON_STREET, city: 'São Paulo', state: 'SP' },
    },
  });
  expect(updated.statusCode, updated.body).toBe(200);
  const session = await ctx.signIn(person.email, person.password);
  const wrong = await ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: person.email, password: 'Wrong#password1' },
  });
  expect(wrong.statusCode).toBe(401);
  const category = await ctx.app.inject({
    method: 'POST',
    url: '/api/categories',
    headers: { authorization: `Bearer ${session.token}` },
    payload: { name: 'Categoria da Joana' },
  });
  expect(category.statusCode, category.body).toBe(201);
  const recovery = await ctx.app.inject({
    method: 'POST',
    url: '/api/usuario/recuperar-senha',
    payload: { email: person.email },
  });
  expect(recovery.statusCode).toBe(204);
  await ctx.afterAnswersSettled();
  const [campaign] = await ctx.query<{ id: number }>(
    sql`insert into campaigns (name) values ('Campanha da Joana') returning id`,
  );
  const printed = await ctx.app.inject({
    method: 'POST',
    url: `/api/campaigns/qr-prints/${campaign?.id}`,
    headers: { authorization: `Bearer ${session.token}` },
    payload: { kind: 'print', campaignUpdatedAt: new Date().toISOString() },
  });
  expect(printed.statusCode, printed.body).toBeLessThan(300);
  // A quiz version the person published (the publication written as the fixture writes it), and a
  // walk of it they played in the app.
  quiz = await publishedQuizFixture(ctx, { name: 'Quiz da Joana' });
  await ctx.query(
    sql`update quiz_publications set published_by = ${person.id} where quiz_id = ${quiz.quizId}`,
  );
  const played = await ctx.app.inject({
    method: 'POST',
    url: '/api/app/quiz-sessions/events',
    headers: { authorization: `Bearer ${session.token}` },
    payload: {
      sessionId: randomUUID(),
      quizId: quiz.quizId,
      version: quiz.version,
      events: walkEvents(quiz, [quiz.a.a11, quiz.a.a21]),
    },
  });
  expect(played.statusCode, played.body).toBe(200);
  // A device the person linked themself to from the app.
  const { deviceId } = await insertDevice(ctx, await deviceGround(ctx));
  await ctx.query(sql`update devices set user_id = ${person.id}, paired_at = now() where id = ${deviceId}`);
  // Their digest choice and an alert they read.
  await ctx.query(sql`insert into notification_settings (user_id, daily_digest) values (${person.id}, true)`);
  await ctx.query(sql`insert into alerts (kind, severity, can_keep_running, device_id, location_id, organization_id)
    select 'deviceOffline', 'warning', true, id, location_id, organization_id from devices where id = ${deviceId}`);
  await ctx.query(sql`insert into alert_reads (alert_id, user_id) select id, ${person.id} from alerts`);
  // An initiative they proposed, a change of its status they made and a mail about it they sent.
  await ctx.query(sql`insert into initiatives (title, organization_id, campaign_id, starts_on, ends_on, proposed_by)
    select 'Iniciativa da Joana', organization_id, campaign_id, '2030-01-01', '2030-01-02', ${person.id}
    from devices where id = ${deviceId}`);
  await ctx.query(sql`insert into initiative_status_changes (initiative_id, to_status, changed_by)
    select id, 'inReview', ${person.id} from initiatives where proposed_by = ${person.id}`);
  await ctx.query(sql`insert into initiative_mails (initiative_id, status_change_id, recipient, subject, html, language, sent_by)
    select initiative_id, id, 'loja@rede.test', 'Ajustes', '<p>x</p>', 'pt-BR', ${person.id}
    from initiative_status_changes where changed_by = ${person.id}`);
  // A membership of theirs (a fixture: staff accounts hold none) and one they invited.
  const invitee = await ctx.createMember({ role: 'viewer' });
  await ctx.query(
    sql`update organization_members set invited_by_id = ${person.id} where user_id = ${invitee.id}`,
  );
  await ctx.query(sql`insert into organization_members (organization_id, user_id, role, accepted_at)
    values (${invitee.organizationId}, ${person.id}, 'manager', now())`);
  // An import they ran as a job.
  await ctx.query(sql`insert into record_imports (id, record_type, mode, state, file_name, file_kind, account_id, language, ip)
    values (gen_random_uuid(), 'organization', 'check', 'done', 'lojas.csv', 'csv', ${person.id}, 'pt-BR', '203.0.113.9')`);
});
afterAll(() => ctx.close());

/**
 * Every column holding a user's id: a foreign key to users, as the database itself declares, or a
 * name that says so (`user_id`, `…_user_id`, `…_by`, `actor…`), since a column may hold one without a
 * key (the trail's actor outlives the account on purpose).
 */
async function columnsHoldingUserIds() {
  return ctx.query<{ table_name: string; column_name: string }>(sql`
    select kcu.table_name, kcu.column_name
    from information_schema.referential_constraints rc
    join information_schema.key_column_usage kcu
      on kcu.constraint_name = rc.constraint_name and kcu.constraint_schema = rc.constraint_schema
    join information_schema.constraint_column_usage ccu
      on ccu.constraint_name = rc.unique_constraint_name and ccu.constraint_schema = rc.unique_constraint_schema
    where ccu.table_name = 'users' and kcu.table_schema = 'public'
    union
    select c.table_name, c.column_name from information_schema.columns c
    join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      and c.data_type in ('integer', 'bigint')
      and c.column_name ~ '(^|_)user_id$|_by$|^actor'
    order by 1, 2`);
}

/**
 * Where the answer shows each column's rows about the person (a new one must be added to the export),
 * as a path into the answer.
 */
const SECTION_OF_COLUMN: Record<string, string> = {
  'refresh_tokens.user_id': 'sessions',
  'access_log.user_id': 'accessLog',
  'temporary_requests.user_id': 'temporaryRequests',
  'account_activity.user_id': 'activity',
  'mail_outbox.user_id': 'mailOutbox',
  'campaign_qr_prints.printed_by': 'qrPrints',
  'quiz_publications.published_by': 'quizPublications',
  'quiz_sessions.user_id': 'quizSessions',
  'audit_events.actor_id': 'auditTrail.by',
  'devices.user_id': 'devices',
  'notification_settings.user_id': 'notificationSettings',
  'alert_reads.user_id': 'alertReads',
  'initiatives.proposed_by': 'initiativesProposed',
  'initiative_status_changes.changed_by': 'initiativeStatusChanges',
  'initiative_mails.sent_by': 'initiativeMails',
  'organization_members.user_id': 'memberships',
  'organization_members.invited_by_id': 'membersInvited',
  'record_imports.account_id': 'imports',
};

/** What a row of each table is told by in the answer, when not its `id` (null: the section's size). */
const ROW_KEY: Record<string, string> = {
  account_activity: 'null',
  notification_settings: 'null',
  alert_reads: 'alert_id',
};

const sectionAt = (data: Record<string, unknown>, path: string) =>
  path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown>)?.[key], data);

describe('GET /api/usuario/personal-data/{id}', () => {
  it('answers, as an attachment, a section with the person’s rows for every table that holds them', async () => {
    const response = await asAdmin('GET', `/api/usuario/personal-data/${person.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename=".+\.json"$/);
    const data = response.json();

    const columns = await columnsHoldingUserIds();
    expect(columns.map((column) => `${column.table_name}.${column.column_name}`)).toEqual(
      expect.arrayContaining([
        'refresh_tokens.user_id',
        'campaign_qr_prints.printed_by',
        'audit_events.actor_id',
      ]),
    );
    for (const { table_name: table, column_name: column } of columns) {
      const key = `${table}.${column}`;
      const path = SECTION_OF_COLUMN[key];
      expect(path, `no section of the export holds ${key}`).toBeDefined();
      // Ids as text: most are integers, a quiz session's is the app's UUID.
      const rows = await ctx.query<{ id: string | null }>(
        sql`select ${sql.raw(ROW_KEY[table] ?? 'id')}::text as id
          from ${sql.identifier(table)} where ${sql.identifier(column)} = ${person.id}`,
      );
      expect(rows.length, `${key} holds no row of the person: the test set-up misses it`).toBeGreaterThan(0);
      const held = sectionAt(data, path as string);
      const shown = Array.isArray(held) ? held : held ? [held] : [];
      const ids = shown.map((entry) =>
        String(
          (entry as { id?: number | string; auditId?: number; alertId?: number }).id ??
            (entry as { auditId?: number }).auditId ??
            (entry as { alertId?: number }).alertId,
        ),
      );
      for (const row of rows) {
        if (row.id === null) expect(shown.length, `${key} → ${path}`).toBe(rows.length);
        else expect(ids, `${key} → ${path}`).toContain(row.id);
      }
    }

    // The users row itself, and the trail's rows about the person.
    expect(data.account).toMatchObject({
      id: person.id,
      nome: PERSON_NAME,
      cpf: PERSON_CPF,
      hasPassword: true,
    });
    expect(data.address).toMatchObject({ street: PERSON_STREET, country: 'BR' });
    expect(data.accessLog.map((entry: { event: string }) => entry.event)).toEqual(
      expect.arrayContaining(['sign-in', 'sign-in-failed']),
    );
    expect(data.auditTrail.about.length).toBeGreaterThan(0);
    expect(data.auditTrail.about[0].changes[0]).toMatchObject({ table: 'users', rowKey: String(person.id) });
    expect(data.auditTrail.by.map((event: { action: string }) => event.action)).toContain('postCategories');
    expect(data.mailOutbox.map((mail: { kind: string }) => mail.kind)).toContain('recovery');
    expect(data.qrPrints).toEqual([expect.objectContaining({ kind: 'print' })]);
    expect(data.quizPublications).toEqual([
      expect.objectContaining({ quizName: 'Quiz da Joana', version: 1, publishedAt: expect.any(String) }),
    ]);
    expect(data.quizSessions).toEqual([
      expect.objectContaining({
        quizName: 'Quiz da Joana',
        version: 1,
        language: 'pt-BR',
        finishedAt: expect.any(String),
        abandonedAt: null,
        answerIds: [quiz.a.a11, quiz.a.a21],
        fragranceIds: quiz.fragranceIds.slice(0, 2),
      }),
    ]);
  });

  it('holds no secret: no password or token hash (the trail’s fingerprints only), no mail link or body', async () => {
    const body = (await asAdmin('GET', `/api/usuario/personal-data/${person.id}`)).body;
    const secrets = await ctx.query<{ value: string }>(sql`
      select password_hash as value from users where id = ${person.id}
      union all select token_hash from refresh_tokens where user_id = ${person.id}
      union all select token_hash from temporary_requests where user_id = ${person.id}
      union all select link from mail_outbox where to_address = ${person.email} and link is not null`);
    expect(secrets.length).toBeGreaterThan(3);
    for (const { value } of secrets) expect(body).not.toContain(value);
    expect(body).not.toMatch(/"(passwordHash|tokenHash|link|html|text)"/);
    // The trail's rows name a secret only by its fingerprint: that it changed, never its value.
    const named = [...body.matchAll(/"(?:password_hash|token_hash)":("[^"]*"|null)/g)].map(
      (match) => match[1],
    );
    expect(named.length).toBeGreaterThan(0);
    for (const value of named) expect(value).toMatch(/^("redacted:[0-9a-f]{8}"|null)$/);
  });

  it('answers the same as an .xlsx workbook, one sheet per section', async () => {
    const response = await asAdmin('GET', `/api/usuario/personal-data/${person.id}/export`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/spreadsheetml/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Conta',
      'Sessões',
      'Registro de acessos',
      'Links enviados',
      'Auditoria sobre a pessoa',
      'Auditoria pela pessoa',
      'QR codes impressos',
      'Quizzes publicados',
      'Quizzes jogados',
      'E-mails',
      'Dispositivos',
      'Notificações',
      'Alertas lidos',
      'Iniciativas propostas',
      'Situações de iniciativas',
      'E-mails de iniciativas',
      'Participação em organização',
      'Membros convidados',
      'Importações de planilhas',
    ]);
    const sessions = workbook.getWorksheet('Sessões');
    expect(sessions?.actualRowCount).toBeGreaterThan(1);
    const text = JSON.stringify(workbook.worksheets.map((sheet) => sheet.getSheetValues()));
    expect(text).toContain(PERSON_STREET);
    const [hash] = await ctx.query<{ value: string }>(
      sql`select token_hash as value from refresh_tokens where user_id = ${person.id} limit 1`,
    );
    expect(text).not.toContain(hash?.value);
  });

  it('answers 404 for an unknown account', async () => {
    const response = await asAdmin('GET', '/api/usuario/personal-data/999999');
    expect(response.statusCode).toBe(404);
  });
});
