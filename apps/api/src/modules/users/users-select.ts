import { eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { profiles, users } from '../../db/schema/index.ts';
import type { ListDefinition } from '../../lib/list-query.ts';

/** The sorts the users list accepts: the spec's dotted names and plain field names. */
export const usersList: ListDefinition = {
  sortable: {
    'User.Nome': users.searchText,
    nome: users.searchText,
    'User.Email': users.email,
    email: users.email,
    'User.CreatedAt': users.createdAt,
    createdAt: users.createdAt,
    'User.Id': users.id,
    id: users.id,
    'Profile.Nome': profiles.name,
    profile: profiles.name,
  },
  defaultSort: 'User.CreatedAt',
  tieBreaker: users.id,
};

/** What the users screens read of a user: never the password hash, which only sign-in needs. */
export const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  cpf: users.cpf,
  document: users.document,
  genre: users.genre,
  birthday: users.birthday,
  street: users.street,
  city: users.city,
  state: users.state,
  zipcode: users.zipcode,
  country: users.country,
  language: users.language,
  confirmedAt: users.confirmedAt,
  deletedAt: users.deletedAt,
  anonymizedAt: users.anonymizedAt,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  profileId: profiles.id,
  profileName: profiles.name,
};

/** The users with their profiles, as every read of users starts; `extra` adds computed columns. */
export const selectUsers = <Extra extends Record<string, SQL>>(db: Database, extra = {} as Extra) =>
  db
    .select({ ...userColumns, ...extra })
    .from(users)
    .innerJoin(profiles, eq(users.profileId, profiles.id));

/** A user row as the repository reads it (with its profile). */
export type UserRecord = Awaited<ReturnType<typeof selectUsers<Record<never, SQL>>>>[number];
