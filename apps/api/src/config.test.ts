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
    const config = loadConfig({ PORT: '8080', DATABASE_URL: 'postgres://u@h:5432/db', TRUST_PROXY: '2' });
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBe('postgres://u@h:5432/db');
    expect(config.TRUST_PROXY).toBe(2);
  });

  it('reads TRUST_PROXY as nothing, a hop count or a list of proxies, and refuses to trust every hop', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,fd00::/8,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      'fd00::/8',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY true would trust every hop.*\(1, 2/,
    );
    for (const wrong of ['10.0.0.5,example.com', '10.0.0.0/33', '::1/129', '10.0.0.1/8/2', '11', 'yes']) {
      expect(() => loadConfig({ TRUST_PROXY: wrong }), wrong).toThrow(/TRUST_PROXY/);
    }
  });

  it('reads the metrics settings', () => {
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_TOKEN: 'a'.repeat(16) })).toMatchObject({
      METRICS_PORT: 9464,
      METRICS_TOKEN: 'a'.repeat(16),
    });
    expect(loadConfig({ METRICS_PORT: '' }).METRICS_PORT).toBeUndefined();
    expect(() => loadConfig({ METRICS_PORT: '3000' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: 'x' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
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

  it('reads the owner URL only beside a runtime URL, and runs as the owner only when told', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://app@h/db',
      DATABASE_OWNER_URL: 'postgres://owner@h/db',
    });
    expect(config).toMatchObject({
      DATABASE_OWNER_URL: 'postgres://owner@h/db',
      DATABASE_ALLOW_OWNER: false,
    });
    expect(loadConfig({ DATABASE_ALLOW_OWNER: 'true' }).DATABASE_ALLOW_OWNER).toBe(true);
    expect(() => loadConfig({ DATABASE_OWNER_URL: 'postgres://owner@h/db' })).toThrow(/DATABASE_URL is not/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://a@h/db', DATABASE_OWNER_URL: 'x' })).toThrow(
      /DATABASE_OWNER_URL/,
    );
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
