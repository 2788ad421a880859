import { describe, expect, it } from 'vitest';
import { isOverUploadLimit, UPLOAD_MAX_MB } from './upload-limit.ts';

describe('upload limit (spec §5 Uploads)', () => {
  it('accepts a file of exactly 5 MB and refuses one byte more', () => {
    expect(UPLOAD_MAX_MB).toBe(5);
    expect(isOverUploadLimit({ size: 5 * 1_048_576 })).toBe(false);
    expect(isOverUploadLimit({ size: 5 * 1_048_576 + 1 })).toBe(true);
  });
});
