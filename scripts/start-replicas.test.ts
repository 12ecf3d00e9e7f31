import { describe, expect, it } from 'vitest';
import { parseReplicas } from './start-env';

describe('npm start -- --replicas', () => {
  it('reads replicas per service in both spellings, one process for the rest', () => {
    expect(parseReplicas(['node', 'start.ts'])).toEqual({});
    expect(parseReplicas(['node', 'start.ts', '--replicas', 'ordering=2,catalogue=3'])).toEqual({ ordering: 2, catalogue: 3 });
    expect(parseReplicas(['node', 'start.ts', '--dev', '--replicas=identity=2'])).toEqual({ identity: 2 });
  });

  it('refuses a process that is not a replicable service, and a count outside 1–9', () => {
    expect(() => parseReplicas(['--replicas', 'gateway=2'])).toThrow(/'gateway' is not one of/);
    expect(() => parseReplicas(['--replicas', 'ordering=0'])).toThrow(/ordering=0/);
    expect(() => parseReplicas(['--replicas', 'ordering=two'])).toThrow(/ordering=two/);
  });
});
