import type { MemberRole } from '@scentia/shared/members.rules';

/**
 * A client account's membership of its organisation (docs/decisions/client-access.md), as the session
 * check reads it: only an accepted membership of an active organisation is carried; without one a
 * CLIENT account opens nothing.
 */
export type Membership = {
  organizationId: number;
  /** Shown to the member (`GET /usuario/me`); the session check reads it with the rest for free. */
  organizationName: string;
  role: MemberRole;
  /** The locations the member is limited to; null for every location of the organisation. */
  locationIds: number[] | null;
};

/**
 * The signed-in account, as sign-in and the session check read it: what every guarded request
 * carries (`request.account`) and what services and the access policy decide with.
 */
export type Account = {
  id: number;
  name: string;
  email: string;
  passwordHash: string | null;
  confirmedAt: Date | null;
  deletedAt: Date | null;
  createdAt: Date;
  language: string;
  profileId: number;
  profileName: string;
  membership: Membership | null;
};
