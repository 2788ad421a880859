// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { clearListPreferences, readListPreferences, writeListPreferences } from './list-preferences.ts';
import { endSession } from './session.ts';

const DEFAULTS = { orderBy: 'createdAt', orderByDirection: 'desc' } as const;

describe('per-endpoint list preferences', () => {
  beforeEach(() => localStorage.clear());

  it('defaults to 10 rows and the list default sort', () => {
    expect(readListPreferences('usuario', DEFAULTS)).toEqual({
      perPage: 10,
      orderBy: 'createdAt',
      orderByDirection: 'desc',
    });
  });

  it('remembers sort and page size per endpoint, under "tablePagination"', () => {
    writeListPreferences('usuario', { perPage: 20, orderBy: 'nome', orderByDirection: 'asc' });
    writeListPreferences('perfil', { perPage: 50, orderBy: 'totalUsuarios', orderByDirection: 'desc' });

    expect(readListPreferences('usuario', DEFAULTS)).toEqual({
      perPage: 20,
      orderBy: 'nome',
      orderByDirection: 'asc',
    });
    expect(readListPreferences('perfil', { orderBy: 'nome', orderByDirection: 'asc' })).toEqual({
      perPage: 50,
      orderBy: 'totalUsuarios',
      orderByDirection: 'desc',
    });
    expect(Object.keys(JSON.parse(localStorage.getItem('tablePagination') ?? '{}'))).toEqual([
      'usuario',
      'perfil',
    ]);
  });

  it('ignores a broken or outdated entry without losing the others', () => {
    localStorage.setItem(
      'tablePagination',
      JSON.stringify({
        usuario: { perPage: 15, orderBy: 'nome', orderByDirection: 'asc' },
        perfil: { perPage: 20, orderBy: 'nome', orderByDirection: 'asc' },
      }),
    );
    expect(readListPreferences('usuario', DEFAULTS).perPage).toBe(10);
    expect(readListPreferences('perfil', DEFAULTS).perPage).toBe(20);

    localStorage.setItem('tablePagination', '{not json');
    expect(readListPreferences('perfil', DEFAULTS)).toEqual({ perPage: 10, ...DEFAULTS });
  });

  it('keeps the page size but drops a sort the list no longer offers', () => {
    writeListPreferences('usuario', { perPage: 50, orderBy: 'cpf', orderByDirection: 'asc' });
    expect(readListPreferences('usuario', DEFAULTS, ['nome', 'createdAt'])).toEqual({
      perPage: 50,
      ...DEFAULTS,
    });
  });

  it('is forgotten on logout', () => {
    writeListPreferences('usuario', { perPage: 20, orderBy: 'nome', orderByDirection: 'asc' });
    endSession();
    expect(localStorage.getItem('tablePagination')).toBeNull();
    writeListPreferences('usuario', { perPage: 20, orderBy: 'nome', orderByDirection: 'asc' });
    clearListPreferences();
    expect(readListPreferences('usuario', DEFAULTS).perPage).toBe(10);
  });
});
