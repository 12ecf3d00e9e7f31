import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { webBuildCommand } from './web-build';

describe('the web build of npm start', () => {
  it('builds React for production even though the processes run with NODE_ENV=development', () => {
    const build = webBuildCommand({ NODE_ENV: 'development', LOG_LEVEL: 'info', PATH: '/bin' });
    expect(build.cmd).toBe('npm');
    expect(build.args).toEqual(['run', 'build', '-w', 'frontend']);
    expect(build.env.NODE_ENV).toBe('production');
    // The rest of the environment goes through unchanged (PATH names the project's Node).
    expect(build.env).toMatchObject({ LOG_LEVEL: 'info', PATH: '/bin' });
  });

  it('is the command scripts/start.ts runs', () => {
    const start = readFileSync(path.join(__dirname, 'start.ts'), 'utf8');
    expect(start).toMatch(/webBuildCommand\(env\)/);
    expect(start).not.toMatch(/'build', '-w', 'frontend'/);
  });
});
