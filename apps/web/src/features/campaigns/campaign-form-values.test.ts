import { campaignBodySchema } from '@scentia/shared/campaigns.schemas';
import { describe, expect, it } from 'vitest';
import {
  campaignFormData,
  campaignFormToBody,
  clashingSlots,
  emptyCampaignForm,
  placeFragrance,
} from './campaign-form-values.ts';

const citrus = { fragranceId: 7, fragranceName: 'Cítrico' };

describe('the campaign form values', () => {
  it('start with 100 shots, no cover, no description and an empty device', () => {
    const values = emptyCampaignForm();
    expect(values.fragranceShots).toBe(100);
    expect(values.cover).toBeNull();
    expect(values.collection).toEqual([]);
  });

  it('place a fragrance in a slot with 5 seconds per shot, replace what the slot held and keep slot order', () => {
    let collection = placeFragrance([], 12, citrus);
    collection = placeFragrance(collection, 3, { fragranceId: 8, fragranceName: 'Amadeirado' });
    expect(collection.map((entry) => entry.slot)).toEqual([3, 12]);
    expect(collection[1]).toMatchObject({ fragranceId: 7, shotSeconds: 5, thumbnailUri: null });
    const edited = collection.map((entry) => (entry.slot === 12 ? { ...entry, shotSeconds: 9 } : entry));
    const replaced = placeFragrance(edited, 12, { fragranceId: 9, fragranceName: 'Floral' });
    expect(replaced).toHaveLength(2);
    // The slot's seconds stay when only its fragrance changes.
    expect(replaced[1]).toMatchObject({ fragranceId: 9, shotSeconds: 9 });
  });

  it('become the body the shared schema accepts, with blank descriptions left out', () => {
    const values = emptyCampaignForm();
    values.name = '  Verão  ';
    values.descriptions['pt-BR'] = ' Coleção de verão ';
    values.collection = placeFragrance([], 4, citrus);
    const body = campaignFormToBody(values);
    expect(body.descriptions).toEqual([{ language: 'pt-BR', description: 'Coleção de verão' }]);
    expect(campaignBodySchema.parse(body)).toMatchObject({
      name: 'Verão',
      fragranceShots: 100,
      collection: [{ fragranceId: 7, slot: 4, shotSeconds: 5 }],
    });
  });

  it('refuse an emptied fragranceShots or shotSeconds instead of taking the default', () => {
    const values = emptyCampaignForm();
    values.name = 'Verão';
    values.descriptions['pt-BR'] = 'Coleção';
    values.fragranceShots = null;
    values.collection = placeFragrance([], 4, citrus).map((entry) => ({ ...entry, shotSeconds: null }));
    const result = campaignBodySchema.safeParse(campaignFormToBody(values));
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(['fragranceShots', 'collection.0.shotSeconds']);
    expect(campaignFormData(values).get('fragranceShots')).toBe('');
  });

  it('name the slots a fragrance shares, each with the others', () => {
    const placed = placeFragrance(placeFragrance(placeFragrance([], 3, citrus), 7, citrus), 9, {
      fragranceId: 8,
      fragranceName: 'Rosa',
    });
    expect([...clashingSlots(placed)]).toEqual([
      [3, [7]],
      [7, [3]],
    ]);
  });

  it('refuse a form without the pt-BR description, as the API does', () => {
    const values = emptyCampaignForm();
    values.name = 'Verão';
    values.descriptions['en-US'] = 'Summer';
    const result = campaignBodySchema.safeParse(campaignFormToBody(values));
    expect(result.success).toBe(false);
  });

  it('send the multipart fields the API reads, the cover only when chosen and the loaded version', () => {
    const values = emptyCampaignForm();
    values.name = 'Verão';
    values.descriptions['pt-BR'] = 'Coleção';
    values.collection = placeFragrance([], 4, citrus);
    const kept = campaignFormData(values, '2026-11-23T21:40:44.123Z');
    expect([...kept.keys()]).toEqual([
      'name',
      'fragranceShots',
      'descriptions[0][language]',
      'descriptions[0][description]',
      'collection[0][fragranceId]',
      'collection[0][slot]',
      'collection[0][shotSeconds]',
      'updatedAt',
    ]);
    values.cover = {
      file: new File(['x'], 'capa.png', { type: 'image/png' }),
      previewUrl: null,
      isTooLarge: false,
    };
    const created = campaignFormData(values);
    expect(created.has('updatedAt')).toBe(false);
    expect((created.get('cover.file') as File).name).toBe('capa.png');
  });
});
