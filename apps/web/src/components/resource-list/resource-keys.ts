import type { ListParams } from './list-params.ts';

/**
 * The query keys of a resource with a list and records (`['users', 'list', params]`,
 * `['users', 'detail', 7]`). Everything starts with `all`, so invalidating `all` refreshes the
 * resource's lists and records and nothing of any other feature.
 */
export function resourceKeys<const Root extends string>(root: Root) {
  return {
    all: [root] as const,
    list: (params: ListParams) => [root, 'list', params] as const,
    detail: (id: number) => [root, 'detail', id] as const,
  };
}

export type ResourceKeys = ReturnType<typeof resourceKeys>;
