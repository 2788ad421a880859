import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { createS3Storage, s3FileOrigins } from './s3-storage.ts';

/** Images stored in a bucket reach the browser through presigned URLs the page's policy must allow. */
describe('the origins of a bucket’s files', () => {
  const cases = [
    { endpoint: undefined, forcePathStyle: true },
    { endpoint: undefined, forcePathStyle: false },
    { endpoint: 'http://minio.localhost:9000', forcePathStyle: true },
    { endpoint: 'https://files.example.com', forcePathStyle: false },
  ];
  it.each(cases)(
    'hold the presigned URL’s origin (endpoint $endpoint, path style $forcePathStyle)',
    async (setting) => {
      const options = { bucket: 'scentia-files', region: 'sa-east-1', ...setting };
      const storage = createS3Storage({
        ...options,
        accessKeyId: 'AKIAEXAMPLE',
        secretAccessKey: 'example-secret',
        urlTtlSeconds: 3600,
      });
      const url = new URL(await storage.urlFor('fragrances/a.webp'));
      expect(s3FileOrigins(options)).toContain(url.origin);
    },
  );
});

describe('the page’s Content-Security-Policy with files in a bucket', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({
      S3_BUCKET: 'scentia',
      S3_ENDPOINT: 'http://minio.localhost:9000',
      S3_ACCESS_KEY_ID: 'scentia-app',
      S3_SECRET_ACCESS_KEY: 'scentia-app-secret',
    });
  });
  afterAll(() => ctx.close());

  it('lets images load from the bucket, and from nowhere else new', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health/live' });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("img-src 'self' data: blob: http://minio.localhost:9000;");
  });
});
