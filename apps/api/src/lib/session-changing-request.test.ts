import { describe, expect, it } from 'vitest';
import { mayChangeSessions } from './session-changing-request.ts';

describe('mayChangeSessions', () => {
  it('is true of any write an account or an anonymous caller makes', () => {
    expect(mayChangeSessions('POST', undefined)).toBe(true);
    expect(mayChangeSessions('PUT', 'staff')).toBe(true);
    expect(mayChangeSessions('DELETE', 'appUser')).toBe(true);
    expect(mayChangeSessions('POST', 'public')).toBe(true);
  });

  it('is false of reads, and of a device’s writes (heartbeats, shot batches)', () => {
    expect(mayChangeSessions('GET', 'staff')).toBe(false);
    expect(mayChangeSessions('HEAD', undefined)).toBe(false);
    expect(mayChangeSessions('OPTIONS', 'public')).toBe(false);
    expect(mayChangeSessions('POST', 'device')).toBe(false);
  });
});
