import { z } from 'zod';
import { emailSchema, personNameSchema } from './auth.schemas.ts';
import { idSchema, idTextSchema } from './integers.schemas.ts';
import { MEMBER_ROLES } from './members.rules.ts';

/** At most this many locations limit one membership: beyond it, "every location" is what is meant. */
export const MAX_MEMBER_LOCATIONS = 200;

/**
 * The locations a membership is limited to; null (or absent) for every location of the organisation.
 * An empty list would open nothing, so it is read as "every location" too.
 */
const locationIdsSchema = z
  .array(idSchema)
  .max(MAX_MEMBER_LOCATIONS, { error: 'tooManyItems' })
  .nullish()
  .transform((ids) => (ids && ids.length > 0 ? [...new Set(ids)].sort((a, b) => a - b) : null));

const memberRoleSchema = z.enum(MEMBER_ROLES, { error: 'invalidOption' });

/** `POST /organizations/members/{organizationId}`: invites a person by e-mail into the organisation. */
export const memberInviteBodySchema = z.strictObject({
  email: emailSchema,
  nome: personNameSchema,
  role: memberRoleSchema,
  locationIds: locationIdsSchema,
});
export type MemberInviteBody = z.input<typeof memberInviteBodySchema>;

/** `PUT /organizations/members/{organizationId}/{memberId}`: a member's role and locations. */
export const memberUpdateBodySchema = z.strictObject({
  role: memberRoleSchema,
  locationIds: locationIdsSchema,
});
export type MemberUpdateBody = z.input<typeof memberUpdateBodySchema>;

/** A member of an organisation, as its members list shows it. */
export const memberRowSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  nome: z.string(),
  email: z.string(),
  role: memberRoleSchema,
  locationIds: z.array(z.number().int()).nullable(),
  /** When the invitation was accepted; null while it is pending. */
  acceptedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type MemberRow = z.infer<typeof memberRowSchema>;

/** `/organizations/members/{organizationId}` path parameters. */
export const organizationParamsSchema = z.strictObject({ organizationId: idTextSchema });

/** `/organizations/members/{organizationId}/{memberId}` path parameters. */
export const memberParamsSchema = z.strictObject({
  organizationId: idTextSchema,
  memberId: idTextSchema,
});
