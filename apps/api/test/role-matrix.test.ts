import { type Access, DEFAULT_ACCESS, ROLES, type Role } from '@scentia/shared/access.rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeRefusal } from '../src/lib/access-policy.ts';
import { createDeviceFixture } from './device-fixture.ts';
import { createTestApp, type TestContext } from './test-app.ts';

/**
 * Every route of the live OpenAPI document, called by every role: a role the access policy keeps out
 * gets its refusal (401 or 403 with the policy's code) and a role it lets in never does. New routes
 * are covered by themselves; what each expects comes from lib/access-policy.ts, nothing is listed here.
 */

type Operation = { method: string; path: string; access: Access };

let ctx: TestContext;
const tokens: Partial<Record<Role, string>> = {};
/** A second device's credential: a device route answers it as it answers the first's. */
let otherDeviceToken = '';
let operations: Operation[] = [];

/** Every role, and a second device: each caller gets what its role gets. */
const CALLERS: { name: string; role: Role }[] = [
  ...ROLES.map((role) => ({ name: role, role })),
  { name: 'another device', role: 'device' },
];

beforeAll(async () => {
  ctx = await createTestApp();
  const profileOf: Record<Exclude<Role, 'anonymous' | 'device' | 'manager' | 'viewer'>, string> = {
    user: 'USER',
    staff: 'OPERADOR',
    admin: 'ADMIN',
  };
  for (const [role, profile] of Object.entries(profileOf)) {
    const account = await ctx.createAccount({ profile });
    tokens[role as Role] = (await ctx.signIn(account.email, account.password)).token;
  }
  for (const role of ['manager', 'viewer'] as const) {
    const member = await ctx.createMember({ role });
    tokens[role] = (await ctx.signIn(member.email, member.password)).token;
  }
  const devices = await createDeviceFixture(ctx);
  tokens.device = (await devices.createDevice()).credential;
  otherDeviceToken = (await devices.createDevice()).credential;
  const document = ctx.app.swagger() as { paths: Record<string, Record<string, { 'x-access'?: Access }>> };
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      access: operation['x-access'] ?? DEFAULT_ACCESS,
    })),
  );
});
afterAll(() => ctx.close());

/** A call that reaches no record: unknown ids, an empty JSON body (refused by validation if it gets that far). */
function call(caller: { name: string; role: Role }, operation: Operation) {
  const url = `/api${operation.path.replace(/^\/api/, '')}`.replace(/\{[^}]+\}/g, '99999999');
  const token = caller.name === 'another device' ? otherDeviceToken : tokens[caller.role];
  const hasBody = !['GET', 'DELETE', 'HEAD'].includes(operation.method);
  return ctx.app.inject({
    method: operation.method as 'GET',
    url,
    ...(hasBody ? { payload: {} } : {}),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

/** The error code of a JSON error answer; spreadsheets and other answers have none. */
function codeOf(body: string): string | undefined {
  try {
    return (JSON.parse(body) as { code?: string }).code;
  } catch {
    return undefined;
  }
}

describe('the role matrix of every route', () => {
  it('reads the routes from the document, each with its declared access', () => {
    expect(operations.length).toBeGreaterThan(30);
    expect(operations.map((operation) => operation.access)).toEqual(
      expect.arrayContaining(['public', 'authenticated', 'appUser', 'staff', 'admin', 'device']),
    );
  });

  it('lets each role through the doors spec §6 names, and no others', () => {
    const doors: Access[] = [
      'public',
      'authenticated',
      'appUser',
      'staff',
      'admin',
      'device',
      'organization',
      'organizationManager',
    ];
    const opened = Object.fromEntries(
      ROLES.map((role) => [role, doors.filter((access) => routeRefusal(access, role) === undefined)]),
    );
    expect(opened).toEqual({
      anonymous: ['public'],
      user: ['public', 'authenticated', 'appUser'],
      staff: ['public', 'authenticated', 'staff', 'organization', 'organizationManager'],
      admin: ['public', 'authenticated', 'staff', 'admin', 'organization', 'organizationManager'],
      device: ['public', 'device'],
      manager: ['public', 'authenticated', 'organization', 'organizationManager'],
      viewer: ['public', 'authenticated', 'organization'],
    });
  });

  it.each(CALLERS)('$name: refused exactly where the policy says, with its code', async (caller) => {
    const wrong: string[] = [];
    for (const operation of operations) {
      const response = await call(caller, operation);
      const refusal = routeRefusal(operation.access, caller.role);
      const code = codeOf(response.body);
      const isRefused = refusal !== undefined;
      const gotRefusal = (response.statusCode === 401 || response.statusCode === 403) && code === refusal;
      const wasTurnedAway =
        response.statusCode === 401 || (response.statusCode === 403 && code === 'FORBIDDEN');
      if (isRefused ? !gotRefusal : wasTurnedAway) {
        wrong.push(
          `${operation.method} ${operation.path} (${operation.access}): ${response.statusCode} ${code}`,
        );
      }
    }
    expect(wrong).toEqual([]);
  });
});
