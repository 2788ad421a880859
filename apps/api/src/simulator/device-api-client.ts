import type {
  DeviceConfig,
  HeartbeatAnswer,
  HeartbeatBody,
  ShotBatchAnswer,
  ShotBatchBody,
} from '@scentia/shared/device-api.schemas';
import type { SimulatorTally } from './tally.ts';

/**
 * The device API as one diffuser calls it, with its credential. A 429 or 5xx (or no answer) is retried
 * with the same body after a growing pause (1 s, 2 s, … 30 s, honouring Retry-After), so a batch keeps
 * its sequence; another 4xx is counted as refused and answered undefined.
 */
export type DeviceApi = ReturnType<typeof deviceApiClient>;

const MAX_BACKOFF_MS = 30_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function deviceApiClient(options: {
  base: string;
  credential: string;
  tally: SimulatorTally;
  isStopping: () => boolean;
  log: (line: string) => void;
}) {
  const { base, tally } = options;
  const headers = { authorization: `Bearer ${options.credential}`, 'content-type': 'application/json' };

  async function call(method: string, path: string, body?: unknown, extra: Record<string, string> = {}) {
    for (let attempt = 0; ; attempt += 1) {
      let response: Response | undefined;
      try {
        response = await fetch(`${base}${path}`, {
          method,
          headers: { ...headers, ...extra },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      } catch {}
      if (response && response.status < 500 && response.status !== 429) return response;
      tally.backedOff += 1;
      // Stopping: one more try at most, so Ctrl-C never waits out a long back-off.
      if (options.isStopping() && attempt > 0) return undefined;
      const retryAfter = Number(response?.headers.get('retry-after') ?? 0) * 1000;
      await pause(Math.max(retryAfter, Math.min(MAX_BACKOFF_MS, 1_000 * 2 ** attempt)));
    }
  }

  async function json<T>(response: Response | undefined, what: string): Promise<T | undefined> {
    if (!response) return undefined;
    if (response.ok) return (await response.json()) as T;
    tally.refused += 1;
    options.log(`${what} refused: ${response.status} ${await response.text()}`);
    return undefined;
  }

  return {
    /** The campaign and schedule; the one held is kept when the server answers 304 Not Modified. */
    config: async (held: DeviceConfig | undefined) => {
      const response = await call(
        'GET',
        '/api/device/config',
        undefined,
        held ? { 'if-none-match': `"${held.version}"` } : {},
      );
      if (response?.status === 304) return held;
      return json<DeviceConfig>(response, 'config');
    },
    heartbeat: async (body: HeartbeatBody) =>
      json<HeartbeatAnswer>(await call('POST', '/api/device/heartbeat', body), 'heartbeat'),
    shots: async (body: ShotBatchBody) =>
      json<ShotBatchAnswer>(await call('POST', '/api/device/shots', body), `batch ${body.sequence}`),
  };
}
