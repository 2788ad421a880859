import { isAdminProfile } from './validators.ts';

/**
 * Who may use a resource, declared once per resource (by its feature name, the same on both sides)
 * and read by the API's routes (`config.access`), the web's router (the ADMIN guard) and its menus: an
 * `admin` resource's routes answer 403 to anyone else, its pages are not found for them, and no menu
 * offers it. A resource not listed is the house default: staff, with the member routes it opens itself.
 */
export const RESOURCE_ACCESS = {
  profiles: 'admin',
} as const satisfies Record<string, 'admin'>;

export type ResourceName = keyof typeof RESOURCE_ACCESS | (string & {});

/** True when only an ADMIN may use `resource`. */
export function isAdminOnly(resource: ResourceName): boolean {
  return (RESOURCE_ACCESS as Record<string, string>)[resource] === 'admin';
}

/** Whether a signed-in account of `profileName` may open `resource` (the menus ask; the API enforces it). */
export function mayOpenResource(resource: ResourceName, profileName: string | null | undefined): boolean {
  return !isAdminOnly(resource) || isAdminProfile(profileName);
}
