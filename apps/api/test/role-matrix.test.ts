import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Access, DEFAULT_ACCESS, ROLES, type Role, routeRefusal } from '../src/lib/access-policy.ts';
import { createTestApp, type TestContext } from './test-app.ts';

/**
 * Every route of the live OpenAPI document, called by every role: a role the access policy keeps out
 * gets its refusal (401 or 403 with the policy's code) and a role it lets in never does. New routes
 * are covered by themselves; what each expects comes from lib/access-policy.ts, nothing is listed here.
 */

type Operation = { method: string; path: string; access: Access };

let ctx: TestContext;
const tokens: Partial<Record<Role, string>> = {};
let operations: Operation[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  const profileOf: Record<Exclude<Role, 'anonymous'>, string> = {
    user: 'USER',
    staff: 'OPERADOR',
    admin: 'ADMIN',
  };
  for (const [role, profile] of Object.entries(profileOf)) {
    const account = await ctx.createAccount({ profile });
    tokens[role as Role] = (await ctx.signIn(account.email, account.password)).token;
  }
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
function call(role: Role, operation: Operation) {
  const url = `/api${operation.path.replace(/^\/api/, '')}`.replace(/\{[^}]+\}/g, '99999999');
  const token = tokens[role];
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
      expect.arrayContaining(['public', 'authenticated', 'staff', 'admin']),
    );
  });

  it('lets each role through the doors spec §6 names, and no others', () => {
    const doors: Access[] = ['public', 'authenticated', 'staff', 'admin'];
    const opened = Object.fromEntries(
      ROLES.map((role) => [role, doors.filter((access) => routeRefusal(access, role) === undefined)]),
    );
    expect(opened).toEqual({
      anonymous: ['public'],
      user: ['public', 'authenticated'],
      staff: ['public', 'authenticated', 'staff'],
      admin: ['public', 'authenticated', 'staff', 'admin'],
    });
  });

  it.each(ROLES)('%s: refused exactly where the policy says, with its code', async (role) => {
    const wrong: string[] = [];
    for (const operation of operations) {
      const response = await call(role, operation);
      const refusal = routeRefusal(operation.access, role);
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
