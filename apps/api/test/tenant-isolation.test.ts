import { type Access, DEFAULT_ACCESS, type Role } from '@scentia/shared/access.rules';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeRefusal } from '../src/lib/access-policy.ts';
import { createTenant, type Tenant, type TenantSite } from './tenant-fixture.ts';
import { createTestApp, type TestContext } from './test-app.ts';
import { firstSheetOf } from './xlsx.ts';

/**
 * The tenant-isolation matrix: every route of the live OpenAPI document a member may call, called by
 * a Manager, a Viewer and a location-limited Viewer of organisation A with ids and filters that point
 * at organisation B's records (and, for the limited Viewer, at A's other location): no marker text or
 * id of those records in any answer (list, total, export, typeahead, record), and every foreign id
 * answered exactly as an unknown one. New routes are covered as soon as the document shows them.
 */

type Operation = {
  method: string;
  path: string;
  access: Access;
  queryNames: string[];
};
/** The ids a call points at: another organisation's records, or unknown ones. */
type Target = {
  organizationId: number;
  locationId: number;
  deviceId: number;
  capsuleId: number;
  alertId: number;
  initiativeId: number;
};
type Caller = { name: string; role: Role; token: string; foreign: Target[]; markers: string[] };

const UNKNOWN_ID = 99_999_999;
const UNKNOWN: Target = {
  organizationId: UNKNOWN_ID,
  locationId: UNKNOWN_ID,
  deviceId: UNKNOWN_ID,
  capsuleId: UNKNOWN_ID,
  alertId: UNKNOWN_ID,
  initiativeId: UNKNOWN_ID,
};
/** The answer keys that name a record of each kind. */
const ID_KEYS: Record<string, keyof Target> = {
  organizationId: 'organizationId',
  locationId: 'locationId',
  deviceId: 'deviceId',
  capsuleId: 'capsuleId',
  alertId: 'alertId',
  initiativeId: 'initiativeId',
};
/** Which id a path's `{id}` is, by the collection it follows. */
const PATH_KINDS: [RegExp, keyof Target][] = [
  [/\/organizations\b/, 'organizationId'],
  [/\/locations\b/, 'locationId'],
  [/\/devices\b/, 'deviceId'],
  [/\/capsules\b/, 'capsuleId'],
  [/\/(alerts|notifications)\b/, 'alertId'],
  [/\/initiatives\b/, 'initiativeId'],
];
/** Routes that would end the caller's own session: the matrix keeps signed in. */
const SESSION_ENDING = /\/(logout|login|refresh|sessions?)\b/;

/** Valid bodies of the writes a member may send, aimed at `target` (ids of the caller's own rows besides). */
const BODIES: Record<string, (target: Target, own: Target) => unknown> = {
  'PUT /api/locations/{id}': (target, own) => ({
    organizationId: target.organizationId === UNKNOWN_ID ? own.organizationId : target.organizationId,
    name: 'Loja renomeada',
    address: { city: 'Campinas', country: 'BR' },
    note: 'Tocar a campainha',
  }),
  'PUT /api/locations/schedule/{id}': () => ({ ranges: [] }),
  'POST /api/locations/schedule-copy': (target, own) => ({
    fromLocationId: own.locationId,
    toLocationIds: [target.locationId],
  }),
  'PUT /api/devices/schedule/{id}': () => ({ schedule: null }),
};

let ctx: TestContext;
let tenantA: Tenant;
let tenantB: Tenant;
let callers: Caller[] = [];
let operations: Operation[] = [];

const targetOf = (organizationId: number, site: TenantSite): Target => ({
  organizationId,
  locationId: site.locationId,
  deviceId: site.deviceId,
  capsuleId: site.capsuleId,
  alertId: site.alertId,
  initiativeId: site.initiativeId,
});
const ownTarget = () => targetOf(tenantA.organizationId, tenantA.sites[0] as TenantSite);

/** Routes that list the company's catalogue to a client (every active campaign a proposal may ask for). */
const CATALOGUE_ROUTES = /\/initiatives\/campaign-options$/;

beforeAll(async () => {
  ctx = await createTestApp();
  tenantA = await createTenant(ctx, 'A');
  tenantB = await createTenant(ctx, 'B');
  const [siteA1, siteA2] = tenantA.sites as [TenantSite, TenantSite];
  const foreignB = tenantB.sites.map((site) => targetOf(tenantB.organizationId, site));
  const markersB = [...tenantB.markers, ...tenantB.sites.flatMap((site) => site.markers)];
  const signedIn = async (role: 'manager' | 'viewer', locationIds: number[] | null) => {
    const member = await ctx.createMember({ role, organizationId: tenantA.organizationId, locationIds });
    return (await ctx.signIn(member.email, member.password)).token;
  };
  callers = [
    {
      name: 'Manager',
      role: 'manager',
      token: await signedIn('manager', null),
      foreign: foreignB,
      markers: markersB,
    },
    {
      name: 'Viewer',
      role: 'viewer',
      token: await signedIn('viewer', null),
      foreign: foreignB,
      markers: markersB,
    },
    {
      name: 'location-limited Viewer',
      role: 'viewer',
      token: await signedIn('viewer', [siteA1.locationId]),
      // Their own organisation's other location is as foreign to them as B's (their organisation is not).
      foreign: [...foreignB, targetOf(tenantB.organizationId, siteA2)],
      markers: [...markersB, ...siteA2.markers],
    },
  ];
  const document = ctx.app.swagger() as {
    paths: Record<
      string,
      Record<string, { 'x-access'?: Access; parameters?: { name: string; in: string }[] }>
    >;
  };
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      access: operation['x-access'] ?? DEFAULT_ACCESS,
      queryNames: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
    })),
  );
});
afterAll(() => ctx.close());

/** The routes a member of `role` may call (past the door), other than those that end their session. */
const memberOperations = (role: Role) =>
  operations.filter(
    (operation) =>
      operation.access !== 'public' &&
      routeRefusal(operation.access, role) === undefined &&
      !SESSION_ENDING.test(operation.path),
  );

function urlOf(operation: Operation, target: Target): string {
  const kind = PATH_KINDS.find(([pattern]) => pattern.test(operation.path))?.[1];
  // A record's history names its kind in the path: a device's, the record every member route reaches.
  const path = operation.path
    .replace('{recordType}/{recordId}', `device/${target.deviceId}`)
    .replace(/\{([^}]+)\}/g, (_match, name: string) =>
      String(name in target ? target[name as keyof Target] : kind ? target[kind] : UNKNOWN_ID),
    );
  const query = new URLSearchParams();
  for (const name of operation.queryNames) {
    if (name in target) query.set(name, String(target[name as keyof Target]));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

function call(caller: Caller, operation: Operation, target: Target) {
  const hasBody = !['GET', 'DELETE', 'HEAD'].includes(operation.method);
  const body = BODIES[`${operation.method} ${operation.path}`]?.(target, ownTarget()) ?? {};
  return ctx.app.inject({
    method: operation.method as 'GET',
    url: urlOf(operation, target),
    ...(hasBody ? { payload: body as object } : {}),
    headers: { authorization: `Bearer ${caller.token}` },
  });
}

/** The answer as text to search: a spreadsheet's cells, or the body. */
async function textOf(response: LightMyRequestResponse): Promise<string> {
  if (String(response.headers['content-type']).includes('spreadsheetml')) {
    const sheet = await firstSheetOf(response);
    return JSON.stringify([sheet.header, ...sheet.rows]);
  }
  return response.body;
}

/** The ids of `foreign` records the answer names under their keys (`"deviceId": 12`). */
function foreignIdsIn(text: string, foreign: Target[]): string[] {
  const found: string[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      const kind = ID_KEYS[key];
      if (kind && foreign.some((target) => target[kind] === child)) found.push(`${key}=${child}`);
      visit(child);
    }
  };
  try {
    visit(JSON.parse(text));
  } catch {
    // Not JSON (a spreadsheet's cells were searched for markers).
  }
  return found;
}

/**
 * A comparable answer: status, error code and, for a JSON success, the body without its timestamps. A 429's message
 * counts down the seconds left, so two refusals a second apart differ there: only its status is compared.
 */
function shapeOf(response: LightMyRequestResponse, text: string): string {
  if (!String(response.headers['content-type']).includes('json') || response.statusCode === 429)
    return String(response.statusCode);
  const withoutTimes = text.replace(/"\d{4}-\d\d-\d\dT[^"]*"/g, '"<time>"');
  return `${response.statusCode} ${withoutTimes}`;
}

describe('the tenant-isolation matrix', () => {
  it('reads the member routes from the document, the fleet among them', () => {
    const paths = memberOperations('manager').map((operation) => `${operation.method} ${operation.path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'GET /api/organizations',
        'GET /api/locations',
        'GET /api/locations/{id}',
        'GET /api/devices',
        'GET /api/devices/export',
        'GET /api/capsules',
        'PUT /api/locations/{id}',
        'GET /api/dashboard/sites',
        'GET /api/audit/history/{recordType}/{recordId}',
        'GET /api/export-shot-fragrance',
      ]),
    );
  });

  it.each([0, 1, 2])(
    'caller %i: no row, name, count or id of another tenant in any answer',
    async (index) => {
      const caller = callers[index] as Caller;
      const leaks: string[] = [];
      for (const operation of memberOperations(caller.role)) {
        for (const target of caller.foreign) {
          const foreign = await call(caller, operation, target);
          const text = await textOf(foreign);
          const label = `${caller.name}: ${operation.method} ${urlOf(operation, target)} → ${foreign.statusCode}`;
          const markers = caller.markers.filter(
            (marker) =>
              text.toLowerCase().includes(marker.toLowerCase()) &&
              !(CATALOGUE_ROUTES.test(operation.path) && tenantB.catalogueMarkers.includes(marker)),
          );
          const ids = foreignIdsIn(text, caller.foreign);
          if (markers.length > 0 || ids.length > 0)
            leaks.push(`${label} shows ${[...markers, ...ids].join(', ')}`);
          if (foreign.statusCode >= 500) leaks.push(`${label} (a server error)`);
          const unknown = await call(caller, operation, UNKNOWN);
          if (shapeOf(foreign, text) !== shapeOf(unknown, await textOf(unknown))) {
            leaks.push(
              `${label}, unlike an unknown id (${unknown.statusCode}): ${foreign.body.slice(0, 200)}`,
            );
          }
        }
      }
      expect(leaks).toEqual([]);
    },
  );
});
