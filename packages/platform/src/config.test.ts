import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BaseConfigSchema, ConfigError, loadConfig } from './config';

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
