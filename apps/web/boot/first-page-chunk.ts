import type { Plugin } from 'vite';

/** The modules the first page runs: the entry's static imports and the home page's. */
const firstPageRoots = [/src[\\/]main\.tsx$/, /src[\\/]pages[\\/]home-page\.tsx$/];

/**
 * Puts every module the home page needs at start into one chunk (beside the framework's). Left to
 * itself the bundler cut them into about 40 small shared chunks: on a phone's HTTP/1.1 connection
 * (six at a time) each one is a round trip queued before the page's API reads and pictures, and 40
 * files compress worse than one. Other pages keep their own lazy chunks, which import from this one.
 */
export function firstPageChunk(): { plugin: Plugin; test: (id: string) => boolean } {
  const members = new Set<string>();
  const plugin: Plugin = {
    name: 'sorte:first-page-chunk',
    apply: 'build',
    buildEnd() {
      members.clear();
      const visit = (id: string) => {
        if (members.has(id)) return;
        members.add(id);
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported);
      };
      for (const id of this.getModuleIds()) if (firstPageRoots.some((root) => root.test(id))) visit(id);
    },
  };
  // The entry module itself stays the entry chunk. The shared package is left to the bundler: its
  // index names every contract, and a module captured here is kept whole even when the page uses
  // none of it (that would bring the schema library back to the first page).
  const test = (id: string) =>
    members.has(id) && !/src[\\/]main\.tsx$|packages[\\/]shared[\\/]|node_modules[\\/]zod[\\/]/.test(id);
  return { plugin, test };
}
