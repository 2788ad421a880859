import type { AuditRecordType } from './audit.schemas.ts';
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

/**
 * The resource (feature name) each record type belongs to, for what is keyed by the record type: the
 * kit's routes (`recordType`) and a record's history take the resource's access from `RESOURCE_ACCESS`
 * through it, so an ADMIN-only resource is still declared once. The trail's own type has none.
 */
export const RECORD_RESOURCES: Record<AuditRecordType, ResourceName | null> = {
  user: 'users',
  profile: 'profiles',
  category: 'categories',
  fragrance: 'fragrances',
  campaign: 'campaigns',
  organization: 'organizations',
  location: 'locations',
  quiz: 'quiz',
  device: 'devices',
  initiative: 'initiatives',
  audit: null,
};

/** True when only an ADMIN may use `resource`. */
export function isAdminOnly(resource: ResourceName): boolean {
  return (RESOURCE_ACCESS as Record<string, string>)[resource] === 'admin';
}

/** Whether a signed-in account of `profileName` may open `resource` (the menus ask; the API enforces it). */
export function mayOpenResource(resource: ResourceName, profileName: string | null | undefined): boolean {
  return !isAdminOnly(resource) || isAdminProfile(profileName);
}

/** True when only an ADMIN may use the resource records of `recordType` belong to. */
export function isRecordTypeAdminOnly(recordType: AuditRecordType): boolean {
  const resource = RECORD_RESOURCES[recordType];
  return resource !== null && isAdminOnly(resource);
}
