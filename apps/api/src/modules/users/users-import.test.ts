import type { ImportReport } from '@scentia/shared/record-import.schemas';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { csvFile, importCall } from '../../../test/import-files.ts';
import { staffSession } from '../../../test/resource-tests.ts';
import { firstSheetOf } from '../../../test/xlsx.ts';

// An operator (staff, not ADMIN) imports: it may give its own profile only, as in the user form.
const session = staffSession();

let sequence = 0;
const nextEmail = () => `importado.${++sequence}.${Date.now()}@exemplo.com.br`;

const HEADER = ['email', 'name', 'profile', 'cpf', 'country', 'city'];

type Caller = Pick<typeof session, 'ctx' | 'headers'>;

const upload = (rows: string[][], mode: 'check' | 'apply', language = 'pt-BR', caller: Caller = session) =>
  importCall(caller, '/api/usuario', Buffer.from(csvFile(rows)), mode, language);

/** An ADMIN, who may edit other users (an operator edits only its own record, as in the form). */
async function adminCaller(): Promise<Caller> {
  const admin = await session.ctx.createAccount({ profile: 'ADMIN' });
  const { token } = await session.ctx.signIn(admin.email, admin.password);
  return {
    ctx: session.ctx,
    headers: (language = 'pt-BR') => ({ authorization: `Bearer ${token}`, 'content-language': language }),
  };
}

async function usersWith(emails: string[]) {
  return (await session.ctx.query(
    sql`select lower(email) as email, name, language from users
        where lower(email) in (${sql.join(
          emails.map((email) => sql`${email.toLowerCase()}`),
          sql`, `,
        )}) order by email`,
  )) as { email: string; name: string; language: string }[];
}

async function mailsTo(emails: string[]) {
  return (await session.ctx.query(
    sql`select lower(to_address) as email, kind, language from mail_outbox
        where lower(to_address) in (${sql.join(
          emails.map((email) => sql`${email.toLowerCase()}`),
          sql`, `,
        )}) order by to_address`,
  )) as { email: string; kind: string; language: string }[];
}

describe('POST /usuario/import', () => {
  it('reports every bad row, naming its column, and writes and sends nothing', async () => {
    const emails = [nextEmail(), nextEmail(), nextEmail(), nextEmail(), nextEmail()];
    const rows = [
      HEADER,
      [emails[0] as string, 'Ana Souza', 'operador', '', 'BR', 'Recife'],
      ['not-an-email', 'Bruno Lima', 'OPERADOR', '', 'BR', 'Recife'],
      [emails[1] as string, 'Carla Dias', 'Gerente Inexistente', '', 'BR', 'Recife'],
      [emails[2] as string, 'Davi Reis', 'OPERADOR', '123.456.789-00', 'BR', 'Recife'],
      [emails[3] as string, 'Eva Melo', 'OPERADOR', '', 'ZZ', 'Recife'],
      [(emails[0] as string).toUpperCase(), 'Ana Repetida', 'OPERADOR', '', 'BR', 'Recife'],
    ];
    for (const mode of ['check', 'apply'] as const) {
      const report = (await upload(rows, mode, 'en-US')).json() as ImportReport;
      expect(report.errors.map(({ row, column, code }) => ({ row, column, code }))).toEqual([
        { row: 3, column: 'email', code: 'invalidEmail' },
        { row: 4, column: 'profile', code: 'unknownReference' },
        { row: 5, column: 'cpf', code: 'invalidCpf' },
        { row: 6, column: 'country', code: 'invalidCountry' },
        { row: 7, column: 'email', code: 'duplicateInFile' },
      ]);
      expect(report.errors[1]).toMatchObject({
        columnLabel: 'Profile',
        message: 'Not found: Gerente Inexistente.',
      });
      expect(report).toMatchObject({ applied: false, counts: { insert: 1, invalid: 5 } });
    }
    expect(await usersWith(emails)).toEqual([]);
    expect(await mailsTo(emails)).toEqual([]);
  });

  it('refuses a password column: a password never travels in the file', async () => {
    const email = nextEmail();
    for (const heading of ['password', 'Senha']) {
      const report = (
        await upload(
          [
            [...HEADER, heading],
            [email, 'Ana Souza', 'OPERADOR', '', 'BR', 'Recife', 'segredo123'],
          ],
          'apply',
        )
      ).json() as ImportReport;
      expect(report.errors.map(({ row, column, code }) => [row, column, code])).toEqual([
        [1, null, 'unknownColumns'],
      ]);
      expect(report.applied).toBe(false);
    }
    expect(await usersWith([email])).toEqual([]);
  });

  it('creates new accounts with one registration mail each, in their language; the same file again, or an update, sends nothing', async () => {
    const emails = [nextEmail(), nextEmail()];
    const rows = [
      HEADER,
      [emails[0] as string, 'Ana Souza', 'operador', '', 'BR', 'Recife'],
      [emails[1] as string, 'Bruno Lima', 'OPERADOR', '', '', ''],
    ];
    const first = (await upload(rows, 'apply', 'es-ES')).json() as ImportReport;
    expect(first).toMatchObject({
      applied: true,
      counts: { insert: 2, update: 0, unchanged: 0, invalid: 0 },
    });
    expect(await usersWith(emails)).toEqual([
      { email: emails[0], name: 'Ana Souza', language: 'es-ES' },
      { email: emails[1], name: 'Bruno Lima', language: 'es-ES' },
    ]);
    const expectedMails = emails.map((email) => ({ email, kind: 'registration', language: 'es-ES' }));
    expect(await mailsTo(emails)).toEqual(expectedMails);
    const events = (await session.ctx.query(
      sql`select distinct action from audit_events where request_id = ${first.id}`,
    )) as { action: string }[];
    expect(events).toEqual([{ action: 'importUser' }]);

    const second = (await upload(rows, 'apply', 'es-ES')).json() as ImportReport;
    expect(second).toMatchObject({
      applied: true,
      counts: { insert: 0, update: 0, unchanged: 2, invalid: 0 },
    });

    const renamed = rows.map((row) =>
      row[1] === 'Bruno Lima' ? [...row.slice(0, 1), 'Bruno Lima Neto', ...row.slice(2)] : row,
    );
    const third = (await upload(renamed, 'apply', 'pt-BR', await adminCaller())).json() as ImportReport;
    expect(third.errors).toEqual([]);
    expect(third.counts).toEqual({ insert: 0, update: 1, unchanged: 1, invalid: 0 });
    expect((await usersWith(emails)).map((user) => user.name)).toEqual(['Ana Souza', 'Bruno Lima Neto']);
    expect(await mailsTo(emails)).toEqual(expectedMails);
  });

  it('rolls back the whole file, mails included, when a row is refused as it is written', async () => {
    const emails = [nextEmail(), nextEmail()];
    // An operator may not give the ADMIN profile: the check refuses it (as the service's create would), row 3.
    const report = (
      await upload(
        [
          HEADER,
          [emails[0] as string, 'Ana Souza', 'OPERADOR', '', 'BR', 'Recife'],
          [emails[1] as string, 'Bruno Lima', 'ADMIN', '', 'BR', 'Recife'],
        ],
        'apply',
      )
    ).json() as ImportReport;
    expect(report.applied).toBe(false);
    expect(report.errors.map(({ row, code }) => [row, code])).toEqual([[3, 'PROFILE_NOT_ALLOWED']]);
    expect(await usersWith(emails)).toEqual([]);
    expect(await mailsTo(emails)).toEqual([]);
  });
});

describe('POST /usuario/import, a dry run', () => {
  it('reports on its row a profile the caller may not give, and another user it may not edit', async () => {
    const emails = [nextEmail(), nextEmail()];
    const other = await session.ctx.createAccount({ profile: 'OPERADOR' });
    const report = (
      await upload(
        [
          HEADER,
          [emails[0] as string, 'Ana Souza', 'OPERADOR', '', 'BR', 'Recife'],
          [emails[1] as string, 'Bruno Lima', 'ADMIN', '', 'BR', 'Recife'],
          [other.email, 'Carla Dias', 'OPERADOR', '', 'BR', 'Recife'],
        ],
        'check',
        'en-US',
      )
    ).json() as ImportReport;
    expect(report.errors.map(({ row, column, code }) => [row, column, code])).toEqual([
      [3, 'profile', 'PROFILE_NOT_ALLOWED'],
      [4, null, 'OWN_RECORD_ONLY'],
    ]);
    expect(report.errors[0]?.message).toBe('You can only assign your own profile.');
    expect(report.counts).toMatchObject({ insert: 1, invalid: 2 });
    expect(await usersWith(emails)).toEqual([]);
  });
});

describe('GET /usuario/import/template', () => {
  it('answers the columns in the caller’s language, without any password', async () => {
    const response = await session.call('GET', '/api/usuario/import/template', undefined, 'en-US');
    expect(response.statusCode).toBe(200);
    const sheet = await firstSheetOf(response);
    expect(sheet.header?.slice(0, 3)).toEqual(['E-mail', 'Name', 'Profile']);
    expect(sheet.header?.some((heading) => /password|senha|contraseña/i.test(String(heading)))).toBe(false);
  });
});
