import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      ACCESS_TOKEN_TTL_SECONDS: 900,
      REFRESH_TOKEN_TTL_DAYS: 30,
      LOG_LEVEL: 'info',
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('reads typed values', () => {
    const config = loadConfig({ PORT: '8080', DATABASE_URL: 'postgres://u@h:5432/db', TRUST_PROXY: 'true' });
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBe('postgres://u@h:5432/db');
    expect(config.TRUST_PROXY).toBe(true);
  });

  it('treats empty optional values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', ADMIN_EMAIL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('stops with one line naming every wrong value', () => {
    const attempt = () => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message.split('\n')).toHaveLength(1);
      expect(message).toMatch(/PORT/);
      expect(message).toMatch(/DATABASE_URL/);
      expect(message).toMatch(/JWT_SECRET/);
    }
  });

  it('bounds every retention period, refusing in one line a value the daily jobs could not count back', () => {
    for (const variable of [
      'ACCESS_LOG_RETENTION_DAYS',
      'AUDIT_RETENTION_DAYS',
      'PERSONAL_DATA_RETENTION_DAYS',
    ]) {
      for (const days of ['1000000000', '3654', '0']) {
        expect(() => loadConfig({ [variable]: days }), `${variable}=${days}`).toThrow(
          new RegExp(`^Invalid configuration: ${variable} [^\n]+$`),
        );
      }
    }
    expect(loadConfig({ ACCESS_LOG_RETENTION_DAYS: '3653' }).ACCESS_LOG_RETENTION_DAYS).toBe(3653);
    expect(loadConfig({ ACCESS_LOG_RETENTION_DAYS: '183' }).ACCESS_LOG_RETENTION_DAYS).toBe(183);
  });

  it('refuses an admin password without an admin e-mail', () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: 'secret1' })).toThrow(/ADMIN_EMAIL/);
  });
});

describe('README configuration table', () => {
  it('documents exactly the variables the server reads', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('## Documentation'));
    const documented = [...section.matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((match) => match[1]);
    expect([...documented].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });
});
