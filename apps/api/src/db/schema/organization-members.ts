import type { MemberRole } from '@scentia/shared/members.rules';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

/**
 * Client access: an account of the CLIENT profile that belongs to one organisation with a role
 * (docs/decisions/client-access.md). `locationIds` null means every location of the organisation; a
 * list limits the member to those locations (a regional manager). An account is a member of one
 * organisation at most. `acceptedAt` is set when the invitation is accepted; until then the
 * membership opens nothing.
 */
export const organizationMembers = pgTable(
  'organization_members',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: varchar('role', { length: 10 }).$type<MemberRole>().notNull(),
    locationIds: integer('location_ids').array(),
    invitedById: integer('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('organization_members_user_key').on(table.userId),
    index('organization_members_organization_idx').on(table.organizationId, table.id),
    check('organization_members_role_check', sql`${table.role} in ('manager', 'viewer')`),
  ],
);
