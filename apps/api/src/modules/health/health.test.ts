import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('GET /api/health', () => {
  it('answers without a token, with each timed job of the process and its next run', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ status: string; jobs: { name: string; nextRunAt: string | null }[] }>();
    expect(body.status).toBe('ok');
    expect(body.jobs.map((job) => job.name)).toEqual(expect.arrayContaining(['mail-delivery', 'file-sweep']));
    for (const job of body.jobs) expect(Date.parse(job.nextRunAt ?? '')).toBeGreaterThan(Date.now() - 1_000);
  });
});
