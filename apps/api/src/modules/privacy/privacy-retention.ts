import { ErrorCode } from '@scentia/shared/error-codes';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { runWithAuditContext } from '../../lib/audit/audit-context.ts';
import { anonymiseAccount } from './anonymise-account.ts';
import { PrivacyRepository } from './privacy.repository.ts';

const DAY_MS = 86_400_000;

/** How the retention job's own changes are signed in the audit trail: no person, the job's name. */
const RETENTION_CONTEXT = () => ({
  actorId: null,
  ip: null,
  userAgent: null,
  action: 'retention',
  requestId: null,
});

export type PersonalDataRetentionOptions = {
  /** The audited handle (services.ts): each erasure leaves its event, signed `retention`. */
  db: Database;
  retentionDays: number;
  /** The clock the cut-off is read from; tests pass their own. */
  now?: Date;
  /** Accounts read per query; each is anonymised in its own transaction. */
  batchSize?: number;
};

/**
 * Anonymises the accounts unused (no sign-in nor session refresh, or never used since their creation)
 * for longer than the retention period. The last active ADMIN is kept whatever its age: someone must
 * still be able to manage the system. Answers how many were anonymised and how many were kept.
 */
export async function applyPersonalDataRetention(
  options: PersonalDataRetentionOptions,
): Promise<{ anonymised: number; kept: number }> {
  const { db, retentionDays, now = new Date(), batchSize = 200 } = options;
  const repository = new PrivacyRepository(db);
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  let anonymised = 0;
  let kept = 0;
  let afterId = 0;
  return runWithAuditContext(RETENTION_CONTEXT, async () => {
    for (;;) {
      const ids = await repository.idleAccountIds(cutoff, afterId, batchSize);
      for (const userId of ids) {
        try {
          await anonymiseAccount({ db, userId, now });
          anonymised += 1;
        } catch (error) {
          // Another call may have anonymised or removed it meanwhile; the last admin stays.
          if (!(error instanceof AppError) || error.code === ErrorCode.INTERNAL) throw error;
          if (error.code === ErrorCode.LAST_ACTIVE_ADMIN) kept += 1;
        }
      }
      afterId = ids.at(-1) ?? afterId;
      if (ids.length < batchSize) return { anonymised, kept };
    }
  });
}
