import { isAdminProfile, isClientProfile, isUserProfile } from './validators.ts';

/**
 * The role table (docs/decisions/client-access.md), held once: the API's routes declare these doors
 * (`config.access`) and its auth plugin refuses a caller whose role a door does not admit; the web
 * client reads the same doors to hide what the server would refuse, and nothing else.
 */

/**
 * The callers the policy tells apart: USER is the app's end user, staff any other profile, device a
 * diffuser presenting its own credential, which no account route takes. `manager` and `viewer` are
 * CLIENT accounts by their organisation membership; a CLIENT account without a live membership is no one.
 */
export type Role = 'anonymous' | 'user' | 'staff' | 'admin' | 'device' | 'manager' | 'viewer';
export const ROLES: readonly Role[] = ['anonymous', 'user', 'staff', 'admin', 'device', 'manager', 'viewer'];

/**
 * What a route declares in `config.access`; routes that declare nothing are `staff`. `appUser` is the
 * app's own (the USER profile only); `device` takes a device credential and nothing else.
 * `organization` routes are open to staff and to members, who see only their organisation's rows;
 * `organizationManager` routes to staff and the organisation's Managers.
 */
export type Access =
  | 'public'
  | 'authenticated'
  | 'appUser'
  | 'staff'
  | 'admin'
  | 'device'
  | 'organization'
  | 'organizationManager';
export const DEFAULT_ACCESS: Access = 'staff';

const ROLES_BY_ACCESS: Record<Access, readonly Role[]> = {
  public: ROLES,
  authenticated: ['user', 'staff', 'admin', 'manager', 'viewer'],
  appUser: ['user'],
  staff: ['staff', 'admin'],
  admin: ['admin'],
  device: ['device'],
  organization: ['staff', 'admin', 'manager', 'viewer'],
  organizationManager: ['staff', 'admin', 'manager'],
};

/** Whether `role` passes a door declared `access`. */
export function mayPass(access: Access, role: Role): boolean {
  return ROLES_BY_ACCESS[access].includes(role);
}

/** The role of an account, from its profile and its live membership (null: signed out). */
export function roleOf(
  account: { profileName: string; membership: { role: 'manager' | 'viewer' } | null } | null,
): Role {
  if (!account) return 'anonymous';
  if (isAdminProfile(account.profileName)) return 'admin';
  if (isClientProfile(account.profileName)) return account.membership?.role ?? 'anonymous';
  return isUserProfile(account.profileName) ? 'user' : 'staff';
}

/**
 * The doors of the fleet's screens, action by action: the routes declare exactly these, and the
 * screens offer an action only to a role its door admits. `states` is activating, deactivating and
 * deleting for good (the kit's activate and delete routes).
 */
export const FLEET_DOORS = {
  dashboard: { read: 'organization' },
  notifications: { read: 'organization' },
  organizations: {
    read: 'organization',
    create: 'staff',
    update: 'staff',
    states: 'staff',
    /** The organisation's members page of the staff (`/admin/organizations/{id}/members`). */
    members: 'staff',
  },
  locations: {
    read: 'organization',
    create: 'staff',
    /** A Manager's update changes the contact data only (the API refuses the other fields). */
    update: 'organizationManager',
    /**
     * The fields of an update only the staff change (`LOCATION_STAFF_ONLY_FIELDS` of locations.rules.ts):
     * the API refuses a change to one of them from anyone else, the form shows them read-only.
     */
    staffOnlyFields: 'staff',
    states: 'staff',
    schedules: 'organizationManager',
  },
  devices: {
    read: 'organization',
    create: 'staff',
    update: 'staff',
    states: 'staff',
    resetCode: 'organizationManager',
    schedule: 'organizationManager',
    removeUser: 'staff',
    reprovision: 'staff',
  },
  capsules: { read: 'organization' },
  initiatives: { read: 'organization', propose: 'organizationManager', review: 'admin' },
  /** The Manager's members page of their own organisation (`/admin/members`). */
  members: { manage: 'organizationManager' },
} as const satisfies Record<string, Record<string, Access>>;

export type FleetDoors = typeof FLEET_DOORS;
/** The doors of a resource on the kit (list, record page, row actions). */
export type RecordDoors = { read: Access; create: Access; update: Access; states: Access };
