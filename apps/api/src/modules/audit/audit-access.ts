import type { Access } from '@scentia/shared/access.rules';
import type { AuditRecordType } from '@scentia/shared/audit.schemas';
import { roleOf, routeRefusal } from '../../lib/access-policy.ts';
import type { Account } from '../../lib/account.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * Who may read a record's history on its edit page: whoever may edit that kind of record. A person's
 * history shows their personal data and their sessions' addresses, so only ADMIN reads it, as only
 * ADMIN reads the whole trail (`GET /api/audit`).
 */
const RECORD_HISTORY_ACCESS: Record<AuditRecordType, Access> = {
  user: 'admin',
  profile: 'staff',
  category: 'staff',
  fragrance: 'staff',
  campaign: 'staff',
  // A member reads the history of their organisation's records (the service checks which).
  organization: 'organization',
  location: 'organization',
  quiz: 'staff',
  device: 'organization',
  initiative: 'staff',
  audit: 'admin',
};

/** Throws the access policy's refusal (403 ADMIN_ONLY, say) when `actor` may not read this history. */
export function requireHistoryAccess(actor: Account, recordType: AuditRecordType): void {
  const refusal = routeRefusal(RECORD_HISTORY_ACCESS[recordType], roleOf(actor));
  if (refusal) throw new AppError(refusal);
}
