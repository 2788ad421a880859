import { isIP } from 'node:net';

/**
 * Which proxies in front of the server are believed about the client's address (Fastify's
 * `trustProxy`): none, the nearest N hops, or the listed addresses and networks. Never "every hop":
 * behind a proxy that appends to X-Forwarded-For, trusting every hop takes the left-most entry, which
 * the client writes itself.
 */
export type TrustedProxies = false | number | string[];

/** proxy-addr's names for the usual private ranges, accepted in the list beside addresses and CIDRs. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 10;

function isAddressOrNetwork(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
  return bits >= 0 && bits <= (family === 4 ? 32 : 128);
}

/**
 * Reads TRUST_PROXY: `false` (or `0`), a hop count (`1`, `2`…) or a comma-separated list of proxy
 * addresses, CIDRs or proxy-addr's range names. Answers the reason when the value is none of those;
 * `true` is refused with the alternatives rather than guessed at.
 */
export function parseTrustedProxies(value: string): { proxies: TrustedProxies } | { error: string } {
  const text = value.trim();
  if (text === '' || text === 'false' || text === '0') return { proxies: false };
  if (text === 'true') {
    return {
      error:
        'true would trust every hop, so a client could choose the address recorded and limited: give the ' +
        'number of proxies in front of the server (1, 2…) or their addresses (10.0.0.5,10.1.0.0/16)',
    };
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= MAX_HOPS ? { proxies: hops } : { error: `must be at most ${MAX_HOPS} hops` };
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isAddressOrNetwork(entry));
  if (wrong.length > 0) {
    return {
      error: `has entries that are neither an address nor a network: ${wrong.map((entry) => JSON.stringify(entry.slice(0, 60))).join(', ')}`,
    };
  }
  return { proxies: entries };
}

/**
 * The value Fastify's `trustProxy` takes: a hop count becomes the function Fastify itself makes of
 * one (its types accept no number); a list goes as it is.
 */
export function trustProxyOption(
  proxies: TrustedProxies,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof proxies !== 'number') return proxies;
  return (_address, hop) => hop < proxies;
}

/**
 * The client's address a limiter counts by: the address Fastify took from the right hop
 * (`request.ip`), when it is one; otherwise — a trusted proxy passed on text that is no address —
 * the address of the connection, so that text cannot give each request a fresh count.
 */
export function clientAddress(request: { ip: string; socket: { remoteAddress?: string } }): string {
  if (isIP(request.ip) !== 0) return request.ip;
  return request.socket.remoteAddress ?? 'unknown';
}
