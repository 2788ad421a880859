import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoInitiatives } from '../src/demo-data/seed-initiatives.ts';
import { type InitiativeGround, initiativeGround } from './initiatives-fixture.ts';
import { createTestApp, type TestContext } from './test-app.ts';

/** The demo's initiatives as the dashboard's status chart reads them on the day they are loaded. */
let ctx: TestContext;
let token: string;
let ground: InitiativeGround;
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.createAccount({ profile: 'OPERADOR', email: 'operador@scentia.test' });
  const staff = await ctx.createAccount({ profile: 'OPERADOR' });
  token = (await ctx.signIn(staff.email, staff.password)).token;
  ground = await initiativeGround(ctx);
});
afterAll(() => ctx.close());

describe('the demo initiatives', () => {
  it('show every status in the dashboard’s default period, in any zone it is read in', async () => {
    expect((await seedDemoInitiatives(ctx.db)).initiatives).toBeGreaterThan(0);
    for (const timeZone of ['America/Sao_Paulo', 'Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const chart = await ctx.app.inject({
        method: 'GET',
        url: `/api/dashboard/chart-iniciativa?organizationId=${ground.organizationId}&timeZone=${encodeURIComponent(timeZone)}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(chart.statusCode, chart.body).toBe(200);
      const counts = chart.json() as { status: string; totalIniciativas: number }[];
      expect(
        counts.map((item) => [item.status, item.totalIniciativas]),
        timeZone,
      ).toEqual([
        ['Em Análise', 1],
        ['Aprovada', 1],
        ['Necessita Alteração', 1],
        ['Reprovada', 1],
        ['Inativo', 1],
      ]);
    }
  });
});
