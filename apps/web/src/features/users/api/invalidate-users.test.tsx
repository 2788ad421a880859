// @vitest-environment jsdom
import type { UserRow } from '@scentia/shared/users.schemas';
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListParams } from '../../../components/resource-list/list-params.ts';
import { fragrancesList } from '../../fragrances/api/list-fragrances.ts';
import { countriesQueryOptions } from '../../geo/api/list-countries.ts';
import { postcodeQueryOptions } from '../../geo/api/lookup-postcode.ts';
import { cityOptionsSource } from '../../geo/api/search-cities.ts';
import { regionOptionsSource } from '../../geo/api/search-regions.ts';
import { profileOptionsQueryOptions } from '../../profiles/api/list-profile-options.ts';
import { profilesListQueryOptions } from '../../profiles/api/list-profiles.ts';
import { emptyUserForm, formToBody } from '../user-form-values.ts';
import { userRecord } from './get-user.ts';
import { usersList } from './list-users.ts';
import { userMutations } from './user-mutations.ts';

// The app's HTTP client takes `fetch` when its module loads, so the server's side of the exchange
// is put in place before any import; everything between the hook and the wire is the real client.
const server = vi.hoisted(() => {
  const answer = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>();
  globalThis.fetch = (input, init) => answer(String(input), init);
  return { answer };
});

afterEach(() => {
  cleanup();
  server.answer.mockReset();
});

const params: ListParams = {
  page: 1,
  perPage: 10,
  search: '',
  orderBy: 'createdAt',
  orderByDirection: 'desc',
};

const saved: UserRow = {
  id: 7,
  nome: 'Ana Souza',
  email: 'ana@scentia.test',
  cpf: null,
  document: null,
  genre: null,
  birthday: null,
  profile: { id: 2, nome: 'OPERADOR' },
  address: { zipcode: '01001-000', street: null, city: 'São Paulo', state: 'SP', country: 'BR' },
  ativo: true,
  confirmedAt: '2026-11-01T10:00:00.000Z',
  deletedAt: null,
  anonymizedAt: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
};

describe('saving a user', () => {
  it("refreshes the users' and profiles' queries and leaves the geo lookups and other features cached", async () => {
    const refreshed: QueryKey[] = [
      usersList.queryOptions(params).queryKey,
      userRecord.queryOptions(7).queryKey,
      // The profiles list counts users.
      profilesListQueryOptions(params).queryKey,
      profileOptionsQueryOptions().queryKey,
    ];
    const kept: QueryKey[] = [
      countriesQueryOptions('pt-BR').queryKey,
      postcodeQueryOptions('01001000').queryKey,
      [...regionOptionsSource('BR', 'pt-BR').queryKey, ''],
      [...cityOptionsSource('BR', 'SP').queryKey, 'São'],
      fragrancesList.queryOptions(params).queryKey,
    ];
    const queryClient = new QueryClient();
    for (const key of [...refreshed, ...kept]) queryClient.setQueryData(key, { cached: true });
    server.answer.mockResolvedValue(Response.json(saved));

    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => userMutations.useUpdate(), { wrapper });
    await result.current.mutateAsync({ id: 7, body: formToBody(emptyUserForm('OPERADOR'), true) });

    expect(server.answer).toHaveBeenCalledTimes(1);
    expect(server.answer.mock.calls[0]?.[0]).toBe('/api/usuario/7');
    expect(server.answer.mock.calls[0]?.[1]?.method).toBe('PUT');
    for (const key of refreshed)
      expect(queryClient.getQueryState(key)?.isInvalidated, String(key)).toBe(true);
    for (const key of kept) expect(queryClient.getQueryState(key)?.isInvalidated, String(key)).toBe(false);
  });
});
