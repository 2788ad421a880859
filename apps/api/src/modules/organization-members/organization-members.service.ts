import { ErrorCode } from '@scentia/shared/error-codes';
import type { ListQuery } from '@scentia/shared/list.schemas';
import type { Language } from '@scentia/shared/locales';
import type { MemberInviteBody, MemberRow, MemberUpdateBody } from '@scentia/shared/members.schemas';
import { isClientProfile } from '@scentia/shared/validators';
import type { Database } from '../../db/client.ts';
import type { AccessScope } from '../../lib/access-scope.ts';
import type { Account } from '../../lib/account.ts';
import { AppError, invalidFields } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { toPage } from '../../lib/list-query.ts';
import { withoutControlCharacters } from '../../lib/mail/render-mail.ts';
import { type MemberRecord, OrganizationMembersRepository } from './organization-members.repository.ts';

export type OrganizationMembersServiceDeps = {
  repository: OrganizationMembersRepository;
  /** Queues the invitation's mail inside the caller's transaction (modules/auth's account service). */
  queueInvitationMail: (
    db: Database,
    person: { id: number; name: string; email: string; language: string; hasPassword: boolean },
    organization: string,
  ) => Promise<void>;
  /** Delivers queued mails soon, once the transaction has committed. */
  nudgeMail: () => void;
};

/** The parsed bodies: locations null for every location of the organisation. */
type InviteInput = Omit<MemberInviteBody, 'locationIds'> & { locationIds: number[] | null };
type UpdateInput = Omit<MemberUpdateBody, 'locationIds'> & { locationIds: number[] | null };

/** A unique violation on the membership's account: the person joined another organisation meanwhile. */
function membershipConflict(error: unknown): never {
  if (isUniqueViolation(error)) throw new AppError(ErrorCode.MEMBER_OF_ANOTHER_ORGANIZATION);
  throw error;
}

/** Who acts: their account and what they may see. */
export type Caller = { account: Account; scope: AccessScope };

function toMemberRow(record: MemberRecord): MemberRow {
  return {
    id: record.id,
    userId: record.userId,
    nome: record.name,
    email: record.email,
    role: record.role,
    locationIds: record.locationIds,
    acceptedAt: record.acceptedAt?.toISOString() ?? null,
    createdAt: record.createdAt.toISOString(),
  };
}

/**
 * An organisation's members (docs/decisions/client-access.md). Staff and ADMIN act for any
 * organisation; a Manager only for their own — another organisation answers 404, as an unknown one. A
 * location-limited Manager gives and changes only memberships within their locations. A Manager cannot
 * remove or demote themselves when no other accepted Manager remains. Removing a member ends their
 * sessions in the same transaction.
 */
export function createOrganizationMembersService(deps: OrganizationMembersServiceDeps) {
  const { repository } = deps;

  /** The organisation, when the caller may manage its members; 404 otherwise. */
  async function organizationFor(caller: Caller, organizationId: number, repo = repository) {
    const { scope } = caller;
    if (scope.kind === 'member' && scope.organizationId !== organizationId)
      throw new AppError(ErrorCode.NOT_FOUND);
    const organization = await repo.findOrganization(organizationId);
    if (!organization) throw new AppError(ErrorCode.NOT_FOUND);
    return organization;
  }

  async function memberFor(caller: Caller, organizationId: number, memberId: number, repo = repository) {
    await organizationFor(caller, organizationId, repo);
    const member = await repo.findMember(organizationId, memberId);
    if (!member) throw new AppError(ErrorCode.NOT_FOUND);
    return member;
  }

  /** Locations a limited Manager holds: what they may hand out; null for every location. */
  function callerLocations(caller: Caller): number[] | null {
    return caller.scope.kind === 'member' ? caller.scope.locationIds : null;
  }

  const isWithin = (ids: number[] | null, allowed: number[] | null) =>
    allowed === null || ids?.every((id) => allowed.includes(id)) === true;

  /** The locations must be active locations of the organisation, and within the caller's own. */
  async function checkLocations(
    caller: Caller,
    organizationId: number,
    ids: number[] | null,
    repo: OrganizationMembersRepository,
  ) {
    const problem = invalidFields({ path: 'locationIds', key: 'field.memberLocation' });
    if (!isWithin(ids, callerLocations(caller))) throw problem;
    if (ids === null) return;
    const found = await repo.activeLocationIds(organizationId, ids);
    if (found.length !== ids.length) throw problem;
  }

  /** A limited Manager acts only on memberships within their locations. */
  function assertMayTouch(caller: Caller, member: MemberRecord) {
    if (!isWithin(member.locationIds, callerLocations(caller))) throw new AppError(ErrorCode.FORBIDDEN);
  }

  /** A Manager leaving (or stepping down to Viewer) must leave another accepted Manager behind. */
  async function assertNotLastManager(
    caller: Caller,
    member: MemberRecord,
    repo: OrganizationMembersRepository,
  ) {
    const isSelf = caller.account.id === member.userId;
    if (!isSelf || member.role !== 'manager') return;
    if ((await repo.lockOtherManagers(member.organizationId, member.id)) === 0)
      throw new AppError(ErrorCode.LAST_MANAGER);
  }

  return {
    async list(caller: Caller, organizationId: number, query: ListQuery) {
      await organizationFor(caller, organizationId);
      if (query.orderBy && !OrganizationMembersRepository.isSortable(query.orderBy))
        throw invalidFields({ path: 'orderBy', key: 'field.invalidOption' });
      const { records, total } = await repository.list({
        organizationId,
        search: query.search,
        orderBy: query.orderBy,
        direction: query.orderByDirection,
        page: query.page,
        perPage: query.perPage,
      });
      return toPage(records.map(toMemberRow), total, query.perPage, false);
    },

    /**
     * Invites a person: a new e-mail becomes an unconfirmed CLIENT account with a pending membership; an
     * existing CLIENT account without a membership gets one pending; a pending invitation of this
     * organisation is re-sent with the new role (the earlier link dies). Staff and app accounts, and
     * members of another organisation, are refused with a 409.
     */
    async invite(
      caller: Caller,
      organizationId: number,
      body: InviteInput,
      language: Language,
    ): Promise<MemberRow> {
      const memberId = await repository
        .transaction(async (repo) => {
          const organization = await organizationFor(caller, organizationId, repo);
          if (organization.deletedAt) throw new AppError(ErrorCode.MEMBER_ORGANIZATION_INACTIVE);
          await checkLocations(caller, organizationId, body.locationIds, repo);
          const membership = {
            role: body.role,
            locationIds: body.locationIds,
            invitedById: caller.account.id,
          };
          const existing = await repo.findAccountByEmail(body.email);
          let person: { id: number; name: string; email: string; language: string; hasPassword: boolean };
          let id: number;
          if (existing) {
            if (!isClientProfile(existing.profileName)) throw new AppError(ErrorCode.MEMBER_EMAIL_NOT_CLIENT);
            if (existing.deletedAt) throw new AppError(ErrorCode.EMAIL_TAKEN);
            if (existing.memberId !== null && existing.memberOrganizationId !== organizationId)
              throw new AppError(ErrorCode.MEMBER_OF_ANOTHER_ORGANIZATION);
            if (existing.memberId !== null && existing.memberAcceptedAt !== null)
              throw new AppError(ErrorCode.MEMBER_ALREADY);
            if (existing.memberId !== null) {
              id = existing.memberId;
              await repo.updateMember(id, membership);
            } else {
              id = await repo.insertMember({ organizationId, userId: existing.id, ...membership });
            }
            person = existing;
          } else {
            const name = withoutControlCharacters(body.nome);
            const userId = await repo.insertClientAccount({ name, email: body.email, language });
            if (userId === undefined) throw new AppError(ErrorCode.EMAIL_TAKEN);
            id = await repo.insertMember({ organizationId, userId, ...membership });
            person = { id: userId, name, email: body.email, language, hasPassword: false };
          }
          await deps.queueInvitationMail(repo.db, person, organization.name);
          return id;
        })
        .catch(membershipConflict);
      deps.nudgeMail();
      return toMemberRow((await repository.findMember(organizationId, memberId)) as MemberRecord);
    },

    async update(
      caller: Caller,
      organizationId: number,
      memberId: number,
      body: UpdateInput,
    ): Promise<MemberRow> {
      await repository.transaction(async (repo) => {
        const member = await memberFor(caller, organizationId, memberId, repo);
        assertMayTouch(caller, member);
        await checkLocations(caller, organizationId, body.locationIds, repo);
        if (body.role !== 'manager') await assertNotLastManager(caller, member, repo);
        await repo.updateMember(member.id, { role: body.role, locationIds: body.locationIds });
      });
      return toMemberRow((await repository.findMember(organizationId, memberId)) as MemberRecord);
    },

    /** Removes the membership: the account stays, opens nothing, and its sessions end at once. */
    async remove(caller: Caller, organizationId: number, memberId: number): Promise<void> {
      await repository.transaction(async (repo) => {
        const member = await memberFor(caller, organizationId, memberId, repo);
        assertMayTouch(caller, member);
        await assertNotLastManager(caller, member, repo);
        await repo.deleteMember(member.id);
        await repo.revokeAccess(member.userId);
      });
    },
  };
}

export type OrganizationMembersService = ReturnType<typeof createOrganizationMembersService>;
