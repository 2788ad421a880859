import { formatCep } from '@scentia/shared/br-documents';
import type { PostcodeAnswer } from '@scentia/shared/geo.schemas';
import { createTtlCache } from '../../lib/ttl-cache.ts';
import { stateOfCep } from './cep-ranges.ts';

/** `source` is `viacep` when the service answered, `offline` when only the CEP range was used. */
export type PostcodeAddress = PostcodeAnswer;

export type PostcodeProvider = { lookup: (cep: string) => Promise<PostcodeAddress | undefined> };

type ViaCepAnswer = {
  cep?: string;
  uf?: string;
  localidade?: string;
  logradouro?: string;
  bairro?: string;
  erro?: boolean | string;
};

const CACHE_TTL_MS = 24 * 3_600_000;
const CACHE_MAX_ENTRIES = 10_000;

/**
 * Brazilian postcodes through a service speaking ViaCEP's JSON (`{baseUrl}/ws/{cep}/json/`), with a
 * timeout, an in-memory cache of answers (found and not found), and an offline fallback that still
 * gives the state from the CEP range when the service is slow or down.
 */
export function createViaCepProvider(options: {
  baseUrl: string;
  timeoutMs: number;
  log: { warn: (details: object, message: string) => void };
}): PostcodeProvider {
  const cache = createTtlCache<PostcodeAddress | undefined>({
    ttlMs: CACHE_TTL_MS,
    maxEntries: CACHE_MAX_ENTRIES,
  });
  const remember = cache.remember;

  const offline = (digits: string): PostcodeAddress | undefined => {
    const uf = stateOfCep(digits);
    return uf
      ? { cep: formatCep(digits), uf, localidade: null, logradouro: null, bairro: null, source: 'offline' }
      : undefined;
  };

  return {
    async lookup(digits) {
      const cached = cache.recall(digits);
      if (cached) return cached.value;
      let answer: ViaCepAnswer;
      try {
        const response = await fetch(new URL(`/ws/${digits}/json/`, options.baseUrl), {
          signal: AbortSignal.timeout(options.timeoutMs),
          headers: { accept: 'application/json' },
        });
        if (response.status === 400 || response.status === 404) return remember(digits, undefined);
        if (!response.ok) throw new Error(`status ${response.status}`);
        answer = (await response.json()) as ViaCepAnswer;
      } catch (error) {
        // Not cached: the next lookup tries the service again.
        options.log.warn(
          { cep: digits, reason: (error as Error).message },
          'Postcode service unavailable; using the CEP range',
        );
        return offline(digits);
      }
      if (answer.erro || !answer.uf) return remember(digits, undefined);
      return remember(digits, {
        cep: formatCep(digits),
        uf: answer.uf,
        localidade: answer.localidade || null,
        logradouro: answer.logradouro || null,
        bairro: answer.bairro || null,
        source: 'viacep',
      });
    },
  };
}
