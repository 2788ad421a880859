// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PATHS } from '../lib/paths.ts';
import { appRoutes } from './router.tsx';
import { SIDE_MENU } from './shell/menu-items.tsx';

const routes = appRoutes(new QueryClient());

/** The route a path ends on: its pattern (or 'index'), and the params it read. */
function landing(path: string) {
  const matches = matchRoutes(routes, path) ?? [];
  const last = matches.at(-1);
  return { pattern: last?.route.index ? 'index' : last?.route.path, params: last?.params };
}

describe('the router', () => {
  it("gives every resource its list, create and update pages from the path table, and reads the record's id", () => {
    for (const paths of [PATHS.admin.users, PATHS.admin.fragrances, PATHS.admin.categories]) {
      expect(landing(paths.list).pattern).toBe('index');
      expect(landing(paths.create).pattern).toBe(paths.create);
      const update = landing(paths.update(42));
      expect(update.pattern).toBe(paths.update(':id'));
      expect(update.params?.id).toBe('42');
      expect(landing(`${paths.list}/42/delete`).pattern).toBe('*');
    }
  });

  it('has a page for every menu entry, the profiles page and the public pages', () => {
    const paths = [
      ...SIDE_MENU.map((entry) => entry.path),
      PATHS.admin.profiles,
      PATHS.auth.login,
      PATHS.auth.signUp,
      PATHS.auth.activateAccount,
      PATHS.auth.recoverPassword,
      PATHS.auth.registerPassword,
      PATHS.logout,
      PATHS.privacyPolicy,
    ];
    // A resource's list is the index route below its path.
    for (const path of paths) expect([path, 'index'], path).toContain(landing(path).pattern);
    expect(landing('/admin/nothing-here').pattern).toBe('*');
  });
});
