import type { MemberRole } from '@scentia/shared/members.rules';
import { PROFILE_CLIENT } from '@scentia/shared/members.rules';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { locations, organizationMembers, organizations, profiles, users } from '../db/schema/index.ts';
import { withoutAudit } from '../lib/audit/audit-context.ts';

/** How many of its locations (by name) a location-limited demo member sees. */
const LIMITED_TO = 2;

type DemoMember = { name: string; email: string; role: MemberRole; isLimited: boolean };

/**
 * Client accounts of two demo organisations, each with a Manager, a Viewer and a Viewer limited to two
 * of its locations, all signing in with DEMO_PASSWORD (named in the README's demo data section).
 */
export const DEMO_MEMBERS: readonly { organization: string; members: DemoMember[] }[] = [
  {
    organization: 'Essenza Perfumaria',
    members: [
      {
        name: 'Mariana Albuquerque',
        email: 'gerente@essenza.scentia.test',
        role: 'manager',
        isLimited: false,
      },
      { name: 'Paulo Essenza', email: 'leitor@essenza.scentia.test', role: 'viewer', isLimited: false },
      { name: 'Regina Campos', email: 'regional@essenza.scentia.test', role: 'viewer', isLimited: true },
    ],
  },
  {
    organization: 'Aromas do Rio',
    members: [
      {
        name: 'Rodrigo Nascimento',
        email: 'gerente@aromasdorio.scentia.test',
        role: 'manager',
        isLimited: false,
      },
      { name: 'Luiza Carioca', email: 'leitor@aromasdorio.scentia.test', role: 'viewer', isLimited: false },
      { name: 'Bruno Barra', email: 'regional@aromasdorio.scentia.test', role: 'viewer', isLimited: true },
    ],
  },
];

/**
 * The demo's members, with accepted memberships. Idempotent: an existing account or membership is kept
 * as it is. Like the demo's people, their rows stay out of the audit trail.
 */
export async function seedDemoMembers(db: Database, passwordHash: string) {
  return withoutAudit(db, async (tx) => {
    const [profile] = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.name, PROFILE_CLIENT));
    if (!profile) throw new Error('The CLIENT profile is missing');
    let membersAdded = 0;
    for (const demo of DEMO_MEMBERS) {
      const [organization] = await tx
        .select({ id: organizations.id })
        .from(organizations)
        .where(eq(organizations.name, demo.organization));
      if (!organization) continue;
      const sites = await tx
        .select({ id: locations.id })
        .from(locations)
        .where(and(eq(locations.organizationId, organization.id), isNull(locations.deletedAt)))
        .orderBy(asc(locations.name))
        .limit(LIMITED_TO);
      await tx
        .insert(users)
        .values(
          demo.members.map((member) => ({
            name: member.name,
            email: member.email,
            passwordHash,
            profileId: profile.id,
            country: 'BR',
            confirmedAt: new Date(),
          })),
        )
        .onConflictDoNothing();
      const accounts = await tx
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(
          inArray(
            users.email,
            demo.members.map((member) => member.email),
          ),
        );
      const added = await tx
        .insert(organizationMembers)
        .values(
          demo.members.flatMap((member) => {
            const account = accounts.find((row) => row.email === member.email);
            if (!account) return [];
            return [
              {
                organizationId: organization.id,
                userId: account.id,
                role: member.role,
                locationIds: member.isLimited ? sites.map((site) => site.id) : null,
                acceptedAt: new Date(),
              },
            ];
          }),
        )
        .onConflictDoNothing()
        .returning({ id: organizationMembers.id });
      membersAdded += added.length;
    }
    return { membersAdded };
  });
}
