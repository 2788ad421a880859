import type { Access } from '@scentia/shared/access.rules';
import type { AuditRecordType } from '@scentia/shared/audit.schemas';
import { isRecordTypeAdminOnly } from '@scentia/shared/resource-access';
import { roleOf, routeRefusal } from '../../lib/access-policy.ts';
import type { Account } from '../../lib/account.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * The history of a `recordType`'s records is read by whoever may use its resource (`RECORD_RESOURCES`):
 * by the resource's one access declaration (`RESOURCE_ACCESS`), an ADMIN-only resource's by an ADMIN
 * alone; any other's by `opened` (the staff, or the members its records belong to).
 */
const usersOf = (recordType: AuditRecordType, opened: Access = 'staff'): Access =>
  isRecordTypeAdminOnly(recordType) ? 'admin' : opened;

/**
 * Who may read a record's history on its edit page: whoever may use that kind of record, named here by
 * its record type's resource. A person's history shows their personal data and their sessions' addresses, so only
 * ADMIN reads it, as only ADMIN reads the whole trail (`GET /api/audit`).
 */
const RECORD_HISTORY_ACCESS: Record<AuditRecordType, Access> = {
  user: 'admin',
  profile: usersOf('profile'),
  category: usersOf('category'),
  fragrance: usersOf('fragrance'),
  campaign: usersOf('campaign'),
  // A member reads the history of their organisation's records (the service checks which).
  organization: usersOf('organization', 'organization'),
  location: usersOf('location', 'organization'),
  quiz: usersOf('quiz'),
  device: usersOf('device', 'organization'),
  initiative: usersOf('initiative'),
  audit: 'admin',
};

/** Throws the access policy's refusal (403 ADMIN_ONLY, say) when `actor` may not read this history. */
export function requireHistoryAccess(actor: Account, recordType: AuditRecordType): void {
  const refusal = routeRefusal(RECORD_HISTORY_ACCESS[recordType], roleOf(actor));
  if (refusal) throw new AppError(refusal);
}
