import { z } from 'zod';
import { optionalText } from './address.schemas.ts';
import { emailSchema } from './auth.schemas.ts';
import { calendarDateSchema } from './dates.schemas.ts';
import {
  INITIATIVE_MAX_DAYS,
  INITIATIVE_STATUSES,
  type InitiativeStatus,
  initiativeDatesRefusal,
} from './initiatives.rules.ts';
import { idSchema, idTextSchema } from './integers.schemas.ts';
import { kitRowFields, listQuerySchema, quickSearchQuerySchema } from './list.schemas.ts';
import { recordBodySchema } from './record-fields.schemas.ts';

/** The spec's names of the statuses (§2, §3 "Dashboard chart item: status, totalIniciativas"). */
export const INITIATIVE_STATUS_NAMES = {
  approved: 'Aprovada',
  inReview: 'Em Análise',
  changesRequested: 'Necessita Alteração',
  rejected: 'Reprovada',
  inactive: 'Inativo',
} as const satisfies Record<InitiativeStatus, string>;
export type InitiativeStatusName = (typeof INITIATIVE_STATUS_NAMES)[InitiativeStatus];

/** Title 3–100 characters (as the spec's other names). */
export const INITIATIVE_TITLE_MAX = 100;
export const INITIATIVE_DESCRIPTION_MAX = 2000;
/** The most locations one initiative plays at. */
export const INITIATIVE_MAX_LOCATIONS = 200;
/** The request-changes mail: its subject and its (rich-text) body. */
export const INITIATIVE_MAIL_SUBJECT_MAX = 200;
export const INITIATIVE_MAIL_HTML_MAX = 20_000;

/**
 * `POST /api/initiatives` and `PUT /api/initiatives/{id}`: a campaign played at one or more locations
 * of one organisation from `startsOn` to `endsOn`, both days included, each read in its location's
 * time zone. The locations must belong to the organisation and the campaign must be active (the
 * server checks both); the dates follow `initiativeDatesRefusal`.
 */
export const initiativeBodySchema = recordBodySchema(
  {
    title: z.string().trim().min(1, { error: 'required' }).min(3).max(INITIATIVE_TITLE_MAX),
    description: optionalText(INITIATIVE_DESCRIPTION_MAX),
    organizationId: idSchema,
    locationIds: z
      .array(idSchema)
      .min(1, { error: 'required' })
      .max(INITIATIVE_MAX_LOCATIONS)
      .transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
    campaignId: idSchema,
    startsOn: calendarDateSchema,
    endsOn: calendarDateSchema,
  },
  (body, ctx) => {
    const refusal = initiativeDatesRefusal(body.startsOn, body.endsOn);
    if (refusal === 'periodReversed') ctx.addIssue({ code: 'custom', path: ['endsOn'], message: refusal });
    if (refusal === 'periodTooLong')
      ctx.addIssue({ code: 'custom', path: ['endsOn'], message: refusal, maximum: INITIATIVE_MAX_DAYS });
  },
);
export type InitiativeBody = z.infer<typeof initiativeBodySchema>;
export type InitiativeBodyInput = z.input<typeof initiativeBodySchema>;

/**
 * The initiatives list: the shared contract, and filters by status, organisation, location and period
 * (an initiative is listed when its dates overlap `from`..`to`, either end open).
 */
export const initiativeListQuerySchema = listQuerySchema.extend({
  status: z.enum(INITIATIVE_STATUSES, { error: 'invalidOption' }).optional(),
  organizationId: idTextSchema.optional(),
  locationId: idTextSchema.optional(),
  from: calendarDateSchema.optional(),
  to: calendarDateSchema.optional(),
});
export type InitiativeListQuery = z.infer<typeof initiativeListQuerySchema>;

/**
 * Who did something to an initiative. A member of the initiative's organisation sees staff as
 * "Scentia" with no id (issue 39: no staff name or e-mail reaches a client).
 */
export const initiativeActorSchema = z.object({ id: z.number().int().nullable(), name: z.string() });

export const initiativeLocationSchema = z.object({
  locationId: z.number().int(),
  name: z.string(),
  timeZone: z.string(),
});

export const initiativeRowSchema = z.object({
  initiativeId: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  organizationId: z.number().int(),
  organization: z.object({ name: z.string(), ativo: z.boolean(), contactEmail: z.string().nullable() }),
  locations: z.array(initiativeLocationSchema),
  campaignId: z.number().int(),
  campaign: z.object({ name: z.string(), ativo: z.boolean() }),
  startsOn: z.string(),
  endsOn: z.string(),
  status: z.enum(INITIATIVE_STATUSES),
  /**
   * Who proposed it (null once that account was deleted for good); `isClient` when a member of the
   * organisation proposed it. `email` is told to staff only (the review mail's recipient).
   */
  proposer: initiativeActorSchema.extend({ email: z.string().nullable(), isClient: z.boolean() }).nullable(),
  ...kitRowFields,
});
export type InitiativeRow = z.infer<typeof initiativeRowSchema>;

/** One change of status: who, when, from, to and the reviewer's note. `from` is null at creation. */
export const initiativeStatusChangeSchema = z.object({
  from: z.enum(INITIATIVE_STATUSES).nullable(),
  to: z.enum(INITIATIVE_STATUSES),
  note: z.string().nullable(),
  changedBy: initiativeActorSchema.nullable(),
  changedAt: z.string(),
});

/** A mail sent about the initiative (request changes; a decision told to a client), as it was queued. */
export const initiativeMailSchema = z.object({
  mailId: z.number().int(),
  recipient: z.string(),
  subject: z.string(),
  /** The body as sent: sanitised on the server. */
  html: z.string(),
  language: z.string(),
  sentBy: initiativeActorSchema.nullable(),
  createdAt: z.string(),
});

/** `GET /api/initiatives/{id}`: the row, its status history (oldest first) and its mails. */
export const initiativeDetailSchema = initiativeRowSchema.extend({
  history: z.array(initiativeStatusChangeSchema),
  mails: z.array(initiativeMailSchema),
});
export type InitiativeDetail = z.infer<typeof initiativeDetailSchema>;

/** The review actions' optional note (approve, reject, deactivate, reopen), kept in the history. */
export const initiativeReviewBodySchema = z
  .strictObject({ note: optionalText(1000) })
  .nullish()
  .transform((body) => body ?? { note: null });
export type InitiativeReviewBody = z.infer<typeof initiativeReviewBodySchema>;

/**
 * `PUT /api/initiatives/request-changes/{id}`: the mail editor's recipient (the organisation's contact
 * by default, editable), subject and rich-text body; e-mail and subject are required (spec §5).
 */
export const initiativeChangesRequestSchema = z.strictObject({
  email: emailSchema,
  subject: z
    .string()
    .trim()
    .min(1, { error: 'required' })
    .max(INITIATIVE_MAIL_SUBJECT_MAX, { error: 'tooLong' }),
  html: z.string().trim().min(1, { error: 'required' }).max(INITIATIVE_MAIL_HTML_MAX, { error: 'tooLong' }),
});
export type InitiativeChangesRequest = z.infer<typeof initiativeChangesRequestSchema>;

/** `GET /api/dashboard/chart-iniciativa`: one item per status, by the spec's name (all five, zeros too). */
export const initiativeChartItemSchema = z.object({
  status: z.enum(Object.values(INITIATIVE_STATUS_NAMES) as [InitiativeStatusName, ...InitiativeStatusName[]]),
  totalIniciativas: z.number().int(),
});
export type InitiativeChartItem = z.infer<typeof initiativeChartItemSchema>;

/**
 * `GET /api/initiatives/campaign-options?str=`: the active campaigns a proposal may ask for (members
 * cannot open the catalogue's own lists), up to 10 by name.
 */
export const initiativeCampaignOptionSchema = z.object({ campaignId: z.number().int(), name: z.string() });
export const initiativeCampaignOptionsSchema = z.array(initiativeCampaignOptionSchema);

/**
 * `GET /api/initiatives/location-options?str=&organizationId=`: the active locations a proposal may name,
 * of one organisation when given; a member is offered only their own (and their locations when limited).
 */
export const initiativeLocationOptionsQuerySchema = quickSearchQuerySchema.extend({
  organizationId: idTextSchema.optional(),
});
export const initiativeLocationOptionSchema = z.object({
  locationId: z.number().int(),
  name: z.string(),
  organizationId: z.number().int(),
});
export const initiativeLocationOptionsSchema = z.array(initiativeLocationOptionSchema);
