import { describe, expect, it } from 'vitest';
import { ErrorCode } from './error-codes.ts';
import { organizationRowActions } from './organizations.rules.ts';
import { heldBy, recordActionRefusal, recordRowActions, recordRule } from './record.rules.ts';

describe('the kit row rule', () => {
  it('an active record is toggled and edited, never deleted for good', () => {
    expect(recordRowActions({ isActive: true })).toEqual(['toggle', 'edit']);
    expect(recordActionRefusal({ isActive: true }, 'delete')).toBe(ErrorCode.RECORD_ACTIVE);
  });

  it('an inactive record is reactivated or deleted for good, never edited', () => {
    expect(recordRowActions({ isActive: false })).toEqual(['toggle', 'delete']);
    expect(recordActionRefusal({ isActive: false }, 'edit')).toBe(ErrorCode.RECORD_INACTIVE);
  });

  it("asks the resource's holds only where the kit's rule allows", () => {
    const held = recordRule<{ isActive: boolean }>(() => ErrorCode.ORGANIZATION_HAS_LOCATIONS);
    expect(held.refusal({ isActive: true }, 'delete')).toBe(ErrorCode.RECORD_ACTIVE);
    expect(held.refusal({ isActive: false }, 'edit')).toBe(ErrorCode.RECORD_INACTIVE);
    expect(held.refusal({ isActive: false }, 'delete')).toBe(ErrorCode.ORGANIZATION_HAS_LOCATIONS);
    expect(held.rowActions({ isActive: true })).toEqual([]);
  });

  it('keeps an active record held active, and an inactive one held from deletion', () => {
    const rule = recordRule(
      heldBy<{ isActive: boolean; active: number; any: number }>(ErrorCode.ORGANIZATION_HAS_LOCATIONS, {
        keepsActive: (state) => state.active > 0,
        keepsRow: (state) => state.any > 0,
      }),
    );
    expect(rule.rowActions({ isActive: true, active: 1, any: 1 })).toEqual(['edit']);
    expect(rule.rowActions({ isActive: true, active: 0, any: 1 })).toEqual(['toggle', 'edit']);
    expect(rule.rowActions({ isActive: false, active: 0, any: 1 })).toEqual(['toggle']);
    expect(rule.rowActions({ isActive: false, active: 0, any: 0 })).toEqual(['toggle', 'delete']);
    expect(organizationRowActions({ isActive: true, activeLocationCount: 2, locationCount: 2 })).toEqual([
      'edit',
    ]);
  });
});
