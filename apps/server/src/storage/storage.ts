import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { newToken } from '../lib/tokens.js';

/** Where uploaded files live; local disk by default, an S3-compatible store can implement the same. */
export interface Storage {
  /** Stores bytes under a new unguessable key and answers the public URL path. */
  put(bytes: Buffer, extension: string, contentType: string): Promise<string>;
  /** Bytes and type of a stored key, or null. */
  get(key: string): Promise<{ bytes: Buffer; contentType: string } | null>;
  /** Deletes the file of a URL path `put` answered (an erasure's photos); nothing when there is none. */
  remove(path: string): Promise<void>;
}

const KEY = /^[A-Za-z0-9_-]{43}\.(webp|png|jpg)$/;
const TYPES: Record<string, string> = { webp: 'image/webp', png: 'image/png', jpg: 'image/jpeg' };

export function createDiskStorage(dir: string): Storage {
  return {
    async put(bytes, extension) {
      await mkdir(dir, { recursive: true });
      const key = `${newToken()}.${extension}`;
      await writeFile(join(dir, key), bytes);
      return `/uploads/${key}`;
    },
    async get(key) {
      if (!KEY.test(key)) return null;
      try {
        const bytes = await readFile(join(dir, key));
        return { bytes, contentType: TYPES[key.split('.').pop()!] };
      } catch {
        return null;
      }
    },
    async remove(path) {
      const key = path.replace(/^\/uploads\//, '');
      if (KEY.test(key)) await rm(join(dir, key), { force: true });
    },
  };
}
