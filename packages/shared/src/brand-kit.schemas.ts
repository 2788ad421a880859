import { z } from 'zod';

/**
 * "Download the visual identity" (spec §2, §7): the identity text and the logo files, read from a
 * headless content service when one is configured, from the kit embedded in the API otherwise.
 */
export const BRAND_KIT_SOURCES = ['contentService', 'embedded'] as const;
export type BrandKitSource = (typeof BRAND_KIT_SOURCES)[number];

/** One logo file of the kit, as the zip holds it. */
export const brandKitFileSchema = z.object({
  name: z.string(),
  /** Bytes. */
  size: z.number().int().nonnegative(),
  contentType: z.string(),
});
export type BrandKitFile = z.infer<typeof brandKitFileSchema>;

export const brandKitSchema = z.object({
  /** The identity text in the request's language (Markdown-flavoured plain text). */
  identityText: z.string(),
  /** The logo files; the zip holds them and the identity text. */
  files: z.array(brandKitFileSchema),
  source: z.enum(BRAND_KIT_SOURCES),
  /** When the kit last changed where it comes from (ISO 8601). */
  updatedAt: z.string(),
});
export type BrandKit = z.infer<typeof brandKitSchema>;
