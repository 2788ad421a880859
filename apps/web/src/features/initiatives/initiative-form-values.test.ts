import type { InitiativeRow } from '@scentia/shared/initiatives.schemas';
import { initiativeBodySchema } from '@scentia/shared/initiatives.schemas';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { emptyInitiativeForm, initiativeFormToBody, initiativeToForm } from './initiative-form-values.ts';

const row: InitiativeRow = {
  initiativeId: 7,
  title: 'Spring in store',
  description: null,
  organizationId: 3,
  organization: { name: 'Acme', ativo: true, contactEmail: 'contact@acme.test' },
  locations: [
    { locationId: 12, name: 'Mall', timeZone: 'America/Sao_Paulo' },
    { locationId: 4, name: 'Centre', timeZone: 'America/Sao_Paulo' },
  ],
  campaignId: 2,
  campaign: { name: 'Citrus', ativo: true },
  startsOn: '2026-03-01',
  endsOn: '2026-03-31',
  status: 'changesRequested',
  proposer: { id: 1, name: 'Ana', email: 'ana@scentia.test', isClient: false },
  ativo: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  deletedAt: null,
};

describe('the initiative form values', () => {
  it('round-trips a record into the body the schema accepts', () => {
    const body = initiativeFormToBody(initiativeToForm(row));
    expect(body).toEqual({
      title: 'Spring in store',
      description: null,
      organizationId: 3,
      locationIds: [12, 4],
      campaignId: 2,
      startsOn: '2026-03-01',
      endsOn: '2026-03-31',
    });
    expect(initiativeBodySchema.parse(body).locationIds).toEqual([4, 12]);
  });

  it('sends the version the edit was opened with, and none on create', () => {
    expect(initiativeFormToBody(initiativeToForm(row), row).updatedAt).toBe(row.updatedAt);
    expect(initiativeFormToBody(initiativeToForm(row))).not.toHaveProperty('updatedAt');
  });

  it('starts empty, or with the organisation and campaign a link names', () => {
    expect(emptyInitiativeForm().organizationId).toBe(null);
    const values = emptyInitiativeForm(new URLSearchParams('organizationId=3&campaignId=x'));
    expect(values.organizationId).toBe('3');
    expect(values.campaignId).toBe(null);
  });

  it('sends missing choices so the schema names their fields', () => {
    const result = initiativeBodySchema.safeParse(initiativeFormToBody(emptyInitiativeForm()));
    const paths = result.error?.issues.map((issue) => issue.path.join('.')) ?? [];
    expect(paths).toEqual(
      expect.arrayContaining(['title', 'organizationId', 'locationIds', 'campaignId', 'startsOn', 'endsOn']),
    );
  });

  it('trims the texts and sends an empty description as none', () => {
    const values = { ...initiativeToForm(row), title: '  Summer  ', description: '   ' };
    expect(initiativeFormToBody(values)).toMatchObject({ title: 'Summer', description: null });
  });

  it('refuses an end before the start under the end date', () => {
    const values = { ...initiativeToForm(row), endsOn: dayjs('2026-02-01') };
    const result = initiativeBodySchema.safeParse(initiativeFormToBody(values));
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['endsOn'], message: 'periodReversed' }),
    ]);
  });
});
