import type { CampaignRow, campaignBodySchema } from '@scentia/shared/campaigns.schemas';
import { LANGUAGES, type Language } from '@scentia/shared/locales';
import type { z } from 'zod';
import { requiredText } from '../../components/resource-form/form-values.ts';
import type { ImageUploadValue } from '../../components/resource-form/image-upload-field.tsx';
import type { FieldPath } from '../../lib/server-field-errors.ts';

const DEFAULT_SHOT_SECONDS = 5;
const DEFAULT_FRAGRANCE_SHOTS = 100;

/**
 * The cover field: the chosen file (none when the stored cover is kept), what the preview shows (an
 * object URL of the file, or the stored cover's signed URL) and whether the last file chosen was over
 * the upload limit — then it was not taken and the field shows the max-size message.
 */
export type CoverValue = ImageUploadValue;

/** One configured slot, with what the table shows of its fragrance. */
export type SlotValue = {
  slot: number;
  fragranceId: number;
  fragranceName: string;
  thumbnailUri: string | null;
  shotSeconds: number | null;
};

/** The campaign form as antd holds it; the collection is kept ordered by slot. */
export type CampaignFormValues = {
  name: string;
  fragranceShots: number | null;
  cover: CoverValue | null;
  descriptions: Record<Language, string>;
  collection: SlotValue[];
};

export type CampaignBodyInput = z.input<typeof campaignBodySchema>;

/** The form's fields, for placing the server's field errors (`cover.file` → cover). */
export const CAMPAIGN_FORM_FIELDS: readonly FieldPath[] = [
  ['name'],
  ['fragranceShots'],
  ['cover'],
  ['descriptions'],
  ['collection'],
];

/** The multipart field the API reads the cover from. */
const COVER_FIELD = 'cover.file';

export function emptyCampaignForm(): CampaignFormValues {
  return {
    name: '',
    fragranceShots: DEFAULT_FRAGRANCE_SHOTS,
    cover: null,
    descriptions: { 'pt-BR': '', 'en-US': '', 'es-ES': '' },
    collection: [],
  };
}

export function campaignToForm(campaign: CampaignRow): CampaignFormValues {
  const values = emptyCampaignForm();
  values.name = campaign.name;
  values.fragranceShots = campaign.fragranceShots;
  values.cover = campaign.cover
    ? { file: null, previewUrl: campaign.cover.tempUri, isTooLarge: false }
    : null;
  for (const entry of campaign.descriptions) values.descriptions[entry.language] = entry.description;
  values.collection = campaign.collection
    .map((entry) => ({
      slot: entry.slot,
      fragranceId: entry.fragranceId,
      fragranceName: entry.fragrance.name,
      thumbnailUri: entry.fragrance.image?.thumbnailUri ?? null,
      shotSeconds: entry.shotSeconds,
    }))
    .sort((a, b) => a.slot - b.slot);
  return values;
}

/** The collection with `fragrance` placed in `slot` (replacing what was there), ordered by slot. */
export function placeFragrance(
  collection: readonly SlotValue[],
  slot: number,
  fragrance: { fragranceId: number; fragranceName: string; thumbnailUri?: string | null },
): SlotValue[] {
  const current = collection.find((entry) => entry.slot === slot);
  const placed: SlotValue = {
    slot,
    fragranceId: fragrance.fragranceId,
    fragranceName: fragrance.fragranceName,
    thumbnailUri: fragrance.thumbnailUri ?? null,
    shotSeconds: current?.shotSeconds ?? DEFAULT_SHOT_SECONDS,
  };
  return [...collection.filter((entry) => entry.slot !== slot), placed].sort((a, b) => a.slot - b.slot);
}

/**
 * The slots whose fragrance sits in another slot too, each with those other slots (the device rule of
 * spec §5: a fragrance in one slot only).
 */
export function clashingSlots(collection: readonly SlotValue[]): ReadonlyMap<number, number[]> {
  const clashes = new Map<number, number[]>();
  for (const entry of collection) {
    const others = collection
      .filter((other) => other.fragranceId === entry.fragranceId && other.slot !== entry.slot)
      .map((other) => other.slot);
    if (others.length > 0) clashes.set(entry.slot, others);
  }
  return clashes;
}

/**
 * The fields as the shared schema (and the API) reads them: texts trimmed, blank descriptions left out.
 * An emptied number is the empty part the multipart form sends, not an absent one: the schema gives an
 * absent field its default, but refuses an empty one as the API does.
 */
export function campaignFormToBody(values: CampaignFormValues): CampaignBodyInput {
  return {
    name: requiredText(values.name),
    fragranceShots: values.fragranceShots ?? '',
    descriptions: LANGUAGES.flatMap((language) => {
      const description = requiredText(values.descriptions?.[language]);
      return description ? [{ language, description }] : [];
    }),
    collection: (values.collection ?? []).map((entry) => ({
      fragranceId: entry.fragranceId,
      slot: entry.slot,
      shotSeconds: entry.shotSeconds ?? '',
    })),
  };
}

/**
 * The multipart body of POST/PUT /campaigns (spec §7 Saves): name, fragranceShots,
 * descriptions[i][language|description], collection[i][fragranceId|slot|shotSeconds], the cover under
 * `cover.file` when one was chosen (an update without it keeps the stored cover) and, on update, the
 * `updatedAt` the form loaded. Nothing else: the API refuses unknown fields.
 */
export function campaignFormData(values: CampaignFormValues, updatedAt?: string): FormData {
  const body = campaignFormToBody(values);
  const data = new FormData();
  data.append('name', body.name as string);
  data.append('fragranceShots', String(body.fragranceShots ?? ''));
  (body.descriptions ?? []).forEach((entry, index) => {
    data.append(`descriptions[${index}][language]`, entry.language);
    data.append(`descriptions[${index}][description]`, entry.description);
  });
  (body.collection ?? []).forEach((entry, index) => {
    data.append(`collection[${index}][fragranceId]`, String(entry.fragranceId));
    data.append(`collection[${index}][slot]`, String(entry.slot));
    data.append(`collection[${index}][shotSeconds]`, String(entry.shotSeconds ?? ''));
  });
  if (updatedAt) data.append('updatedAt', updatedAt);
  const file = values.cover?.file;
  if (file) data.append(COVER_FIELD, file, file.name);
  return data;
}
