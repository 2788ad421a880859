import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { Recipe } from './kit-recipes.ts';
import type { TestContext } from './test-app.ts';

/**
 * The audit recipes of an organisation's members routes (`audit-recipes.ts` spreads them in): each
 * change of a membership is recorded under its organisation.
 */
export function memberAuditRecipes(
  ctx: TestContext,
  send: (request: InjectOptions) => Promise<{ statusCode: number; body: string; json: () => { id: number } }>,
): Record<string, Recipe[]> {
  /** An organisation with its Manager, and a CLIENT account to invite into it. */
  async function ground() {
    const manager = await ctx.createMember({ role: 'manager' });
    const invitee = await ctx.createAccount({ profile: 'CLIENT' });
    return { organizationId: manager.organizationId, invitee };
  }

  async function invited() {
    const { organizationId, invitee } = await ground();
    const response = await send({
      method: 'POST',
      url: `/api/organizations/members/${organizationId}`,
      payload: { email: invitee.email, nome: 'Convidada', role: 'viewer' },
    });
    expect(response.statusCode, response.body).toBe(201);
    return { organizationId, memberId: response.json().id };
  }

  const recipe = (
    describe: string,
    prepare: () => Promise<{ request: InjectOptions; id: number }>,
  ): Recipe => ({
    describe,
    prepare: async () => {
      const { request, id } = await prepare();
      return { request, caller: 'admin', record: { type: 'organization', id } };
    },
  });

  return {
    'POST /api/organizations/members/{organizationId}': [
      recipe('invites an existing client account into an organisation', async () => {
        const { organizationId, invitee } = await ground();
        return {
          request: {
            method: 'POST',
            url: `/api/organizations/members/${organizationId}`,
            payload: { email: invitee.email, nome: 'Convidada', role: 'viewer' },
          },
          id: organizationId,
        };
      }),
    ],
    'PUT /api/organizations/members/{organizationId}/{memberId}': [
      recipe("changes a member's role", async () => {
        const { organizationId, memberId } = await invited();
        return {
          request: {
            method: 'PUT',
            url: `/api/organizations/members/${organizationId}/${memberId}`,
            payload: { role: 'manager' },
          },
          id: organizationId,
        };
      }),
    ],
    'DELETE /api/organizations/members/{organizationId}/{memberId}': [
      recipe('removes a member', async () => {
        const { organizationId, memberId } = await invited();
        return {
          request: { method: 'DELETE', url: `/api/organizations/members/${organizationId}/${memberId}` },
          id: organizationId,
        };
      }),
    ],
  };
}
