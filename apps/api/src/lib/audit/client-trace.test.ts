import { describe, expect, it } from 'vitest';
import { MAX_STORED_USER_AGENT, storedAddress, storedHeader } from './client-trace.ts';

describe('storedAddress', () => {
  it('keeps IPv4 and IPv6 addresses, and nothing else', () => {
    for (const address of ['10.1.2.3', '::1', '2001:db8::7', '::ffff:192.0.2.1'])
      expect(storedAddress(address)).toBe(address);
    for (const text of ['x'.repeat(8_192), '', '10.1.2', '10.1.2.3, 10.0.0.1', 'fe80::1%eth0', '1.2.3.4/8'])
      expect(storedAddress(text), text.slice(0, 20)).toBeNull();
    expect(storedAddress(undefined)).toBeNull();
  });
});

describe('storedHeader', () => {
  it('drops the control characters the input guard refuses, and bounds the length', () => {
    expect(storedHeader('Mozilla\u0085/5.0\u009B (X11)\u0000\u001B')).toBe('Mozilla/5.0 (X11)');
    expect(storedHeader(`${'é'.repeat(MAX_STORED_USER_AGENT - 1)}😀`)).toBe(
      'é'.repeat(MAX_STORED_USER_AGENT - 1),
    );
    expect(storedHeader('\u0085\u009B')).toBeNull();
    expect(storedHeader(['a', 'b'])).toBeNull();
  });
});
