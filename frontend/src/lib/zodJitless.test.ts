/** Zod's JIT stays off in the browser (./zodJitless.ts): the Content-Security-Policy forbids `new Function`. */
import { describe, expect, it, vi } from 'vitest';

describe('zodJitless', () => {
  it('turns off the JIT that zod probes with new Function, which the Content-Security-Policy forbids', async () => {
    vi.resetModules();
    await import('./zodJitless');
    const { z } = await import('zod');
    const { globalConfig } = await import('zod/v4/core');
    expect(globalConfig.jitless).toBe(true);
    // Schemas built now parse without compiling: no Function constructor is called.
    const compile = vi.spyOn(globalThis, 'Function');
    const schema = z.object({ name: z.string(), price: z.number() });
    expect(schema.parse({ name: 'Pixel', price: 1 })).toEqual({ name: 'Pixel', price: 1 });
    expect(schema.safeParse({ name: 1 }).success).toBe(false);
    expect(compile).not.toHaveBeenCalled();
    compile.mockRestore();
  });
});
