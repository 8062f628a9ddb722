// Runs last in the web build: writes a brotli (.br) and a gzip (.gz) copy beside every text file of
// dist (the app's shell, scripts, styles, icons), which the server sends to browsers that accept them
// (@fastify/static `preCompressed`): compressed once at the highest levels, never per request.
// The prerendered pages are left out: the server completes them (their origin) and compresses them itself; so is
// boot/, which the server reads and never sends.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = process.env.WEB_DIST ? resolve(process.env.WEB_DIST) : join(import.meta.dirname, '..', 'dist');
const TEXT = /\.(js|css|html|svg|json|txt|xml|map)$/;
/** Below this, a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let after = 0;
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const rel = relative(dist, path);
    if (rel === 'prerendered' || rel === '.vite' || rel === 'boot') continue;
    if (statSync(path).isDirectory()) walk(path);
    else if (TEXT.test(name)) compress(path);
  }
}
function compress(path) {
  const bytes = readFileSync(path);
  if (bytes.length < MIN_BYTES) return;
  const br = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  const gz = gzipSync(bytes, { level: 9 });
  if (br.length < bytes.length) writeFileSync(`${path}.br`, br);
  if (gz.length < bytes.length) writeFileSync(`${path}.gz`, gz);
  files++;
  before += bytes.length;
  after += br.length;
}

walk(dist);
console.log(`compressed ${files} files: ${(before / 1024).toFixed(0)} KiB → ${(after / 1024).toFixed(0)} KiB with brotli`);
