import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { LimitStore } from './limit-store.ts';

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** What the plugin passes at run time: its merged settings, with the route under `routeInfo`. */
type RouteSettings = { routeInfo?: { method?: string | string[]; url?: string } };

/**
 * The store @fastify/rate-limit counts the routes' `config.rateLimit` in (the sign-in burst, the mail
 * routes, the quiz app's events…): its counters are the limit store's, so a route's limit is shared by
 * every instance exactly like the service limiters. The plugin builds one child per limited route.
 */
export function routeLimitStore(store: LimitStore) {
  return class RouteLimitStore {
    private readonly name: string;
    private readonly byWindow = new Map<number, RateLimiterAbstract>();

    constructor(options: object = {}) {
      const { routeInfo } = options as RouteSettings;
      const method = [routeInfo?.method ?? 'ANY'].flat().join(',');
      this.name = routeInfo?.url ? `route:${method}:${routeInfo.url}` : 'route:global';
    }

    incr(key: string, callback: IncrCallback, timeWindow = 60_000, max = 1): void {
      let counters = this.byWindow.get(timeWindow);
      if (!counters) {
        counters = store.counters(`${this.name}:${timeWindow}`, {
          points: max,
          durationSeconds: Math.max(1, Math.ceil(timeWindow / 1000)),
        });
        this.byWindow.set(timeWindow, counters);
      }
      counters.penalty(key, 1).then(
        (counted) => callback(null, { current: counted.consumedPoints, ttl: counted.msBeforeNext }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: object) {
      return new RouteLimitStore(routeOptions);
    }
  };
}
