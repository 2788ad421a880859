import { describe, expect, it, vi } from 'vitest';
import { staffSession } from './resource-tests.ts';

// Organisations made ADMIN-only for this file, as `organizations: 'admin'` in RESOURCE_ACCESS would.
vi.mock('@scentia/shared/resource-access', async (importActual) => ({
  ...(await importActual<typeof import('@scentia/shared/resource-access')>()),
  isRecordTypeAdminOnly: (recordType: string) => recordType === 'organization',
}));

const operator = staffSession();
const admin = staffSession({ admin: true });

/** Every kit route of the resource: reads, saves, states, bulk and import. */
const KIT_CALLS: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object][] = [
  ['GET', '/api/organizations'],
  ['GET', '/api/organizations/export'],
  ['GET', '/api/organizations/1'],
  ['POST', '/api/organizations', {}],
  ['PUT', '/api/organizations/1', {}],
  ['PUT', '/api/organizations/activate/1'],
  ['DELETE', '/api/organizations/1'],
  ['POST', '/api/organizations/bulk', { action: 'activate', ids: [1] }],
  ['POST', '/api/organizations/bulk/ids', {}],
  ['GET', '/api/organizations/import/template'],
  ['POST', '/api/organizations/import?mode=check'],
];

describe('an ADMIN-only kit resource, declared once in RESOURCE_ACCESS', () => {
  it('refuses every kit route to anyone else, the import and the bulk routes included', async () => {
    for (const [method, url, payload] of KIT_CALLS) {
      const response = await operator.call(method, url, payload);
      expect({ method, url, status: response.statusCode, code: response.json().code }).toEqual({
        method,
        url,
        status: 403,
        code: 'ADMIN_ONLY',
      });
    }
  });

  it('opens them to an ADMIN', async () => {
    for (const [method, url] of [
      ['GET', '/api/organizations'],
      ['GET', '/api/organizations/import/template'],
    ] as const) {
      expect((await admin.call(method, url)).statusCode).toBe(200);
    }
  });
});
