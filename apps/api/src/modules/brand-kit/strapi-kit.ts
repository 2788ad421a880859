import type { Language } from '@scentia/shared/locales';
import { z } from 'zod';
import {
  KIT_LIMITS,
  type KitFile,
  type KitLoader,
  type LoadedKit,
  safeFileName,
  uniqueFileName,
} from './brand-kit-files.ts';

/**
 * The brand kit from a Strapi content service (v4 and v5 REST): the single type `brand-kit` with the
 * fields `identityText` (text, localized) and `logos` (media, multiple), read as
 * `GET {base}/api/brand-kit?populate=*&locale={language}` with `Authorization: Bearer {token}`.
 *
 * Strapi v5 answers the entry flat (`{ data: { documentId, identityText, logos: [file…] } }`), v4
 * wraps it (`{ data: { id, attributes: { identityText, logos: { data: [{ id, attributes: file }] } } } }`);
 * a media file carries `name`, `ext`, `mime`, `size` (kB) and `url`, relative to the server for the
 * local upload provider (`/uploads/logo_1a2b.svg`), absolute for a cloud one. Both shapes are read.
 */

/** Why a load failed, for the log (never shown to the caller, who gets the localized 503). */
class ContentServiceError extends Error {
  override name = 'ContentServiceError';
}

/** A media file as Strapi describes it; only what we use, other fields are ignored. */
const mediaFileSchema = z.object({
  name: z.string().max(255),
  url: z.string().min(1).max(2_048),
  ext: z.string().max(20).nullish(),
  mime: z.string().max(255).nullish(),
});
type MediaFile = z.infer<typeof mediaFileSchema>;

// Both fields must be there (null when left empty in the CMS): a missing one means another content type.
const kitFields = {
  identityText: z.string().max(KIT_LIMITS.identityTextLength).nullable(),
  updatedAt: z.string().max(40).nullish(),
};

const v5AnswerSchema = z.object({
  data: z.object({ ...kitFields, logos: z.array(mediaFileSchema).max(KIT_LIMITS.files).nullable() }),
});

const v4AnswerSchema = z.object({
  data: z.object({
    attributes: z.object({
      ...kitFields,
      logos: z
        .object({
          data: z
            .array(z.object({ attributes: mediaFileSchema }))
            .max(KIT_LIMITS.files)
            .nullable(),
        })
        .nullable(),
    }),
  }),
});

/** The entry's fields, whichever version answered (v4 when the entry is wrapped in `attributes`). */
function entryFields(raw: unknown) {
  const isV4 =
    typeof raw === 'object' &&
    raw !== null &&
    'data' in raw &&
    typeof raw.data === 'object' &&
    raw.data !== null &&
    'attributes' in raw.data;
  if (isV4) {
    const parsed = v4AnswerSchema.safeParse(raw);
    if (!parsed.success) throw malformed(parsed.error);
    const entry = parsed.data.data.attributes;
    return { ...entry, logos: (entry.logos?.data ?? []).map((item) => item.attributes) };
  }
  const parsed = v5AnswerSchema.safeParse(raw);
  if (!parsed.success) throw malformed(parsed.error);
  return { ...parsed.data.data, logos: parsed.data.data.logos ?? [] };
}

function malformed(error: z.ZodError) {
  const issue = error.issues[0];
  return new ContentServiceError(
    `brand-kit entry: unexpected shape at ${issue?.path.join('.') || 'root'} (${issue?.message})`,
  );
}

/** The body of `response`, refused past `maxBytes` whether or not the server announced its length. */
async function readBounded(response: Response, maxBytes: number, what: string): Promise<Uint8Array> {
  const announced = Number(response.headers.get('content-length') ?? Number.NaN);
  if (announced > maxBytes) throw new ContentServiceError(`${what} is larger than ${maxBytes} bytes`);
  if (!response.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    total += chunk.byteLength;
    if (total > maxBytes) throw new ContentServiceError(`${what} is larger than ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export function createStrapiKitLoader(options: {
  /** The server's base URL; a path (`https://cms.example.com/strapi`) is kept. */
  baseUrl: string;
  token?: string;
  /** For the whole load: the entry and every file. */
  timeoutMs: number;
  now?: () => Date;
}): KitLoader {
  const base = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
  const now = options.now ?? (() => new Date());

  /** The token goes to the content service's own origin only, never to a CDN a media URL names. */
  const headersFor = (url: URL, accept: string): Record<string, string> =>
    options.token && url.origin === base.origin
      ? { accept, authorization: `Bearer ${options.token}` }
      : { accept };

  const get = async (url: URL, accept: string, signal: AbortSignal) => {
    try {
      return await fetch(url, { headers: headersFor(url, accept), signal, redirect: 'follow' });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      throw new ContentServiceError(
        `${url.pathname}: ${(error as Error).name} ${cause ?? (error as Error).message}`,
      );
    }
  };

  /** The entry's JSON, or `undefined` when the server has none in that locale (404). */
  const readEntry = async (locale: Language | undefined, signal: AbortSignal): Promise<unknown> => {
    const url = new URL('api/brand-kit', base);
    url.searchParams.set('populate', '*');
    if (locale) url.searchParams.set('locale', locale);
    const response = await get(url, 'application/json', signal);
    if (response.status === 404) {
      await response.body?.cancel();
      return undefined;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new ContentServiceError(`brand-kit entry: status ${response.status}`);
    }
    const text = new TextDecoder().decode(await readBounded(response, 1024 * 1024, 'the brand-kit entry'));
    try {
      return JSON.parse(text);
    } catch {
      throw new ContentServiceError('brand-kit entry: not JSON');
    }
  };

  const readFile = async (media: MediaFile, index: number, signal: AbortSignal) => {
    let url: URL;
    try {
      url = new URL(media.url, base);
    } catch {
      throw new ContentServiceError(`logo ${index + 1}: an invalid URL`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new ContentServiceError(`logo ${index + 1}: not an http(s) URL`);
    }
    const response = await get(url, '*/*', signal);
    if (!response.ok) {
      await response.body?.cancel();
      throw new ContentServiceError(`logo ${index + 1} (${url.pathname}): status ${response.status}`);
    }
    const bytes = await readBounded(response, KIT_LIMITS.fileBytes, `logo ${index + 1}`);
    const contentType =
      media.mime || response.headers.get('content-type')?.split(';')[0]?.trim() || 'application/octet-stream';
    return { media, bytes, contentType };
  };

  return async (language) => {
    const signal = AbortSignal.timeout(options.timeoutMs);
    // A locale the entry is not translated into answers 404: then the server's default locale.
    const raw = (await readEntry(language, signal)) ?? (await readEntry(undefined, signal));
    if (raw === undefined) throw new ContentServiceError('no brand-kit entry');
    const fields = entryFields(raw);

    const downloads = await Promise.all(fields.logos.map((media, index) => readFile(media, index, signal)));
    const total = downloads.reduce((sum, download) => sum + download.bytes.byteLength, 0);
    if (total > KIT_LIMITS.kitBytes)
      throw new ContentServiceError(`the logos add up to more than ${KIT_LIMITS.kitBytes} bytes`);

    const taken = new Set<string>();
    const files: KitFile[] = downloads.map(({ media, bytes, contentType }, index) => ({
      name: uniqueFileName(safeFileName(media.name, media.ext ?? undefined, `logo-${index + 1}`), taken),
      contentType,
      bytes,
    }));
    const updatedAt =
      fields.updatedAt && !Number.isNaN(Date.parse(fields.updatedAt)) ? new Date(fields.updatedAt) : now();
    const kit: LoadedKit = {
      identityText: (fields.identityText ?? '').trim(),
      files,
      source: 'contentService',
      updatedAt: updatedAt.toISOString(),
    };
    return kit;
  };
}
