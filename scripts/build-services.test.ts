import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildBackends, bundlePath, type BackendEntry } from './build-services';

const ROOT = path.resolve(__dirname, '..');
const identity: BackendEntry = { workspace: 'services/identity', name: 'main' };

/** The package.json a `require(specifier)` made from `fromFile` loads, read as JSON. */
function packageOf(specifier: string, fromFile: string): { name: string; version: string } {
  const main = createRequire(fromFile).resolve(specifier);
  let dir = path.dirname(main);
  while (!existsSync(path.join(dir, 'package.json')) || !/node_modules[\\/](@[^\\/]+[\\/])?[^\\/]+$/.test(dir)) dir = path.dirname(dir);
  return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name: string; version: string };
}

describe('compiled backend bundles', () => {
  it('load the same copy of each dependency the TypeScript sources load, nested workspace copies included', async () => {
    await buildBackends([identity]);
    const bundle = bundlePath(identity);
    const code = readFileSync(bundle, 'utf8');
    const required = [...code.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]!).filter((s) => !s.startsWith('node:'));
    expect(required.length).toBeGreaterThan(10);
    // platform's nodemailer and express are nested under packages/platform (the root holds other
    // versions): from services/identity/dist a bare name would load the root's.
    const platformSource = path.join(ROOT, 'packages/platform/src/mail.ts');
    for (const name of ['nodemailer', 'express']) {
      const fromBundle = required.filter((s) => s === name || s.endsWith(`/node_modules/${name}`)).map((s) => packageOf(s, bundle));
      expect(fromBundle.length, `${name} is required by the bundle`).toBeGreaterThan(0);
      expect(fromBundle).toContainEqual(expect.objectContaining(packageOf(name, platformSource)));
    }
    // Every external resolves from where the bundle lies.
    for (const specifier of required) expect(() => createRequire(bundle).resolve(specifier), specifier).not.toThrow();
  });
});
