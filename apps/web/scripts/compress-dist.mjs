// Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, once, at the
// highest levels, so the server sends them as they are (@fastify/static `preCompressed`) instead of
// compressing per request. Runs after `vite build` (package.json "build"), when every plugin has
// written its files (index.html, the service worker, the web manifest).
import { readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// An other build directory may be named (`node scripts/compress-dist.mjs /tmp/dist`), for trials.
const dist = process.argv[2] ? resolve(process.argv[2]) : join(import.meta.dirname, '..', 'dist');
const text = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/i;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      // The build manifest is for tools (the size test), never served.
      if (name !== '.vite') yield* files(path);
    } else if (text.test(name)) yield path;
  }
}

let written = 0;
let before = 0;
let after = 0;
for (const path of files(dist)) {
  const body = readFileSync(path);
  const copies = {
    '.br': brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    '.gz': gzipSync(body, { level: constants.Z_BEST_COMPRESSION }),
  };
  for (const [ext, copy] of Object.entries(copies)) {
    // A copy no smaller than the file (tiny files) is left out: the server then sends the file.
    if (copy.length < body.length) {
      writeFileSync(path + ext, copy);
      written++;
    } else {
      try {
        unlinkSync(path + ext);
      } catch {}
    }
  }
  before += body.length;
  after += copies['.br'].length;
}
console.log(
  `compressed ${relative(process.cwd(), dist) || '.'}: ${written} copies, text ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli`,
);
