import { describe, expect, it } from 'vitest';
import { createAccessTokens } from './access-tokens.ts';

const secret = new TextEncoder().encode('a-test-secret-that-is-long-enough-for-hs256');

describe('access tokens', () => {
  it('verify their own tokens, again and again', async () => {
    const tokens = await createAccessTokens(secret, 60);
    const token = await tokens.sign({ userId: 7, sessionId: 'family-1' });
    await expect(tokens.verify(token)).resolves.toEqual({ userId: 7, sessionId: 'family-1' });
    await expect(tokens.verify(token)).resolves.toEqual({ userId: 7, sessionId: 'family-1' });
  });

  it('refuse a token whose signature was tampered with, even after the genuine one was verified', async () => {
    const tokens = await createAccessTokens(secret, 60);
    const token = await tokens.sign({ userId: 7, sessionId: 'family-1' });
    await tokens.verify(token);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: '1' }),
    ).toString('base64url');
    await expect(tokens.verify(`${header}.${forgedPayload}.${signature}`)).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    // The first character carries six bits of the signature (the last one partly padding).
    const altered = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    await expect(tokens.verify(`${header}.${payload}.${altered}`)).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
  });

  it('refuse tokens signed with another key', async () => {
    const other = await createAccessTokens(
      new TextEncoder().encode('another-secret-that-is-long-enough-for-it'),
      60,
    );
    const tokens = await createAccessTokens(secret, 60);
    await expect(tokens.verify(await other.sign({ userId: 1, sessionId: 'x' }))).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
  });
});
