import type { Language } from '@scentia/shared/locales';
import type { PersonalData } from '@scentia/shared/privacy.schemas';
import ExcelJS from 'exceljs';
import { type MessageKey, translate } from '../../i18n/translate.ts';

type Cell = string | number | boolean | null;
type Sheet = { title: MessageKey; rows: Record<string, Cell>[] };

/** Nested values (an audit change's row) as JSON text in one cell. */
const cell = (value: unknown): Cell =>
  value === null || value === undefined || typeof value !== 'object'
    ? (value as Cell)
    : JSON.stringify(value);

const flat = (row: object): Record<string, Cell> =>
  Object.fromEntries(Object.entries(row).map(([key, value]) => [key, cell(value)]));

/** The sections of the personal data, one sheet each, in the order of the JSON answer. */
function sheetsOf(data: PersonalData): Sheet[] {
  const { profile, ...account } = data.account;
  const fields = {
    ...account,
    profile: profile.nome,
    ...(data.address ?? {}),
    lastActiveAt: data.activity?.lastActiveAt ?? null,
    generatedAt: data.generatedAt,
  };
  return [
    {
      title: 'export.privacy.account',
      rows: Object.entries(fields).map(([field, value]) => ({ field, value: cell(value) })),
    },
    { title: 'export.privacy.sessions', rows: data.sessions.map(flat) },
    { title: 'export.privacy.accessLog', rows: data.accessLog.map(flat) },
    { title: 'export.privacy.temporaryRequests', rows: data.temporaryRequests.map(flat) },
    {
      title: 'export.privacy.auditAbout',
      // One line per changed row, its event's columns repeated.
      rows: data.auditTrail.about.flatMap(({ changes, ...event }) =>
        changes.map((change) => flat({ ...event, ...change })),
      ),
    },
    { title: 'export.privacy.auditBy', rows: data.auditTrail.by.map(flat) },
    { title: 'export.privacy.qrPrints', rows: data.qrPrints.map(flat) },
    { title: 'export.privacy.quizPublications', rows: data.quizPublications.map(flat) },
    { title: 'export.privacy.quizSessions', rows: data.quizSessions.map(flat) },
    { title: 'export.privacy.mailOutbox', rows: data.mailOutbox.map(flat) },
    { title: 'export.privacy.devices', rows: data.devices.map(flat) },
    {
      title: 'export.privacy.notificationSettings',
      rows: data.notificationSettings ? [flat(data.notificationSettings)] : [],
    },
    { title: 'export.privacy.alertReads', rows: data.alertReads.map(flat) },
    { title: 'export.privacy.initiativesProposed', rows: data.initiativesProposed.map(flat) },
    { title: 'export.privacy.initiativeStatusChanges', rows: data.initiativeStatusChanges.map(flat) },
    { title: 'export.privacy.initiativeMails', rows: data.initiativeMails.map(flat) },
    { title: 'export.privacy.memberships', rows: data.memberships.map(flat) },
    { title: 'export.privacy.membersInvited', rows: data.membersInvited.map(flat) },
    { title: 'export.privacy.imports', rows: data.imports.map(flat) },
  ];
}

/**
 * The personal data as an .xlsx workbook, one sheet per section, named in the request's language;
 * columns are headed with the JSON answer's field names, so both forms read the same. Small (one
 * person), so it is built in memory rather than streamed.
 */
export async function personalDataWorkbook(data: PersonalData, language: Language): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const { title, rows } of sheetsOf(data)) {
    const sheet = workbook.addWorksheet(translate(language, title));
    const headers = [...new Set(rows.flatMap((row) => Object.keys(row)))];
    sheet.columns = headers.map((header) => ({ header, key: header, width: 22 }));
    for (const row of rows) sheet.addRow(row);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
