import type { TokenPair } from '@scentia/shared/auth.schemas';
import { REQUEST_CANCEL_MS, REQUEST_TIMEOUT_MS } from '@scentia/shared/constants';
import type { ErrorBody } from '@scentia/shared/error-codes';
import { ApiError, CLIENT_ERROR_CODE } from './api-error.ts';
import type { SafeParser } from './plain-checks.ts';

/**
 * A small fetch wrapper (spec §7–§9): bearer token, Content-Language, a 60 s timeout surfaced as
 * an error with a hard abort at 70 s, and transparent token refresh on 401.
 */

export type HttpClientOptions = {
  baseUrl: string;
  getTokens: () => TokenPair | null;
  onTokensRefreshed: (tokens: TokenPair) => void;
  /** Called once per failed refresh, however many calls were waiting on it. */
  onSessionExpired: () => void;
  getLanguage: () => string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  cancelMs?: number;
  /** The refresh body carries the current year (`InstanciaAno`); injectable for tests. */
  now?: () => Date;
};

export type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, or as-is when it is FormData. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** false: no bearer and no refresh-on-401 (sign-in, refresh and sign-out themselves). */
  isAuthenticated?: boolean;
  responseType?: 'json' | 'blob' | 'text';
  /** Validates the answer; a mismatch is a BAD_RESPONSE error instead of a crash further down. */
  schema?: SafeParser<T>;
};

type Exchange = { response: Response; payload: unknown };

export type Download = { blob: Blob; fileName: string | undefined };

/**
 * The file name of a `Content-Disposition: attachment` header: the RFC 5987 `filename*` (UTF-8)
 * when present, else the plain `filename`. Path separators are dropped: the name is only a hint.
 */
export function fileNameFromDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  let name: string | undefined;
  const extended = /filename\*\s*=\s*utf-8''([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      name = decodeURIComponent(extended.trim().replace(/^"|"$/g, ''));
    } catch {
      name = undefined;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(header);
    name = (plain?.[1] ?? plain?.[2])?.trim();
  }
  const safe = name?.replace(/[/\\]/g, '_').trim();
  return safe || undefined;
}

const REFRESH_PATH = '/login/refresh';

export function createHttpClient(options: HttpClientOptions) {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const cancelMs = options.cancelMs ?? REQUEST_CANCEL_MS;
  const now = options.now ?? (() => new Date());

  // The one refresh in flight: every 401 that arrives while it runs waits for it instead of
  // spending the refresh token again (refresh tokens rotate, a second use would fail).
  let refreshInFlight: Promise<TokenPair | null> | null = null;

  function buildUrl(path: string, query?: Record<string, QueryValue>): string {
    const url = `${options.baseUrl}${path.startsWith('/') ? path : `/${path}`}`;
    if (!query) return url;
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
    }
    const search = params.toString();
    return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url;
  }

  async function readPayload(response: Response, responseType: RequestOptions<unknown>['responseType']) {
    if (response.status === 204) return undefined;
    if (response.ok && responseType === 'blob') return response.blob();
    const text = await response.text();
    if (response.ok && responseType === 'text') return text;
    if (!text) return undefined;
    const isJson = response.headers.get('content-type')?.includes('json') ?? false;
    if (!isJson) return text;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }

  /** One HTTP exchange, bounded in time. */
  async function send(path: string, request: RequestOptions<unknown>, token: string | undefined) {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Content-Language': options.getLanguage(),
      ...request.headers,
    };
    if (token) headers.Authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (request.body instanceof FormData) {
      body = request.body;
    } else if (request.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(request.body);
    }

    const controller = new AbortController();
    const abortFromCaller = () => controller.abort(request.signal?.reason);
    if (request.signal?.aborted) abortFromCaller();
    request.signal?.addEventListener('abort', abortFromCaller, { once: true });
    // The hard stop: whatever is still open at 70 s is torn down, even after the caller gave up.
    const cancelTimer = setTimeout(
      () => controller.abort(new DOMException('Cancelled', 'AbortError')),
      cancelMs,
    );

    const exchange: Promise<Exchange> = (async () => {
      try {
        const response = await doFetch(buildUrl(path, request.query), {
          method: request.method ?? 'GET',
          headers,
          body,
          signal: controller.signal,
        });
        return { response, payload: await readPayload(response, request.responseType) };
      } finally {
        clearTimeout(cancelTimer);
        request.signal?.removeEventListener('abort', abortFromCaller);
      }
    })();

    // The 60 s timeout rejects the call so the screen can say so; the transfer itself is only
    // aborted by the 70 s timer above (spec §9: "60 s, automatic cancel at 70 s").
    let timeoutTimer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timeoutTimer = setTimeout(
        () => reject(new ApiError({ status: 0, code: CLIENT_ERROR_CODE.TIMEOUT })),
        timeoutMs,
      );
    });
    exchange.catch(() => undefined); // a late failure after the timeout won is not unhandled

    try {
      return await Promise.race([exchange, timeout]);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      // The caller's own cancellation (e.g. TanStack Query unmount) keeps its AbortError.
      if (request.signal?.aborted) throw error;
      if (controller.signal.aborted) throw new ApiError({ status: 0, code: CLIENT_ERROR_CODE.TIMEOUT });
      throw new ApiError({ status: 0, code: CLIENT_ERROR_CODE.NETWORK });
    } finally {
      clearTimeout(timeoutTimer);
    }
  }

  function toApiError({ response, payload }: Exchange): ApiError {
    const body = (typeof payload === 'object' && payload !== null ? payload : {}) as Partial<ErrorBody>;
    const retryAfter = Number.parseInt(response.headers.get('retry-after') ?? '', 10);
    return new ApiError({
      status: response.status,
      code: typeof body.code === 'string' ? body.code : `HTTP_${response.status}`,
      message: typeof body.message === 'string' ? body.message : '',
      fields: Array.isArray(body.fields) ? body.fields : undefined,
      retryAfterSeconds: Number.isFinite(retryAfter) ? retryAfter : undefined,
    });
  }

  async function refresh(): Promise<TokenPair | null> {
    const tokens = options.getTokens();
    if (!tokens) return null;
    // No answer at all (offline, timeout) rejects here and keeps the session: it may still be fine.
    const exchange = await send(
      REFRESH_PATH,
      {
        method: 'POST',
        body: { InstanciaAno: now().getFullYear(), Login: tokens.login, Refresh: tokens.refreshToken },
      },
      undefined,
    );
    const { response, payload } = exchange;
    if (response.ok) {
      const pair = payload as TokenPair;
      if (!pair || typeof pair.token !== 'string' || typeof pair.refreshToken !== 'string') {
        throw new ApiError({ status: response.status, code: CLIENT_ERROR_CODE.BAD_RESPONSE });
      }
      const next = { ...pair, login: pair.login ?? tokens.login };
      options.onTokensRefreshed(next);
      return next;
    }
    // A server error says nothing about the session; only a refusal ends it.
    if (response.status >= 500 || response.status === 429) throw toApiError(exchange);
    options.onSessionExpired();
    return null;
  }

  function sharedRefresh(): Promise<TokenPair | null> {
    refreshInFlight ??= refresh().finally(() => {
      refreshInFlight = null;
    });
    return refreshInFlight;
  }

  /** One call with the refresh-and-retry-once rule; a non-2xx answer is thrown as an ApiError. */
  async function exchangeOf(path: string, req: RequestOptions<unknown>): Promise<Exchange> {
    const isAuthenticated = req.isAuthenticated ?? true;
    const sentWith = isAuthenticated ? options.getTokens()?.token : undefined;
    let exchange = await send(path, req, sentWith);

    if (exchange.response.status === 401 && isAuthenticated && sentWith) {
      const current = options.getTokens();
      // Another call already refreshed while this one was on the wire: just use the new token.
      const token = current && current.token !== sentWith ? current.token : (await sharedRefresh())?.token;
      if (!token) {
        throw new ApiError({ status: 401, code: CLIENT_ERROR_CODE.SESSION_EXPIRED });
      }
      // Exactly one retry: a second 401 is reported as it is, never refreshed again.
      exchange = await send(path, req, token);
    }

    if (!exchange.response.ok) throw toApiError(exchange);
    return exchange;
  }

  async function request<T>(path: string, req: RequestOptions<T> = {}): Promise<T> {
    const exchange = await exchangeOf(path, req as RequestOptions<unknown>);
    if (!req.schema) return exchange.payload as T;
    const parsed = req.schema.safeParse(exchange.payload);
    if (!parsed.success) {
      throw new ApiError({ status: exchange.response.status, code: CLIENT_ERROR_CODE.BAD_RESPONSE });
    }
    return parsed.data;
  }

  /**
   * A file download (e.g. an .xlsx export) with the bearer and the refresh rule of every other call:
   * the body as a Blob and the file name the server proposed in Content-Disposition.
   */
  async function download(
    path: string,
    req: Omit<RequestOptions<Blob>, 'method' | 'body' | 'responseType' | 'schema'> = {},
  ): Promise<Download> {
    const { response, payload } = await exchangeOf(path, {
      ...req,
      method: 'GET',
      responseType: 'blob',
      headers: { Accept: '*/*', ...req.headers },
    });
    if (!(payload instanceof Blob)) {
      throw new ApiError({ status: response.status, code: CLIENT_ERROR_CODE.BAD_RESPONSE });
    }
    return { blob: payload, fileName: fileNameFromDisposition(response.headers.get('content-disposition')) };
  }

  return {
    request,
    download,
    get: <T>(path: string, req: Omit<RequestOptions<T>, 'method' | 'body'> = {}) =>
      request<T>(path, { ...req, method: 'GET' }),
    post: <T>(path: string, body?: unknown, req: Omit<RequestOptions<T>, 'method' | 'body'> = {}) =>
      request<T>(path, { ...req, method: 'POST', body }),
    put: <T>(path: string, body?: unknown, req: Omit<RequestOptions<T>, 'method' | 'body'> = {}) =>
      request<T>(path, { ...req, method: 'PUT', body }),
    delete: <T>(path: string, req: Omit<RequestOptions<T>, 'method' | 'body'> = {}) =>
      request<T>(path, { ...req, method: 'DELETE' }),
  };
}
