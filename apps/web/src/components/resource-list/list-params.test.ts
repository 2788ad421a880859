import { describe, expect, it } from 'vitest';
import { listQuery } from './list-params.ts';

describe('a list call’s query string', () => {
  it('carries the list’s own filters, leaving empty ones out', () => {
    const query = listQuery({
      page: 2,
      perPage: 10,
      search: '',
      orderBy: 'name',
      orderByDirection: 'asc',
      filters: { organizationId: '7', other: '' },
    });
    expect(query).toEqual({
      page: 2,
      perPage: 10,
      orderBy: 'name',
      orderByDirection: 'asc',
      organizationId: '7',
    });
  });

  it('carries them into an export, without the page', () => {
    const query = listQuery({
      search: 'loja',
      isActive: true,
      orderBy: 'city',
      orderByDirection: 'desc',
      filters: { organizationId: '3' },
    });
    expect(query).toEqual({
      search: 'loja',
      isActive: 'true',
      orderBy: 'city',
      orderByDirection: 'desc',
      organizationId: '3',
    });
  });
});
