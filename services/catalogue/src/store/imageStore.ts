/**
 * Where images live: outside the database, in a directory (a volume locally and in compose; an
 * object store can take its place behind the same two functions). Writes are atomic (temp file,
 * then rename), so a reader never sees half an image.
 */
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

export interface ImageStore {
  /** Stores `bytes` under `name` unless it is already there (names are content hashes). */
  put(name: string, bytes: Buffer): Promise<void>;
  /** A stream of the image, or null when there is none. */
  open(name: string): Readable | null;
}

/** A store in `dir`, created on first use. */
export function directoryImageStore(dir: string): ImageStore {
  return {
    async put(name, bytes) {
      const target = path.join(dir, name);
      if (existsSync(target)) return;
      await mkdir(dir, { recursive: true });
      const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(tmp, bytes);
      await rename(tmp, target);
    },
    open(name) {
      const file = path.join(dir, name);
      return existsSync(file) ? createReadStream(file) : null;
    },
  };
}
