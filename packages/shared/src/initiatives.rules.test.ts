import { describe, expect, it } from 'vitest';
import { ErrorCode } from './error-codes.ts';
import {
  INITIATIVE_STATUSES,
  initiativeActionRefusal,
  initiativeActions,
  initiativeDatesRefusal,
  isAllowedTransition,
  periodsOverlap,
} from './initiatives.rules.ts';
import { initiativeBodySchema, initiativeChangesRequestSchema } from './initiatives.schemas.ts';

describe('isAllowedTransition', () => {
  it('allows exactly the transitions of issue 27', () => {
    const allowed = INITIATIVE_STATUSES.flatMap((from) =>
      INITIATIVE_STATUSES.filter((to) => isAllowedTransition(from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed.sort()).toEqual(
      [
        'inReview→approved',
        'inReview→changesRequested',
        'inReview→rejected',
        'inReview→inactive',
        'changesRequested→inReview',
        'changesRequested→inactive',
        'approved→inactive',
        'rejected→inactive',
        'inactive→inReview',
      ].sort(),
    );
  });
});

describe('initiativeActionRefusal', () => {
  it('offers each status its actions only', () => {
    expect(initiativeActions('inReview')).toEqual([
      'edit',
      'approve',
      'requestChanges',
      'reject',
      'deactivate',
    ]);
    expect(initiativeActions('changesRequested')).toEqual(['edit', 'deactivate']);
    expect(initiativeActions('approved')).toEqual(['deactivate']);
    expect(initiativeActions('rejected')).toEqual(['deactivate']);
    expect(initiativeActions('inactive')).toEqual(['reopen']);
  });

  it('answers the codes the API sends', () => {
    expect(initiativeActionRefusal('approved', 'edit')).toBe(ErrorCode.INITIATIVE_NOT_EDITABLE);
    expect(initiativeActionRefusal('approved', 'approve')).toBe(ErrorCode.INITIATIVE_TRANSITION_REFUSED);
    expect(initiativeActionRefusal('changesRequested', 'edit')).toBeUndefined();
  });
});

describe('the dates', () => {
  it('includes both days: a one-day initiative, the end before the start refused, at most 366 days', () => {
    expect(initiativeDatesRefusal('2030-01-01', '2030-01-01')).toBeUndefined();
    expect(initiativeDatesRefusal('2030-01-02', '2030-01-01')).toBe('periodReversed');
    expect(initiativeDatesRefusal('2028-01-01', '2028-12-31')).toBeUndefined();
    expect(initiativeDatesRefusal('2030-01-01', '2031-01-01')).toBeUndefined();
    expect(initiativeDatesRefusal('2030-01-01', '2031-01-02')).toBe('periodTooLong');
  });

  it('overlaps when the periods share a day', () => {
    const march = { startsOn: '2030-03-01', endsOn: '2030-03-31' };
    expect(periodsOverlap(march, { startsOn: '2030-03-31', endsOn: '2030-04-05' })).toBe(true);
    expect(periodsOverlap(march, { startsOn: '2030-04-01', endsOn: '2030-04-05' })).toBe(false);
    expect(periodsOverlap({ startsOn: '2030-02-01', endsOn: '2030-04-01' }, march)).toBe(true);
  });

  it('is checked by the body schema, on endsOn', () => {
    const body = {
      title: 'Ativação',
      organizationId: 1,
      locationIds: [3, 2, 3],
      campaignId: 1,
      startsOn: '2030-03-02',
      endsOn: '2030-03-01',
    };
    const refused = initiativeBodySchema.safeParse(body);
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['endsOn', 'periodReversed'],
    ]);
    const parsed = initiativeBodySchema.parse({ ...body, endsOn: '2030-03-02' });
    expect(parsed.locationIds).toEqual([2, 3]);
    expect(parsed.description).toBeNull();
  });
});

describe('initiativeChangesRequestSchema', () => {
  it('requires the e-mail and the subject (spec §5)', () => {
    const result = initiativeChangesRequestSchema.safeParse({ email: '', subject: '', html: '<p>x</p>' });
    expect(new Set(result.error?.issues.map((issue) => issue.path.join('.')))).toEqual(
      new Set(['email', 'subject']),
    );
    expect(
      initiativeChangesRequestSchema.safeParse({ email: 'a@b.co', subject: 'S', html: '<p>x</p>' }).success,
    ).toBe(true);
  });
});
