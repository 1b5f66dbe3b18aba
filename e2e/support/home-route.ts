import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};

export type RouteChunk = { file: string; bytes: number; gzip: number };

/**
 * The JavaScript a visitor's phone downloads to show the home page: the entry and everything it
 * imports statically, the home page's lazy chunk with its imports, and the English texts (the
 * catalogs the first paint waits for). Read from the build manifest (vite `build.manifest`).
 */
export function homeRouteChunks(distDir: string): RouteChunk[] {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('the build manifest has no entry');
  visit(entry);
  const lazy = Object.keys(manifest).filter(
    (key) => key.endsWith('src/pages/home-page.tsx') || /locales\/en\/(common|errors|auth)\.json$/.test(key),
  );
  if (!lazy.some((key) => key.endsWith('home-page.tsx'))) throw new Error('no home page chunk');
  for (const key of lazy) visit(key);
  return [...seen]
    .map((key) => manifest[key]?.file ?? '')
    .filter((file) => file.endsWith('.js'))
    .map((file) => {
      const body = readFileSync(join(distDir, file));
      return { file, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length };
    })
    .sort((a, b) => b.gzip - a.gzip);
}
