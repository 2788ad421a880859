import { z } from 'zod';
import { catalogNameSchema, hasOnePerLanguage } from './categories.schemas.ts';
import { dateTimeSchema } from './dates.schemas.ts';
import { boundedIntegerText, idSchema, idTextSchema } from './integers.schemas.ts';
import { kitRowFields } from './list.schemas.ts';
import { DEFAULT_LANGUAGE, LANGUAGES } from './locales.ts';
import { recordVersionShape } from './record-fields.schemas.ts';

/** The device's slots (spec §9), the defaults of a new campaign and the bounds the API enforces. */
const CAMPAIGN_SLOTS = 20;
const DEFAULT_FRAGRANCE_SHOTS = 100;
/** Far above any real capsule; it keeps a typo (100000) from reaching the device. */
const MAX_FRAGRANCE_SHOTS = 10_000;
const DEFAULT_SHOT_SECONDS = 5;
/** Ten minutes of one fragrance is more than any experience plays. */
const MAX_SHOT_SECONDS = 600;

/** A multipart part (or the web form's number) from 1 to `max`, in decimal digits. */
const positiveInteger = (max: number, fallback?: number) => boundedIntegerText(1, max, fallback);

const campaignDescriptionSchema = z.strictObject({
  language: z.enum(LANGUAGES, { error: 'invalidOption' }),
  description: z.string().trim().min(1, { error: 'required' }).max(100),
});

const campaignSlotSchema = z.strictObject({
  fragranceId: idTextSchema,
  slot: positiveInteger(CAMPAIGN_SLOTS),
  shotSeconds: positiveInteger(MAX_SHOT_SECONDS, DEFAULT_SHOT_SECONDS),
});

const hasEachSlotOnce = (collection: { slot: number }[]) =>
  new Set(collection.map((entry) => entry.slot)).size === collection.length;

/**
 * The campaign form (spec §7 Saves: multipart with name, fragranceShots, cover.file,
 * collection[i][fragranceId|slot|shotSeconds], descriptions[i][language|description]); the cover
 * travels beside it. The pt-BR description is required, the others optional. `updatedAt` is the
 * version the form loaded: a save based on an older one is refused (409).
 */
export const campaignBodySchema = z.strictObject({
  name: catalogNameSchema,
  fragranceShots: positiveInteger(MAX_FRAGRANCE_SHOTS, DEFAULT_FRAGRANCE_SHOTS),
  descriptions: z
    .array(campaignDescriptionSchema)
    .max(LANGUAGES.length)
    .refine(hasOnePerLanguage, { error: 'duplicateLanguage' })
    .refine((descriptions) => descriptions.some((entry) => entry.language === DEFAULT_LANGUAGE), {
      error: 'defaultDescriptionRequired',
    }),
  // At most one entry per slot: more than 20 is refused before anything else is read.
  collection: z
    .array(campaignSlotSchema)
    .max(CAMPAIGN_SLOTS)
    .refine(hasEachSlotOnce, { error: 'duplicateSlot' })
    .default([]),
  ...recordVersionShape,
});
export type CampaignBody = z.infer<typeof campaignBodySchema>;

export const campaignRowSchema = z.object({
  campaignId: z.number().int(),
  name: z.string(),
  fragranceShots: z.number().int(),
  cover: z.object({ tempUri: z.string(), thumbnailUri: z.string() }).nullable(),
  descriptions: z.array(z.object({ language: z.enum(LANGUAGES), description: z.string() })),
  collection: z.array(
    z.object({
      slot: z.number().int(),
      fragranceId: z.number().int(),
      shotSeconds: z.number().int(),
      fragrance: z.object({
        name: z.string(),
        image: z.object({ tempUri: z.string(), thumbnailUri: z.string() }).nullable(),
      }),
    }),
  ),
  downloads: z.number().int(),
  /**
   * The latest print or download of the campaign's QR code, and the version (`updatedAt`) it carried:
   * when that is not the campaign's `updatedAt`, the printed codes are out of date since `updatedAt`.
   */
  lastQrPrint: z
    .object({ printedAt: z.string(), kind: z.enum(['print', 'png', 'svg']), campaignUpdatedAt: z.string() })
    .nullable(),
  isDefault: z.boolean(),
  ...kitRowFields,
});
export type CampaignRow = z.infer<typeof campaignRowSchema>;

/** `PUT /api/campaigns/default`. */
export const setDefaultCampaignBodySchema = z.strictObject({
  campaignId: idSchema,
});

/** `GET /api/campaigns/without-quiz?lang=&str=`. */
export const withoutQuizQuerySchema = z.object({
  lang: z.enum(LANGUAGES, { error: 'invalidOption' }),
  str: z.string().trim().max(100).default(''),
});
export const campaignOptionSchema = z.object({ campaignId: z.number().int(), name: z.string() });

/**
 * `POST /api/campaigns/qr-prints/{id}`: records that the QR code was printed or downloaded, with the
 * version it carried (the campaign's `updatedAt` the dialog showed).
 */
export const qrPrintBodySchema = z.strictObject({
  kind: z.enum(['print', 'png', 'svg'], { error: 'invalidOption' }),
  campaignUpdatedAt: dateTimeSchema,
});
export type QrPrintBody = z.infer<typeof qrPrintBodySchema>;

/**
 * What a campaign's QR code holds (spec §9): `campaign|{customer code}|{campaignId}|{updatedAt}`, with
 * `updatedAt` exactly as the API answers it (ISO 8601, UTC, milliseconds: `2026-11-23T21:40:44.123Z`).
 * Every save changes `updatedAt`, so a printed code names the version it was printed from.
 */
export function campaignQrText(
  customerCode: string,
  campaign: { campaignId: number; updatedAt: string },
): string {
  return `campaign|${customerCode}|${campaign.campaignId}|${campaign.updatedAt}`;
}
