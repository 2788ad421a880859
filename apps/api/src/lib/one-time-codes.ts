import { createHmac, randomBytes } from 'node:crypto';

export type OneTimeCodeOptions = {
  /** Seconds per step (RFC 6238's X); the product's reset codes use 60. */
  stepSeconds: number;
  digits: number;
  algorithm?: 'sha1' | 'sha256' | 'sha512';
};

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding: how authenticator apps and devices take a secret. */
export function toBase32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let text = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      text += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) text += BASE32[(value << (5 - bits)) & 31];
  return text;
}

/** Base32 back to bytes: the secret as a device holds it (its answer at provisioning). */
export function fromBase32(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of text) {
    value = (value << 5) | BASE32.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** A new secret of 20 bytes, the length RFC 4226 recommends for HMAC-SHA1. */
export function newOneTimeSecret(): Buffer {
  return randomBytes(20);
}

/** RFC 4226 HOTP: the code of one counter value, dynamically truncated to `digits` digits. */
function hotp(secret: Uint8Array, counter: bigint, digits: number, algorithm: string): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(counter);
  const mac = createHmac(algorithm, secret).update(message).digest();
  const offset = (mac.at(-1) ?? 0) & 0x0f;
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(binary).padStart(digits, '0');
}

/**
 * RFC 6238 TOTP at `timeMs`: the code, the step it belongs to and the seconds left in that step (1 to
 * `stepSeconds`).
 */
export function oneTimeCodeAt(
  secret: Uint8Array,
  timeMs: number,
  options: OneTimeCodeOptions,
): { code: string; step: number; secondsLeft: number; stepEndsAt: Date } {
  const seconds = Math.floor(timeMs / 1000);
  const step = Math.floor(seconds / options.stepSeconds);
  const stepEnd = (step + 1) * options.stepSeconds;
  return {
    code: hotp(secret, BigInt(step), options.digits, options.algorithm ?? 'sha1'),
    step,
    secondsLeft: stepEnd - seconds,
    stepEndsAt: new Date(stepEnd * 1000),
  };
}

/**
 * The step whose code `code` is: the step at `timeMs` or one of the `window` steps before it (a code
 * read off a device a moment before its step ended still counts); null when it is none of them. The
 * step lets a verifier refuse a code it has accepted before (RFC 6238 §5.2). Compared in constant time.
 */
export function oneTimeCodeStep(
  secret: Uint8Array,
  code: string,
  timeMs: number,
  options: OneTimeCodeOptions & { window: number },
): number | null {
  const { step } = oneTimeCodeAt(secret, timeMs, options);
  let matched: number | null = null;
  for (let back = 0; back <= options.window; back += 1) {
    const expected = hotp(secret, BigInt(step - back), options.digits, options.algorithm ?? 'sha1');
    let difference = expected.length ^ code.length;
    for (let index = 0; index < expected.length; index += 1)
      difference |= expected.charCodeAt(index) ^ (code.charCodeAt(index) || 0);
    if (difference === 0 && matched === null) matched = step - back;
  }
  return matched;
}
