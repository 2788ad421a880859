import { COUNTRY_CODES } from '@scentia/shared/countries';
import { type City as CityAnswer, GEO_PAGE_SIZE, type Region } from '@scentia/shared/geo.schemas';
import type { Page } from '@scentia/shared/list.schemas';
import type { Language } from '@scentia/shared/locales';
import { City, State } from 'country-state-city';
import { toSearchText } from '../../lib/search-text.ts';

export type GeoPage<T> = Page<T>;

/** Regions and cities of a country, 10 a page, optionally searched (accent- and case-insensitive). */
export type GeoProvider = {
  regions: (query: {
    country: string;
    search?: string;
    page: number;
    language: Language;
  }) => Promise<GeoPage<Region>>;
  cities: (query: {
    country: string;
    region?: string;
    search?: string;
    page: number;
    language: Language;
  }) => Promise<GeoPage<CityAnswer>>;
};

function pageOf<T>(items: T[], page: number): GeoPage<T> {
  return {
    data: items.slice((page - 1) * GEO_PAGE_SIZE, page * GEO_PAGE_SIZE),
    total: items.length,
    totalPages: Math.ceil(items.length / GEO_PAGE_SIZE),
  };
}

function matcher(search: string | undefined): (name: string) => boolean {
  if (!search) return () => true;
  const needle = toSearchText(search);
  return (name) => toSearchText(name).includes(needle);
}

/** The embedded dataset (npm country-state-city): works offline, names as the places write them. */
export function createEmbeddedGeoProvider(): GeoProvider {
  return {
    async regions({ country, search, page }) {
      const matches = matcher(search);
      const regions = State.getStatesOfCountry(country)
        .filter((state) => matches(state.name) || state.isoCode.toLowerCase() === search?.toLowerCase())
        .map((state) => ({ code: state.isoCode, name: state.name }))
        .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
      return pageOf(regions, page);
    },
    async cities({ country, region, search, page }) {
      const matches = matcher(search);
      const cities = (
        region ? City.getCitiesOfState(country, region) : (City.getCitiesOfCountry(country) ?? [])
      )
        .filter((city) => matches(city.name))
        .map((city) => ({ name: city.name }))
        .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
      return pageOf(cities, page);
    },
  };
}

/** An external geo service answering the same shapes at `{baseUrl}/regions` and `{baseUrl}/cities`. */
export function createHttpGeoProvider(options: { baseUrl: string; timeoutMs: number }): GeoProvider {
  const get = async <T>(path: string, params: Record<string, string | number | undefined>): Promise<T> => {
    const url = new URL(path, options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
    for (const [key, value] of Object.entries(params))
      if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
    const response = await fetch(url, {
      signal: AbortSignal.timeout(options.timeoutMs),
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`Geo service answered ${response.status}`);
    return (await response.json()) as T;
  };
  return {
    regions: ({ country, search, page, language }) =>
      get('regions', { country, search, page, language, pageSize: GEO_PAGE_SIZE }),
    cities: ({ country, region, search, page, language }) =>
      get('cities', { country, region, search, page, language, pageSize: GEO_PAGE_SIZE }),
  };
}

/**
 * The product's countries (packages/shared, the only codes an address may carry) with names in the
 * request's language, sorted by that name.
 */
export function listCountries(language: Language): { code: string; name: string }[] {
  const names = new Intl.DisplayNames([language], { type: 'region' });
  return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
    a.name.localeCompare(b.name, language),
  );
}
