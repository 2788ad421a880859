import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONFIG_VARIABLES, loadConfig } from '../src/config.ts';

/**
 * The Dockerfile and compose.yaml cannot be built on the machines that test Scentia (no container
 * daemon, no image registry): what can be checked without one is checked here — the YAML parses, the
 * services it needs are there, and every setting they give the app is one it reads, with a valid value.
 */
const repository = new URL('../../../', import.meta.url);
const read = (name: string) => readFileSync(fileURLToPath(new URL(name, repository)), 'utf8');

type Service = {
  build?: unknown;
  image?: string;
  environment?: Record<string, string | number | boolean>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
};

/** A compose value with its `${NAME:-default}` interpolations replaced by their defaults. */
function withDefaults(value: string): string {
  return value
    .replace(
      /\$\{[A-Z_][A-Z0-9_]*(?::?-([^}]*))?\}/g,
      (_match, fallback: string | undefined) => fallback ?? '',
    )
    .replaceAll('$$', '$');
}

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml')) as {
    services: Record<string, Service>;
    configs: Record<string, { content: string }>;
  };
  const app = compose.services.app as Service;

  it('runs the app beside PostgreSQL, Redis, an S3-compatible store and an SMTP catcher', () => {
    expect(app.build).toBeDefined();
    const images = Object.values(compose.services).map((service) => service.image ?? '');
    for (const image of [/^postgres:/, /^redis:/, /minio\/minio/, /mailpit/])
      expect(
        images.some((name) => image.test(name)),
        String(image),
      ).toBe(true);
    for (const dependency of Object.keys(app.depends_on ?? {}))
      expect(Object.keys(compose.services)).toContain(dependency);
  });

  it('creates the runtime login as the PostgreSQL image’s owner, for the app to serve with', () => {
    const postgres = compose.services.postgres as Service & {
      configs?: { source: string; target: string }[];
    };
    expect(postgres.environment?.POSTGRES_USER).toBe('scentia_owner');
    const init = postgres.configs?.find((config) => config.target.startsWith('/docker-entrypoint-initdb.d/'));
    const script = compose.configs[init?.source ?? '']?.content ?? '';
    expect(script).toContain('CREATE ROLE scentia_runtime NOLOGIN;');
    expect(script).toMatch(/CREATE ROLE scentia_app LOGIN PASSWORD :'password' IN ROLE scentia_runtime;/);
  });

  it('gives the app only settings it reads, each valid once its defaults are filled in', () => {
    const environment = Object.fromEntries(
      Object.entries(app.environment ?? {}).map(([name, value]) => [name, withDefaults(String(value))]),
    );
    const unknown = Object.keys(environment).filter((name) => !CONFIG_VARIABLES.includes(name));
    expect(unknown).toEqual([]);
    const config = loadConfig(environment);
    expect(config).toMatchObject({ S3_BUCKET: 'scentia', SMTP_URL: 'smtp://mailpit:1025' });
    // The server serves as a login of scentia_runtime; the owner only migrates.
    expect(config.DATABASE_URL).toMatch(/^postgres:\/\/scentia_app:[^@]+@postgres:5432\/scentia$/);
    expect(config.DATABASE_OWNER_URL).toMatch(/^postgres:\/\/scentia_owner:[^@]+@postgres:5432\/scentia$/);
    expect(config.DATABASE_ALLOW_OWNER).toBe(false);
    expect(config.REDIS_URL).toBe('redis://redis:6379');
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const instructions = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .filter((line) => /^[A-Z]+\s/.test(line));
  const last = (keyword: string) =>
    instructions.filter((line) => line.startsWith(`${keyword} `)).at(-1) ?? '';

  it('runs the release bundle on Node 24 slim as a non-root user', () => {
    expect(last('FROM')).toMatch(/^FROM node:24-slim\b/);
    expect(dockerfile).toMatch(/scripts\/release\.mjs/);
    expect(last('USER')).toMatch(/^USER (?!root\b)\S+/);
    expect(last('CMD')).toBe('CMD ["node", "server.js"]');
  });

  it('checks liveness on the port it exposes, with settings the app reads', () => {
    expect(last('HEALTHCHECK')).toContain('/api/health/live');
    const environment = Object.fromEntries(
      [...last('ENV').matchAll(/([A-Z_][A-Z0-9_]*)=(\S+)/g)].map((match) => [match[1], match[2]]),
    );
    expect(Object.keys(environment).filter((name) => !CONFIG_VARIABLES.includes(name))).toEqual([]);
    expect(last('EXPOSE')).toBe(`EXPOSE ${loadConfig(environment).PORT}`);
  });
});
