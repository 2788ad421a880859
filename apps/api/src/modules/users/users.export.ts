import type { Language } from '@scentia/shared/locales';
import { translate } from '../../i18n/translate.ts';
import { addressExportColumns } from '../../lib/resource-kit/record-export.ts';
import type { ExportColumn } from '../../lib/xlsx-export.ts';
import type { UserRecord } from './users-select.ts';

/** The users spreadsheet's columns, headed in the request's language. */
export function userExportColumns(language: Language): ExportColumn<UserRecord>[] {
  const t = (key: Parameters<typeof translate>[1]) => translate(language, key);
  return [
    { header: t('export.id'), width: 8, value: (user) => user.id },
    { header: t('export.name'), width: 32, value: (user) => user.name },
    { header: t('export.email'), width: 34, value: (user) => user.email },
    { header: t('export.profile'), width: 14, value: (user) => user.profileName },
    { header: t('export.cpf'), value: (user) => user.cpf },
    { header: t('export.document'), value: (user) => user.document },
    { header: t('export.genre'), width: 8, value: (user) => user.genre },
    { header: t('export.birthday'), width: 12, value: (user) => user.birthday },
    ...addressExportColumns<UserRecord>(t),
    { header: t('export.active'), width: 8, value: (user) => t(user.deletedAt ? 'export.no' : 'export.yes') },
    { header: t('export.confirmedAt'), width: 20, value: (user) => user.confirmedAt },
    { header: t('export.createdAt'), width: 20, value: (user) => user.createdAt },
  ];
}
