import { AUDITED_COLUMNS, type AuditHistoryEvent, referenceKey } from '@scentia/shared/audit-fields';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, pngImage } from '../../../test/multipart.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
let admin: { id: number; token: string };
const ADMIN_NAME = 'Nina Nomeadora';

function send(request: InjectOptions) {
  return ctx.app.inject({
    ...request,
    headers: { ...request.headers, authorization: `Bearer ${admin.token}` },
  });
}

async function history(recordType: string, id: number): Promise<AuditHistoryEvent[]> {
  const response = await send({ method: 'GET', url: `/api/audit/history/${recordType}/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function created(request: InjectOptions, idField: string): Promise<number> {
  const response = await send(request);
  expect(response.statusCode, response.body).toBe(201);
  return response.json()[idField];
}

beforeAll(async () => {
  ctx = await createTestApp({ DATA_DIR: `/tmp/scentia-audit-names-${process.pid}` });
  const account = await ctx.createAccount({ name: ADMIN_NAME });
  admin = { id: account.id, token: (await ctx.signIn(account.email, account.password)).token };
});
afterAll(() => ctx.close());

describe('AUDITED_COLUMNS', () => {
  it('lists every column the audit triggers record, table by table', async () => {
    const triggers = await ctx.query<{ table_name: string }>(sql`
      select c.relname as table_name from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where t.tgname = c.relname || '_audit'`);
    const columns = await ctx.query<{ table_name: string; column_name: string }>(sql`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public'
        and not audit_is_bookkeeping(column_name)`);
    const audited = Object.fromEntries(
      triggers
        .map(({ table_name }) => [
          table_name,
          columns
            .filter((column) => column.table_name === table_name)
            .map((column) => column.column_name)
            .sort(),
        ])
        .sort(),
    );
    const listed = Object.fromEntries(
      Object.entries(AUDITED_COLUMNS)
        .map(([table, names]) => [table, [...names].sort()])
        .sort(),
    );
    expect(listed).toEqual(audited);
  });
});

describe('GET /api/audit/history/{recordType}/{recordId}', () => {
  it("names the records its changes refer to: category, fragrance, profile, who printed and a quiz's parts", async () => {
    const categoryId = await created(
      { method: 'POST', url: '/api/categories', payload: { name: 'Amadeirados', translations: [] } },
      'categoryId',
    );
    const fragranceForm = multipart([
      { name: 'name', value: 'Cedro Atlas' },
      { name: 'ofactoryWay', value: 'Amadeirado seco' },
      { name: 'categoryId', value: String(categoryId) },
      { name: 'image.file', fileName: 'f.png', contentType: 'image/png', bytes: await pngImage(64, 64) },
    ]);
    const fragranceId = await created(
      {
        method: 'POST',
        url: '/api/fragrances',
        payload: fragranceForm.payload,
        headers: fragranceForm.headers,
      },
      'fragranceId',
    );
    const [fragranceCreated] = await history('fragrance', fragranceId);
    expect(fragranceCreated?.names).toEqual({ [referenceKey('category', categoryId)]: 'Amadeirados' });

    const campaignForm = multipart([
      { name: 'name', value: 'Campanha de inverno' },
      { name: 'descriptions[0][language]', value: 'pt-BR' },
      { name: 'descriptions[0][description]', value: 'Descrição' },
      { name: 'collection[0][fragranceId]', value: String(fragranceId) },
      { name: 'collection[0][slot]', value: '1' },
      { name: 'cover.file', fileName: 'c.png', contentType: 'image/png', bytes: await pngImage(64, 64) },
    ]);
    const campaignId = await created(
      { method: 'POST', url: '/api/campaigns', payload: campaignForm.payload, headers: campaignForm.headers },
      'campaignId',
    );
    const printed = await send({
      method: 'POST',
      url: `/api/campaigns/qr-prints/${campaignId}`,
      payload: { kind: 'print', campaignUpdatedAt: new Date().toISOString() },
    });
    expect(printed.statusCode, printed.body).toBeLessThan(300);
    const [print, campaignCreated] = await history('campaign', campaignId);
    expect(print?.names).toEqual({ [referenceKey('user', admin.id)]: ADMIN_NAME });
    expect(campaignCreated?.names).toEqual({ [referenceKey('fragrance', fragranceId)]: 'Cedro Atlas' });

    // A quiz's parts are named by their texts: the question, its answers, the next question.
    const quizId = await created(
      { method: 'POST', url: '/api/quiz', payload: { name: 'Quiz Nomeado', campaignId, language: 'pt-BR' } },
      'quizId',
    );
    const saveQuestion = (quest: string, answers: object[]) =>
      send({ method: 'POST', url: '/api/question/add-update', payload: { quizId, quest, answers } });
    const last = (
      await saveQuestion('Qual madeira?', [
        { desc: 'Cedro', isAnswerFinish: true, fragrances: [fragranceId] },
      ])
    ).json();
    const lastQuestionId = last.questions[0].quizQuestionId;
    const first = (
      await saveQuestion('Qual estação?', [
        { desc: 'Inverno', isAnswerFinish: false, nextQuizQuestionId: lastQuestionId },
      ])
    ).json();
    const firstQuestion = first.questions[1];
    const quizHistory = await history('quiz', quizId);
    const withNext = quizHistory.find((event) =>
      event.changes.some((change) => change.fields.some((field) => field.field === 'next_question_id')),
    );
    expect(withNext?.names).toMatchObject({
      [referenceKey('questionText', firstQuestion.questionId)]: 'Qual estação?',
      [referenceKey('answerText', firstQuestion.answers[0].answerId)]: 'Inverno',
      [referenceKey('quizQuestion', lastQuestionId)]: 'Qual madeira?',
      [referenceKey('quizQuestion', firstQuestion.quizQuestionId)]: 'Qual estação?',
    });
    const withOption = quizHistory.find((event) =>
      event.changes.some((change) => change.table === 'quiz_fragrance_options'),
    );
    expect(withOption?.names).toMatchObject({
      [referenceKey('quizAnswer', last.questions[0].answers[0].quizQuestionAnswerId)]: 'Cedro',
      [referenceKey('fragrance', fragranceId)]: 'Cedro Atlas',
    });

    const person = await ctx.createAccount({ name: 'Pedro Perfilado', profile: 'OPERADOR' });
    await ctx.query(sql`update users set name = 'Pedro Renomeado' where id = ${person.id}`);
    const [profile] = await ctx.query<{ id: number }>(sql`select id from profiles where name = 'OPERADOR'`);
    const userHistory = await history('user', person.id);
    const withProfile = userHistory.find((event) =>
      event.changes.some((change) => change.fields.some((field) => field.field === 'profile_id')),
    );
    expect(withProfile?.names).toEqual({ [referenceKey('profile', profile?.id)]: 'OPERADOR' });
  });

  it('names each event’s own record in the trail’s list, also when the event did not change its name', async () => {
    const categoryId = await created(
      { method: 'POST', url: '/api/categories', payload: { name: 'Resinosos', translations: [] } },
      'categoryId',
    );
    const edit = { name: 'Resinosos', translations: [{ language: 'en-US', name: 'Resinous' }] };
    expect(
      (await send({ method: 'PUT', url: `/api/categories/${categoryId}`, payload: edit })).statusCode,
    ).toBe(200);
    const response = await send({
      method: 'GET',
      url: `/api/audit?recordType=category&recordId=${categoryId}&perPage=10`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [edited] = response.json().data as AuditHistoryEvent[];
    expect(edited?.changes.some((change) => change.table === 'categories')).toBe(false);
    expect(edited?.names[referenceKey('category', categoryId)]).toBe('Resinosos');
  });

  it('names a record removed for good by the last name the trail recorded', async () => {
    const categoryId = await created(
      { method: 'POST', url: '/api/categories', payload: { name: 'Efêmeros', translations: [] } },
      'categoryId',
    );
    const rename = { name: 'Efêmeros raros', translations: [] };
    expect(
      (await send({ method: 'PUT', url: `/api/categories/${categoryId}`, payload: rename })).statusCode,
    ).toBe(200);
    expect((await send({ method: 'DELETE', url: `/api/categories/${categoryId}` })).statusCode).toBe(204);
    const removed = await send({ method: 'DELETE', url: `/api/categories/${categoryId}?hardDelete=true` });
    expect(removed.statusCode, removed.body).toBe(204);
    const events = await history('category', categoryId);
    expect(events.length).toBeGreaterThan(0);
    // A record's own history needs no name of its own record.
    for (const event of events) expect(event.names).toEqual({});
    const response = await send({
      method: 'GET',
      url: `/api/audit?recordType=category&recordId=${categoryId}&perPage=10`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const listed = response.json().data as AuditHistoryEvent[];
    expect(listed.length).toBe(events.length);
    for (const event of listed) {
      expect(event.names).toEqual({ [referenceKey('category', categoryId)]: 'Efêmeros raros' });
    }
  });
});
