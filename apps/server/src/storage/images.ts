import sharp from 'sharp';
import { HttpError } from '../http/errors.js';
import type { Storage } from './storage.js';

/**
 * Accepts an image by its content (whatever its name or declared type), strips metadata and
 * re-encodes it as WebP at most 512 px, so no uploaded bytes are ever served as they came.
 */
export async function storeImage(storage: Storage, bytes: Buffer): Promise<string> {
  let out: Buffer;
  try {
    const image = sharp(bytes, { limitInputPixels: 40_000_000, failOn: 'error' });
    const meta = await image.metadata();
    if (!meta.format || !['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff'].includes(meta.format)) throw new Error('not an image');
    out = await image.rotate().resize(512, 512, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 82 }).toBuffer();
  } catch {
    throw new HttpError(415, 'upload.not_an_image');
  }
  return storage.put(out, 'webp', 'image/webp');
}
