import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A logo as an editor uploaded it to the media library. */
export type FakeLogo = { name: string; ext: string; mime: string; bytes: Uint8Array };

export type FakeBrandKit = { identityText: string | null; logos: FakeLogo[]; updatedAt: string };

/**
 * How the server behaves now (tests change it between requests): `up` answers like Strapi; `slow`
 * waits `delayMs` before answering (the API's timeout ends the wait); `malformed` answers JSON of
 * another shape; `broken` answers 500 as Strapi does on an internal error; `brokenFiles` answers
 * the entry but 404 for the media files.
 */
export type FakeMode = 'up' | 'slow' | 'malformed' | 'broken' | 'brokenFiles';

/**
 * A local server speaking Strapi's REST API for the single type `brand-kit` (fields `identityText`,
 * localized, and `logos`, media multiple) and serving the media library's files from `/uploads/`, as
 * the local upload provider does. `version` picks the answer's shape: Strapi 5 flat
 * (`{ data: { id, documentId, identityText, logos: [file…], locale… }, meta: {} }`) or Strapi 4
 * (`{ data: { id, attributes: { …, logos: { data: [{ id, attributes: file }] } } }, meta: {} }`).
 * With `token`, requests without `Authorization: Bearer <token>` get 401 as Strapi answers them.
 * A locale with no entry answers 404 with Strapi's error body; no `locale` parameter is the default
 * locale (`defaultLocale`).
 */
export async function startContentServer(options: {
  version: 'v4' | 'v5';
  kits: Record<string, FakeBrandKit>;
  defaultLocale: string;
  token?: string;
  delayMs?: number;
  /** Where the media files are said to be: relative to this server by default, as the local provider. */
  mediaBaseUrl?: string;
}) {
  const state = { mode: 'up' as FakeMode };
  /** Every request's path and query, and its Authorization header, in arrival order. */
  const requests: { url: string; authorization: string | undefined }[] = [];
  let nextId = 1;
  const fileIds = new Map<FakeLogo, number>();
  const idOf = (logo: FakeLogo) => {
    if (!fileIds.has(logo)) fileIds.set(logo, nextId++);
    return fileIds.get(logo) as number;
  };
  /** The media library's stored name: Strapi's `<name>_<hash><ext>`, the hash unique per file. */
  const storedName = (logo: FakeLogo) =>
    `${logo.name.replace(/\.[^.]+$/, '').replace(/\W+/g, '_')}_${idOf(logo).toString(16).padStart(6, '0')}${logo.ext}`;

  const mediaFile = (logo: FakeLogo) => ({
    name: logo.name,
    alternativeText: null,
    caption: null,
    width: null,
    height: null,
    formats: null,
    hash: storedName(logo).replace(/\.[^.]+$/, ''),
    ext: logo.ext,
    mime: logo.mime,
    size: Math.round((logo.bytes.byteLength / 1024) * 100) / 100,
    url: `${options.mediaBaseUrl ?? ''}/uploads/${storedName(logo)}`,
    previewUrl: null,
    provider: 'local',
    provider_metadata: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
  });

  const entry = (locale: string, kit: FakeBrandKit) => {
    const fields = {
      identityText: kit.identityText,
      createdAt: '2026-11-01T10:00:00.000Z',
      updatedAt: kit.updatedAt,
      publishedAt: kit.updatedAt,
      locale,
    };
    if (options.version === 'v5') {
      return {
        data: {
          id: 1,
          documentId: 'k2b8x0h4l1m9q3r7s5t6u0vw',
          ...fields,
          logos: kit.logos.map((logo) => ({
            id: idOf(logo),
            documentId: `file${idOf(logo)}`,
            ...mediaFile(logo),
          })),
        },
        meta: {},
      };
    }
    return {
      data: {
        id: 1,
        attributes: {
          ...fields,
          logos: { data: kit.logos.map((logo) => ({ id: idOf(logo), attributes: mediaFile(logo) })) },
        },
      },
      meta: {},
    };
  };

  const json = (response: ServerResponse, status: number, body: unknown) =>
    response
      .writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
      .end(JSON.stringify(body));
  const strapiError = (response: ServerResponse, status: number, name: string, message: string) =>
    json(response, status, { data: null, error: { status, name, message, details: {} } });

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://content');
    if (
      options.token &&
      url.pathname.startsWith('/api/') &&
      request.headers.authorization !== `Bearer ${options.token}`
    ) {
      return strapiError(response, 401, 'UnauthorizedError', 'Missing or invalid credentials');
    }
    if (state.mode === 'broken')
      return strapiError(response, 500, 'InternalServerError', 'Internal Server Error');
    if (url.pathname === '/api/brand-kit') {
      if (state.mode === 'malformed')
        return json(response, 200, { data: [{ id: 1, title: 'Not a brand kit' }], meta: {} });
      const locale = url.searchParams.get('locale') ?? options.defaultLocale;
      const kit = options.kits[locale];
      if (!kit) return strapiError(response, 404, 'NotFoundError', 'Not Found');
      return json(response, 200, entry(locale, kit));
    }
    if (url.pathname.startsWith('/uploads/') && state.mode !== 'brokenFiles') {
      const logo = Object.values(options.kits)
        .flatMap((kit) => kit.logos)
        .find((candidate) => `/uploads/${storedName(candidate)}` === url.pathname);
      if (logo) {
        return response
          .writeHead(200, { 'content-type': logo.mime, 'content-length': logo.bytes.byteLength })
          .end(Buffer.from(logo.bytes));
      }
    }
    return strapiError(response, 404, 'NotFoundError', 'Not Found');
  };

  const server = createServer((request, response) => {
    requests.push({ url: request.url ?? '', authorization: request.headers.authorization });
    if (state.mode === 'slow') {
      const timer = setTimeout(() => handle(request, response), options.delayMs ?? 2_000);
      response.on('close', () => clearTimeout(timer));
      return;
    }
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    requests,
    /** How many times the brand-kit entry was asked for. */
    entryRequests: () => requests.filter((request) => request.url.startsWith('/api/brand-kit')).length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A URL on which nothing listens: connections are refused. */
export async function refusedUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
