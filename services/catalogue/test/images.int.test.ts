/**
 * The image store through the gateway on real servers: uploads judged by
 * their bytes, size-limited, stored re-encoded without metadata under a content-hash name, with a
 * thumbnail, served with long-lived caching headers.
 */
import { startTestStack, type TestStack } from '@market/platform/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack(['catalogue']);
});

afterAll(async () => {
  await stack?.stop();
});

async function upload(bytes: Buffer, filename: string, type: string) {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(bytes)], { type }), filename);
  const res = await fetch(`${stack.gatewayUrl}/images/upload`, { method: 'POST', body: form });
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}

const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .png()
    .toBuffer();

describe('image upload', () => {
  it('stores a png as webp under its content hash, with a thumbnail, served with caching headers', async () => {
    const res = await upload(await png(2400, 1200), 'phone.png', 'image/png');
    expect(res.status).toBe(201);
    expect(res.body.name).toMatch(/^[0-9a-f]{64}\.webp$/);
    expect(res.body.thumbnail).toBe(res.body.name!.replace('.webp', '-thumb.webp'));

    const img = await fetch(`${stack.gatewayUrl}/images/${res.body.name}`);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/webp');
    expect(img.headers.get('cache-control')).toContain('immutable');
    const meta = await sharp(Buffer.from(await img.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 800 });

    const thumb = await fetch(`${stack.gatewayUrl}/images/${res.body.thumbnail}`);
    expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).width).toBe(320);

    // The same picture uploaded again gets the same name.
    expect((await upload(await png(2400, 1200), 'again.png', 'image/png')).body.name).toBe(res.body.name);
  });

  it('drops camera metadata (EXIF, e.g. GPS) from a jpeg', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: 'white' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Secret Model' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload(jpeg, 'photo.jpg', 'image/jpeg');
    expect(res.status).toBe(201);
    const stored = Buffer.from(await (await fetch(`${stack.gatewayUrl}/images/${res.body.name}`)).arrayBuffer());
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
  });

  it('judges the bytes, not the name or declared type', async () => {
    const fake = await upload(Buffer.from('<script>alert(1)</script>'), 'evil.png', 'image/png');
    expect(fake).toEqual({
      status: 400,
      body: {
        error: 'Only png, jpg, jpeg or webp images can be uploaded',
        code: 'image-types',
        fields: { image: 'Only png, jpg, jpeg or webp images can be uploaded' },
        fieldCodes: { image: 'image-types' },
      },
    });
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'blue' } })
      .gif()
      .toBuffer();
    expect((await upload(gif, 'anim.jpg', 'image/jpeg')).status).toBe(400);
    // A real png with a misleading name is fine.
    expect((await upload(await png(10, 10), 'notes.txt', 'text/plain')).status).toBe(201);
  });

  it('refuses a missing file, a second file and one over 5 MB', async () => {
    const empty = await fetch(`${stack.gatewayUrl}/images/upload`, { method: 'POST', body: new FormData() });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ error: 'Image Required!' });

    const two = new FormData();
    two.append('image', new Blob([new Uint8Array(await png(4, 4))]), 'a.png');
    two.append('image', new Blob([new Uint8Array(await png(4, 4))]), 'b.png');
    expect((await fetch(`${stack.gatewayUrl}/images/upload`, { method: 'POST', body: two })).status).toBe(400);

    const big = await upload(Buffer.alloc(5 * 1024 * 1024 + 1, 1), 'big.png', 'image/png');
    expect(big).toEqual({ status: 413, body: { error: 'Image must be 5 MB or smaller', code: 'image-too-large' } });
  });

  it('answers 404 for unknown or malformed names', async () => {
    expect((await fetch(`${stack.gatewayUrl}/images/${'0'.repeat(64)}.webp`)).status).toBe(404);
    expect((await fetch(`${stack.gatewayUrl}/images/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
    expect((await fetch(`${stack.gatewayUrl}/images/avatar.png`)).status).toBe(404);
  });
});
