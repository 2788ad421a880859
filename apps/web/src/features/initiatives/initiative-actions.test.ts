import { INITIATIVE_STATUSES, initiativeActionRefusal } from '@scentia/shared/initiatives.rules';
import { describe, expect, it } from 'vitest';
import { initiativeReadOnlyReason, initiativeViewerActions } from './initiative-actions.ts';

describe('the actions an initiative offers', () => {
  it('offers an admin the review of an initiative in review', () => {
    expect(initiativeViewerActions('inReview', true)).toEqual([
      'edit',
      'approve',
      'requestChanges',
      'reject',
      'deactivate',
    ]);
  });

  it('offers a non-admin only the edit of an initiative in review', () => {
    expect(initiativeViewerActions('inReview', false)).toEqual(['edit']);
  });

  it('offers the edit and the deactivation when changes were requested', () => {
    expect(initiativeViewerActions('changesRequested', true)).toEqual(['edit', 'deactivate']);
  });

  it('offers only the deactivation of an approved or rejected initiative', () => {
    expect(initiativeViewerActions('approved', true)).toEqual(['deactivate']);
    expect(initiativeViewerActions('rejected', true)).toEqual(['deactivate']);
    expect(initiativeViewerActions('approved', false)).toEqual([]);
  });

  it('offers only the reopening of an inactive initiative', () => {
    expect(initiativeViewerActions('inactive', true)).toEqual(['reopen']);
  });

  it.each(INITIATIVE_STATUSES)(
    'shows an initiative %s read-only exactly when the rule refuses its edit',
    (status) => {
      expect(initiativeReadOnlyReason(status) !== undefined).toBe(
        initiativeActionRefusal(status, 'edit') !== undefined,
      );
    },
  );
});
