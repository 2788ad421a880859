import { type UserBody, userBodySchema } from '@scentia/shared/users.schemas';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { profiles, users } from '../../db/schema/index.ts';
import { accessRefusal } from '../../lib/access-policy.ts';
import { addressImport } from '../../lib/resource-kit/import/import-address.ts';
import type {
  CallerRefusal,
  ChunkRow,
  ImportCaller,
  ImportDeclaration,
} from '../../lib/resource-kit/import/import-declaration.ts';
import { userValuesOf } from './user-values.ts';

/** A user's natural key: the e-mail as the unique index compares it (`lower(email)`). */
const emailKey = (email: string) => email.toLowerCase();

/** The import always names the profile by its id (found by name in the file). */
const profileIdOf = (body: UserBody) =>
  typeof body.profile === 'object' && 'id' in body.profile ? body.profile.id : 0;

/** What a stored user and a row are compared by: the columns the service writes from a body. */
const comparable = (body: UserBody) => userValuesOf(body, profileIdOf(body));

async function findExisting(db: Database, emails: string[]) {
  const rows = await db
    .select()
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
  return new Map(
    rows.map((row) => {
      const { name, email, cpf, document, genre, birthday, profileId } = row;
      const { street, city, state, zipcode, country } = row;
      const values = { name, email, cpf, document, genre, birthday, profileId };
      return [
        emailKey(row.email),
        {
          id: row.id,
          isActive: row.deletedAt === null,
          values: { ...values, street, city, state, zipcode, country },
          facts: { confirmedAt: row.confirmedAt, anonymizedAt: row.anonymizedAt },
        },
      ];
    }),
  );
}

/** Profiles by their stored name, case ignored (as the user form and `POST /usuario` name them). */
async function findProfiles(db: Database, names: string[]) {
  const rows = await db
    .select({ id: profiles.id, name: sql<string>`upper(${profiles.name})` })
    .from(profiles)
    .where(inArray(sql`upper(${profiles.name})`, names));
  return new Map(rows.map((row) => [row.name, row.id]));
}

/**
 * What the users service's save refuses the caller for a row, in the order it asks (editing the user,
 * then giving the profile): an operator edits only its own record and gives only its own profile.
 */
function refuse(
  { account }: ImportCaller,
  { body, existing }: ChunkRow<UserBody>,
): CallerRefusal | undefined {
  if (!account) return undefined;
  if (existing) {
    const { confirmedAt, anonymizedAt } = existing.facts as {
      confirmedAt: Date | null;
      anonymizedAt: Date | null;
    };
    const code = accessRefusal(account, 'users.edit', { id: existing.id, confirmedAt, anonymizedAt });
    if (code) return { column: null, code };
  }
  const code = accessRefusal(account, 'profiles.assign', { profileId: profileIdOf(body) });
  return code ? { column: 'profile', code } : undefined;
}

/** A user's address is optional: a row leaving every address cell empty gives none. */
const address = addressImport({ isOptional: true });

/**
 * The users' import: one row an account, found by its e-mail, checked by the user form's own body
 * schema; its profile named by name. No password column: a new account sets its own password through
 * the registration mail its create queues.
 */
export function userImport(hooks: {
  saves: ImportDeclaration<UserBody>['saves'];
  afterApply: () => void;
}): ImportDeclaration<UserBody> {
  return {
    recordType: 'user',
    schema: userBodySchema,
    columns: [
      {
        key: 'email',
        label: 'export.email',
        rules: 'import.rules.userEmail',
        example: 'ana.souza@example.com',
        isRequired: true,
      },
      {
        key: 'name',
        label: 'export.name',
        rules: 'import.rules.personName',
        example: 'Ana Souza',
        isRequired: true,
        path: ['nome'],
      },
      {
        key: 'profile',
        label: 'export.profile',
        rules: 'import.rules.profile',
        example: 'STAFF',
        isRequired: true,
      },
      { key: 'cpf', label: 'export.cpf', rules: 'import.rules.cpf', example: '' },
      {
        key: 'document',
        label: 'export.document',
        rules: 'import.rules.optionalText',
        maxLength: 14,
        example: '',
      },
      { key: 'genre', label: 'export.genre', rules: 'import.rules.genre', example: 'F' },
      { key: 'birthday', label: 'export.birthday', rules: 'import.rules.birthday', example: '1990-05-17' },
      ...address.columns,
    ],
    references: [{ column: 'profile', normalize: (text) => text.toUpperCase(), find: findProfiles }],
    toInput: (values, references) => ({
      email: values.email ?? '',
      nome: values.name ?? '',
      profile: references.profile ? { id: references.profile } : (values.profile ?? ''),
      cpf: values.cpf ?? undefined,
      document: values.document ?? undefined,
      genre: values.genre ?? null,
      birthday: values.birthday ?? null,
      address: address.input(values),
    }),
    naturalKey: { column: 'email', of: (body) => emailKey(body.email) },
    findExisting,
    comparable,
    refuse,
    saves: hooks.saves,
    afterApply: hooks.afterApply,
  };
}
