import type { PersonalData } from '@scentia/shared/privacy.schemas';
import { and, asc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  accessLog,
  accountActivity,
  alertReads,
  auditChanges,
  auditEvents,
  campaignQrPrints,
  devices,
  initiativeMails,
  initiativeStatusChanges,
  initiatives,
  locations,
  mailOutbox,
  notificationSettings,
  organizationMembers,
  profiles,
  quizPublications,
  quizSessions,
  quizzes,
  recordImports,
  refreshTokens,
  temporaryRequests,
  users,
} from '../../db/schema/index.ts';
import { accountAddresses } from './account-addresses.ts';

const iso = (value: Date | null) => value?.toISOString() ?? null;

const eventColumns = {
  auditId: auditEvents.id,
  occurredAt: auditEvents.occurredAt,
  actorId: auditEvents.actorId,
  ip: auditEvents.ip,
  userAgent: auditEvents.userAgent,
  action: auditEvents.action,
  recordType: auditEvents.recordType,
  recordId: auditEvents.recordId,
};

/**
 * SQL of the privacy module: everything held about one account, the accounts past retention, and the
 * erasure of a client's contact person.
 */
export class PrivacyRepository {
  constructor(readonly db: Database) {}

  /** Everything held about the account, section by section; undefined when there is no such account. */
  async personalData(userId: number, now = new Date()): Promise<PersonalData | undefined> {
    const [user] = await this.db
      .select({ user: users, profileName: profiles.name })
      .from(users)
      .innerJoin(profiles, eq(users.profileId, profiles.id))
      .where(eq(users.id, userId));
    if (!user) return undefined;
    const { user: row } = user;
    const addresses = await accountAddresses(this.db, userId, row.email);
    const [
      activity,
      sessions,
      log,
      requests,
      about,
      by,
      prints,
      publications,
      plays,
      mails,
      linked,
      settings,
      reads,
      proposed,
      statusChanges,
      initiativeMailsSent,
      membershipRows,
      invitedRows,
      importRows,
    ] = await Promise.all([
      this.db.select().from(accountActivity).where(eq(accountActivity.userId, userId)),
      this.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.userId, userId))
        .orderBy(asc(refreshTokens.id)),
      // Its own records, and the failed sign-ins typing any address it had (on the partial index).
      this.db
        .select()
        .from(accessLog)
        .where(
          or(
            eq(accessLog.userId, userId),
            and(isNotNull(accessLog.email), inArray(sql`lower(${accessLog.email})`, addresses)),
          ),
        )
        .orderBy(asc(accessLog.id)),
      this.db
        .select()
        .from(temporaryRequests)
        .where(eq(temporaryRequests.userId, userId))
        .orderBy(asc(temporaryRequests.id)),
      this.auditAbout(userId),
      this.db
        .select(eventColumns)
        .from(auditEvents)
        .where(eq(auditEvents.actorId, userId))
        .orderBy(asc(auditEvents.id)),
      this.db
        .select()
        .from(campaignQrPrints)
        .where(eq(campaignQrPrints.printedBy, userId))
        .orderBy(asc(campaignQrPrints.id)),
      this.db
        .select({ publication: quizPublications, quizName: quizzes.name })
        .from(quizPublications)
        .innerJoin(quizzes, eq(quizPublications.quizId, quizzes.id))
        .where(eq(quizPublications.publishedBy, userId))
        .orderBy(asc(quizPublications.id)),
      this.db
        .select({ session: quizSessions, quizName: quizzes.name })
        .from(quizSessions)
        .innerJoin(quizzes, eq(quizSessions.quizId, quizzes.id))
        .where(eq(quizSessions.userId, userId))
        .orderBy(asc(quizSessions.startedAt), asc(quizSessions.id)),
      this.db
        .select()
        .from(mailOutbox)
        .where(or(eq(mailOutbox.userId, userId), inArray(sql`lower(${mailOutbox.toAddress})`, addresses)))
        .orderBy(asc(mailOutbox.id)),
      this.db
        .select({
          id: devices.id,
          macAddress: devices.macAddress,
          locationName: locations.name,
          pairedAt: devices.pairedAt,
        })
        .from(devices)
        .innerJoin(locations, eq(locations.id, devices.locationId))
        .where(eq(devices.userId, userId))
        .orderBy(asc(devices.id)),
      this.db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId)),
      this.db
        .select({ alertId: alertReads.alertId, readAt: alertReads.readAt })
        .from(alertReads)
        .where(eq(alertReads.userId, userId))
        .orderBy(asc(alertReads.alertId)),
      this.db
        .select({ id: initiatives.id, title: initiatives.title, createdAt: initiatives.createdAt })
        .from(initiatives)
        .where(eq(initiatives.proposedBy, userId))
        .orderBy(asc(initiatives.id)),
      this.db
        .select()
        .from(initiativeStatusChanges)
        .where(eq(initiativeStatusChanges.changedBy, userId))
        .orderBy(asc(initiativeStatusChanges.id)),
      this.db
        .select()
        .from(initiativeMails)
        .where(eq(initiativeMails.sentBy, userId))
        .orderBy(asc(initiativeMails.id)),
      this.db.select().from(organizationMembers).where(eq(organizationMembers.userId, userId)),
      this.db
        .select({
          id: organizationMembers.id,
          organizationId: organizationMembers.organizationId,
          createdAt: organizationMembers.createdAt,
        })
        .from(organizationMembers)
        .where(eq(organizationMembers.invitedById, userId))
        .orderBy(asc(organizationMembers.id)),
      this.db
        .select({
          id: recordImports.id,
          recordType: recordImports.recordType,
          mode: recordImports.mode,
          state: recordImports.state,
          fileName: recordImports.fileName,
          ip: recordImports.ip,
          userAgent: recordImports.userAgent,
          createdAt: recordImports.createdAt,
        })
        .from(recordImports)
        .where(eq(recordImports.accountId, userId))
        .orderBy(asc(recordImports.createdAt)),
    ]);
    return {
      generatedAt: now.toISOString(),
      account: {
        id: row.id,
        nome: row.name,
        email: row.email,
        cpf: row.cpf,
        document: row.document,
        genre: row.genre,
        birthday: row.birthday,
        language: row.language,
        profile: { id: row.profileId, nome: user.profileName },
        hasPassword: row.passwordHash !== null,
        confirmedAt: iso(row.confirmedAt),
        termsAcceptedAt: iso(row.termsAcceptedAt),
        deletedAt: iso(row.deletedAt),
        anonymizedAt: iso(row.anonymizedAt),
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      },
      address:
        row.country || row.zipcode || row.street || row.city || row.state
          ? {
              zipcode: row.zipcode,
              street: row.street,
              city: row.city,
              state: row.state,
              country: row.country,
            }
          : null,
      activity: activity[0] ? { lastActiveAt: activity[0].lastActiveAt.toISOString() } : null,
      sessions: sessions.map((session) => ({
        id: session.id,
        familyId: session.familyId,
        ip: session.ip,
        userAgent: session.userAgent,
        createdAt: session.createdAt.toISOString(),
        expiresAt: session.expiresAt.toISOString(),
        revokedAt: iso(session.revokedAt),
      })),
      accessLog: log.map((entry) => ({
        id: entry.id,
        occurredAt: entry.occurredAt.toISOString(),
        event: entry.event,
        email: entry.email,
        ip: entry.ip,
        userAgent: entry.userAgent,
      })),
      temporaryRequests: requests.map((request) => ({
        id: request.id,
        kind: request.kind,
        createdAt: request.createdAt.toISOString(),
        expiresAt: request.expiresAt.toISOString(),
        usedAt: iso(request.usedAt),
      })),
      auditTrail: {
        about,
        by: by.map((event) => ({ ...event, occurredAt: event.occurredAt.toISOString() })),
      },
      qrPrints: prints.map((print) => ({
        id: print.id,
        campaignId: print.campaignId,
        kind: print.kind,
        campaignUpdatedAt: print.campaignUpdatedAt.toISOString(),
        printedAt: print.printedAt.toISOString(),
      })),
      quizPublications: publications.map(({ publication, quizName }) => ({
        id: publication.id,
        quizId: publication.quizId,
        quizName,
        version: publication.version,
        publishedAt: publication.publishedAt.toISOString(),
      })),
      quizSessions: plays.map(({ session, quizName }) => ({
        id: session.id,
        quizId: session.quizId,
        quizName,
        version: session.version,
        language: session.language,
        startedAt: session.startedAt.toISOString(),
        lastEventAt: session.lastEventAt.toISOString(),
        finishedAt: iso(session.finishedAt),
        abandonedAt: iso(session.abandonedAt),
        answerIds: session.answerIds,
        fragranceIds: session.fragranceIds,
      })),
      mailOutbox: mails.map((mail) => ({
        id: mail.id,
        kind: mail.kind,
        toAddress: mail.toAddress,
        toName: mail.toName,
        language: mail.language,
        subject: mail.subject,
        status: mail.status,
        attempts: mail.attempts,
        lastError: mail.lastError,
        createdAt: mail.createdAt.toISOString(),
        sentAt: iso(mail.sentAt),
      })),
      devices: linked.map((device) => ({ ...device, pairedAt: iso(device.pairedAt) })),
      notificationSettings: settings[0]
        ? {
            dailyDigest: settings[0].dailyDigest,
            lastDigestOn: settings[0].lastDigestOn,
            updatedAt: settings[0].updatedAt.toISOString(),
          }
        : null,
      alertReads: reads.map((read) => ({ alertId: read.alertId, readAt: read.readAt.toISOString() })),
      initiativesProposed: proposed.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
      initiativeStatusChanges: statusChanges.map((change) => ({
        id: change.id,
        initiativeId: change.initiativeId,
        fromStatus: change.fromStatus,
        toStatus: change.toStatus,
        changedAt: change.changedAt.toISOString(),
      })),
      memberships: membershipRows.map((row) => ({
        id: row.id,
        organizationId: row.organizationId,
        role: row.role,
        locationIds: row.locationIds,
        acceptedAt: iso(row.acceptedAt),
        createdAt: row.createdAt.toISOString(),
      })),
      membersInvited: invitedRows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
      imports: importRows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
      initiativeMails: initiativeMailsSent.map((mail) => ({
        id: mail.id,
        initiativeId: mail.initiativeId,
        recipient: mail.recipient,
        subject: mail.subject,
        createdAt: mail.createdAt.toISOString(),
      })),
    };
  }

  /**
   * The events about the account: the changes of its rows (its users row, its links) and the reads of
   * its whole record, each change carrying the record it belongs to (migration 0016). Only the account's
   * own changes are shown: an event may have changed other people's too.
   */
  private async auditAbout(userId: number): Promise<PersonalData['auditTrail']['about']> {
    const rows = await this.db
      .select({ event: eventColumns, change: auditChanges })
      .from(auditChanges)
      .innerJoin(auditEvents, eq(auditChanges.eventId, auditEvents.id))
      .where(and(eq(auditChanges.recordType, 'user'), eq(auditChanges.recordId, String(userId))))
      .orderBy(asc(auditChanges.eventId), asc(auditChanges.id));
    const events = new Map<number, PersonalData['auditTrail']['about'][number]>();
    for (const { event, change } of rows) {
      const entry = events.get(event.auditId) ?? {
        ...event,
        occurredAt: event.occurredAt.toISOString(),
        changes: [],
      };
      entry.changes.push({
        table: change.tableName,
        rowKey: change.rowKey,
        before: change.before,
        after: change.after,
      });
      events.set(event.auditId, entry);
    }
    return [...events.values()];
  }

  /**
   * Records in the trail that the caller read the account's whole record (who and when are the event's;
   * the format is the note's), so reading someone's data leaves a trace as changing it does.
   */
  async recordRead(userId: number, format: 'json' | 'xlsx'): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`select audit_note('user', ${String(userId)}, 'personal_data', ${String(userId)},
        null, jsonb_build_object('read', ${format}::text))`);
    });
  }

  /**
   * Erases an organisation's contact person (name, e-mail, phone) in one transaction of the audited
   * handle, so the erasure is one event of the caller: the row's values become null (only when it has
   * any, so a second erasure changes nothing), then migration 0019's organization_forget_contact
   * deletes the mails queued to its addresses for no account and forgets the values in every change of
   * the row in the trail, the erasure's own included. False for an unknown organisation.
   */
  async eraseContact(organizationId: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const { rows } = (await tx.execute(sql`
        select contact_email from organizations where id = ${organizationId} for update`)) as unknown as {
        rows: { contact_email: string | null }[];
      };
      const [organization] = rows;
      if (!organization) return false;
      await tx.execute(sql`
        update organizations set contact_name = null, contact_email = null, phone = null, updated_at = now()
        where id = ${organizationId}
          and (contact_name is not null or contact_email is not null or phone is not null)`);
      await tx.execute(
        sql`select organization_forget_contact(${organizationId}, ${organization.contact_email})`,
      );
      return true;
    });
  }

  /**
   * Accounts not yet anonymised whose last activity, or creation when never used, is older than
   * `cutoff`, after `afterId` (the retention job walks them by id, skipping the ones it must keep).
   */
  async idleAccountIds(cutoff: Date, afterId: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .leftJoin(accountActivity, eq(accountActivity.userId, users.id))
      .where(
        and(
          isNull(users.anonymizedAt),
          sql`${users.id} > ${afterId}`,
          lt(sql`coalesce(${accountActivity.lastActiveAt}, ${users.createdAt})`, cutoff),
        ),
      )
      .orderBy(asc(users.id))
      .limit(limit);
    return rows.map((row) => row.id);
  }
}
