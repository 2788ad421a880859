import { z } from 'zod';
import { userRowSchema } from './users.schemas.ts';

/** What an anonymised account's fields hold instead of the person's values, in the audit trail too. */
export const ANONYMISED_VALUE = 'anonymised';

/**
 * `POST /api/usuario/anonymise/{id}` answers the account as the users screens show it, with the moment
 * its personal data was erased: name `#<id>`, e-mail `anonymised-<id>@invalid`, no document, birthday,
 * gender or address, inactive.
 */
export const anonymisedUserSchema = userRowSchema.extend({ anonymizedAt: z.string() });
export type AnonymisedUser = z.infer<typeof anonymisedUserSchema>;

const timestamp = z.string();

const auditChangeRowSchema = z.object({
  table: z.string(),
  rowKey: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});

const auditEventRowSchema = z.object({
  auditId: z.number().int(),
  occurredAt: timestamp,
  actorId: z.number().int().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  action: z.string(),
  recordType: z.string(),
  recordId: z.string(),
});

/**
 * `GET /api/usuario/personal-data/{id}`: everything held about one account (LGPD art. 18, II), one
 * section per place it is held. Secrets (password and token hashes, single-use links, mail bodies)
 * are never part of it: `hasPassword` says whether a password is set.
 */
export const personalDataSchema = z.object({
  generatedAt: timestamp,
  account: z.object({
    id: z.number().int(),
    nome: z.string(),
    email: z.string(),
    cpf: z.string().nullable(),
    document: z.string().nullable(),
    genre: z.string().nullable(),
    birthday: z.string().nullable(),
    language: z.string(),
    profile: z.object({ id: z.number().int(), nome: z.string() }),
    hasPassword: z.boolean(),
    confirmedAt: timestamp.nullable(),
    termsAcceptedAt: timestamp.nullable(),
    deletedAt: timestamp.nullable(),
    anonymizedAt: timestamp.nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
  }),
  address: z
    .object({
      zipcode: z.string().nullable(),
      street: z.string().nullable(),
      city: z.string().nullable(),
      state: z.string().nullable(),
      country: z.string().nullable(),
    })
    .nullable(),
  /** The last sign-in or session refresh; null when the account was never used. */
  activity: z.object({ lastActiveAt: timestamp }).nullable(),
  /** Sessions (one row per refresh token issued), without the token. */
  sessions: z.array(
    z.object({
      id: z.number().int(),
      familyId: z.string(),
      ip: z.string().nullable(),
      userAgent: z.string().nullable(),
      createdAt: timestamp,
      expiresAt: timestamp,
      revokedAt: timestamp.nullable(),
    }),
  ),
  accessLog: z.array(
    z.object({
      id: z.number().int(),
      occurredAt: timestamp,
      event: z.string(),
      email: z.string().nullable(),
      ip: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
  ),
  /** Activation, recovery and registration links sent, without the token. */
  temporaryRequests: z.array(
    z.object({
      id: z.number().int(),
      kind: z.string(),
      createdAt: timestamp,
      expiresAt: timestamp,
      usedAt: timestamp.nullable(),
    }),
  ),
  auditTrail: z.object({
    /** Changes to this account's rows and reads of its whole record, whoever made them. */
    about: z.array(auditEventRowSchema.extend({ changes: z.array(auditChangeRowSchema) })),
    /** Calls this account made; their changes concern other records (and maybe other people), so only the events. */
    by: z.array(auditEventRowSchema),
  }),
  /** The campaign QR codes the account printed or downloaded (`campaign_qr_prints.printed_by`). */
  qrPrints: z.array(
    z.object({
      id: z.number().int(),
      campaignId: z.number().int(),
      kind: z.string(),
      campaignUpdatedAt: timestamp,
      printedAt: timestamp,
    }),
  ),
  /** The quiz versions the account published (`quiz_publications.published_by`), without their content. */
  quizPublications: z.array(
    z.object({
      id: z.number().int(),
      quizId: z.number().int(),
      quizName: z.string(),
      version: z.number().int(),
      publishedAt: timestamp,
    }),
  ),
  /**
   * The quizzes the account played in the app (`quiz_sessions.user_id`): the version, when it started,
   * finished or was abandoned, the answers given in order and the fragrances recommended (ids of the
   * version played).
   */
  quizSessions: z.array(
    z.object({
      id: z.string(),
      quizId: z.number().int(),
      quizName: z.string(),
      version: z.number().int(),
      language: z.string(),
      startedAt: timestamp,
      lastEventAt: timestamp,
      finishedAt: timestamp.nullable(),
      abandonedAt: timestamp.nullable(),
      answerIds: z.array(z.number().int()),
      fragranceIds: z.array(z.number().int()).nullable(),
    }),
  ),
  /**
   * Mails written for the account, and mails to any address it ever had (its trail knows them),
   * without their bodies and links.
   */
  mailOutbox: z.array(
    z.object({
      id: z.number().int(),
      kind: z.string(),
      toAddress: z.string(),
      toName: z.string().nullable(),
      language: z.string(),
      subject: z.string(),
      status: z.string(),
      attempts: z.number().int(),
      lastError: z.string().nullable(),
      createdAt: timestamp,
      sentAt: timestamp.nullable(),
    }),
  ),
  /** The devices the account is linked to from the app (`devices.user_id`), and since when. */
  devices: z.array(
    z.object({
      id: z.number().int(),
      macAddress: z.string(),
      locationName: z.string(),
      pairedAt: timestamp.nullable(),
    }),
  ),
  /** Their notification choices (the daily digest, and the last day one was queued), if ever made. */
  notificationSettings: z
    .object({ dailyDigest: z.boolean(), lastDigestOn: z.string().nullable(), updatedAt: timestamp })
    .nullable(),
  /** The alerts they marked read, and when. */
  alertReads: z.array(z.object({ alertId: z.number().int(), readAt: timestamp })),
  /** The initiatives they proposed (`initiatives.proposed_by`). */
  initiativesProposed: z.array(z.object({ id: z.number().int(), title: z.string(), createdAt: timestamp })),
  /** The changes of status they made to initiatives (`initiative_status_changes.changed_by`). */
  initiativeStatusChanges: z.array(
    z.object({
      id: z.number().int(),
      initiativeId: z.number().int(),
      fromStatus: z.string().nullable(),
      toStatus: z.string(),
      changedAt: timestamp,
    }),
  ),
  /** Their membership of a client organisation (`organization_members.user_id`), at most one. */
  memberships: z.array(
    z.object({
      id: z.number().int(),
      organizationId: z.number().int(),
      role: z.string(),
      locationIds: z.array(z.number().int()).nullable(),
      acceptedAt: timestamp.nullable(),
      createdAt: timestamp,
    }),
  ),
  /** The memberships they invited (`organization_members.invited_by_id`): whom, not the person's data. */
  membersInvited: z.array(
    z.object({ id: z.number().int(), organizationId: z.number().int(), createdAt: timestamp }),
  ),
  /**
   * The spreadsheet imports they ran as jobs (`record_imports.account_id`): what, when, from which
   * address, how it ended; the file itself is released when a job ends.
   */
  imports: z.array(
    z.object({
      id: z.string(),
      recordType: z.string(),
      mode: z.string(),
      state: z.string(),
      fileName: z.string(),
      ip: z.string().nullable(),
      userAgent: z.string().nullable(),
      createdAt: timestamp,
    }),
  ),
  /** The mails about initiatives they sent (`initiative_mails.sent_by`), without their body. */
  initiativeMails: z.array(
    z.object({
      id: z.number().int(),
      initiativeId: z.number().int(),
      recipient: z.string(),
      subject: z.string(),
      createdAt: timestamp,
    }),
  ),
});
export type PersonalData = z.infer<typeof personalDataSchema>;
