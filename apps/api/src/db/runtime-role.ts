import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from './client.ts';

export type DatabaseRole = { name: string; isSuperuser: boolean; isOwner: boolean };

/** Who the server's connection is: a superuser, the owner of the tables (or a member of it), or neither. */
export async function databaseRole(database: DatabaseHandle): Promise<DatabaseRole> {
  const result = (await database.db.execute(sql`
    select current_user::text as name, r.rolsuper as "isSuperuser", audit_is_owner(current_user) as "isOwner"
    from pg_catalog.pg_roles r where r.rolname = current_user`)) as unknown as { rows: DatabaseRole[] };
  const [role] = result.rows;
  if (!role) throw new Error('the database does not know its own user');
  return role;
}

/**
 * Why the server must not run with this connection, or null. In production it runs as a login of the
 * runtime role (migration 0032), which cannot rewrite the audit trail; as a superuser or as the owner of
 * the tables it could, so it starts only when DATABASE_ALLOW_OWNER=true says that is meant. The
 * embedded database (one user) and a trial outside production start as they are.
 */
export function databaseRoleRefusal(options: {
  driver: DatabaseHandle['driver'];
  nodeEnv: string;
  isOwnerAllowed: boolean;
  role: DatabaseRole;
}): string | null {
  const { driver, nodeEnv, isOwnerAllowed, role } = options;
  if (driver === 'pglite' || nodeEnv !== 'production' || isOwnerAllowed) return null;
  if (!role.isSuperuser && !role.isOwner) return null;
  const what = role.isSuperuser ? 'a superuser' : 'the owner of the tables';
  return (
    `Refusing to start: DATABASE_URL connects as ${what} (${role.name}), which can rewrite the audit trail. ` +
    'Connect as a login of the scentia_runtime role and give the owner as DATABASE_OWNER_URL ' +
    '(docs/deployment.md, "Database roles"), or set DATABASE_ALLOW_OWNER=true to run as the owner anyway.'
  );
}
