import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BaseConfigSchema, ConfigError, loadConfig, withSecretFiles } from './config';

const good = { SERVICE_NAME: 'identity', PORT: '8071', INTERNAL_SECRET: 'x'.repeat(16) };

describe('loadConfig', () => {
  it('applies the local defaults and parses the broker list', () => {
    const c = loadConfig(BaseConfigSchema, { ...good, KAFKA_BROKERS: 'a:9092, b:9093' });
    expect(c.PORT).toBe(8071);
    expect(c.KAFKA_BROKERS).toEqual(['a:9092', 'b:9093']);
    expect(c.MONGO_URL).toBe('mongodb://127.0.0.1:27017');
    expect(c.REDIS_URL).toBe('redis://127.0.0.1:6379');
  });

  it('names every missing or malformed variable', () => {
    const run = () => loadConfig(BaseConfigSchema, { PORT: 'eighty', MONGO_URL: 'http://x', INTERNAL_SECRET: 'short' });
    expect(run).toThrow(ConfigError);
    try {
      run();
    } catch (err) {
      const msg = (err as Error).message;
      for (const name of ['SERVICE_NAME', 'PORT', 'MONGO_URL', 'INTERNAL_SECRET']) expect(msg).toContain(name);
    }
  });

  it('accepts service extensions', () => {
    const schema = BaseConfigSchema.extend({ ADMIN_USERNAME: z.string().min(3) });
    expect(() => loadConfig(schema, good)).toThrow(/ADMIN_USERNAME/);
    expect(loadConfig(schema, { ...good, ADMIN_USERNAME: 'root' }).ADMIN_USERNAME).toBe('root');
  });
});

describe('loadConfig with file secrets (NAME_FILE, as docker-compose mounts them)', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'config-files-'));
  const file = path.join(dir, 'internal_secret');
  writeFileSync(file, `${'k'.repeat(40)}\n`);

  it('reads NAME from NAME_FILE without the trailing newline', () => {
    const { INTERNAL_SECRET: _, ...rest } = good;
    expect(loadConfig(BaseConfigSchema, { ...rest, INTERNAL_SECRET_FILE: file }).INTERNAL_SECRET).toBe('k'.repeat(40));
  });

  it('lets a value set directly win over its file', () => {
    expect(loadConfig(BaseConfigSchema, { ...good, INTERNAL_SECRET_FILE: file }).INTERNAL_SECRET).toBe(good.INTERNAL_SECRET);
  });

  it('names the variable whose file cannot be read, and never a value', () => {
    const { INTERNAL_SECRET: _, ...rest } = good;
    const run = () => loadConfig(BaseConfigSchema, { ...rest, INTERNAL_SECRET_FILE: path.join(dir, 'missing') });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(/INTERNAL_SECRET_FILE: cannot read .*missing \(ENOENT\)/);
  });
});

describe('withSecretFiles', () => {
  it("reads only secrets' files, and leaves other programs' *_FILE variables alone", () => {
    const env = withSecretFiles({ TF_CLI_CONFIG_FILE: '/nowhere/.terraformrc', ADMIN_PASSWORD_FILE: '', OTHER: 'x' });
    expect(env).toEqual({ TF_CLI_CONFIG_FILE: '/nowhere/.terraformrc', ADMIN_PASSWORD_FILE: '', OTHER: 'x' });
  });
});
