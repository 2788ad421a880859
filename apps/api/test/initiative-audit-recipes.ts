import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { initiativeBody, initiativeGround } from './initiatives-fixture.ts';
import type { Recipe } from './kit-recipes.ts';
import type { TestContext } from './test-app.ts';

type Send = (request: InjectOptions) => Promise<LightMyRequestResponse>;

/**
 * The audit recipes of the initiatives' routes (`audit-recipes.ts` spreads them in): propose and edit
 * take the caller as proposer, so they are not the kit's saves; each review changes the initiative's
 * row (its status), which the trail records under it.
 */
export function initiativeAuditRecipes(ctx: TestContext, send: Send): Record<string, Recipe[]> {
  async function propose(): Promise<{ id: number; body: ReturnType<typeof initiativeBody> }> {
    const body = initiativeBody(await initiativeGround(ctx));
    const response = await send({ method: 'POST', url: '/api/initiatives', payload: body });
    expect(response.statusCode, response.body).toBe(201);
    return { id: response.json().initiativeId, body };
  }

  const recipe = (
    describe: string,
    prepare: () => Promise<{ request: InjectOptions; id: number }>,
  ): Recipe => ({
    describe,
    prepare: async () => {
      const { request, id } = await prepare();
      return { request, caller: 'admin', record: { type: 'initiative', id } };
    },
  });

  /** A review of an initiative in review (or, for reopening, an inactive one). */
  const reviewRecipe = (action: string, isInactive = false) =>
    recipe(`${action}s an initiative`, async () => {
      const { id } = await propose();
      if (isInactive)
        await ctx.query(sql`update initiatives set status = 'inactive', deleted_at = now() where id = ${id}`);
      return {
        request: { method: 'PUT', url: `/api/initiatives/${action}/${id}`, payload: { note: 'Revisada.' } },
        id,
      };
    });

  return {
    'POST /api/initiatives': [
      recipe('proposes an initiative', async () => ({
        request: {
          method: 'POST',
          url: '/api/initiatives',
          payload: initiativeBody(await initiativeGround(ctx)),
        },
        id: Number.NaN,
      })),
    ],
    'PUT /api/initiatives/{id}': [
      recipe('edits an initiative', async () => {
        const { id, body } = await propose();
        return {
          request: { method: 'PUT', url: `/api/initiatives/${id}`, payload: { ...body, title: 'Revista' } },
          id,
        };
      }),
    ],
    'PUT /api/initiatives/approve/{id}': [reviewRecipe('approve')],
    'PUT /api/initiatives/reject/{id}': [reviewRecipe('reject')],
    'PUT /api/initiatives/deactivate/{id}': [reviewRecipe('deactivate')],
    'PUT /api/initiatives/reopen/{id}': [reviewRecipe('reopen', true)],
    'PUT /api/initiatives/request-changes/{id}': [
      recipe('asks for changes to an initiative', async () => {
        const { id } = await propose();
        return {
          request: {
            method: 'PUT',
            url: `/api/initiatives/request-changes/${id}`,
            payload: { email: 'contato@rede.test', subject: 'Ajustes', html: '<p>Troque a data.</p>' },
          },
          id,
        };
      }),
    ],
  };
}
