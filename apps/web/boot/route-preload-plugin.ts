import type { Plugin } from 'vite';

/** Page modules whose chunks the boot script in index.html preloads for their paths. */
const routeModules: Record<string, RegExp> = {
  home: /src[\\/]pages[\\/]home-page\.tsx$/,
  gameList: /src[\\/]pages[\\/]game-list-page\.tsx$/,
  promotions: /src[\\/]pages[\\/]promotions-page\.tsx$/,
};
const catalogModule = /locales[\\/]([a-z]+)[\\/](?:common|errors|auth)\.json$/;

type Bundle = Record<string, { type: string; fileName: string; source?: string | Uint8Array }>;

/**
 * The first page's stylesheets go into index.html itself: on a slow phone network each of them
 * was a render-blocking request queued behind the scripts. A disabled link stays for each, which
 * the browser does not fetch but which tells Vite's chunk loader the file is already applied.
 */
function inlineStylesheets(html: string, bundle: Bundle): string {
  const styles: string[] = [];
  const rest = html.replace(
    /\s*<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g,
    (tag, file: string) => {
      const asset = Object.values(bundle).find((item) => item.fileName === file);
      if (!asset || asset.source === undefined) return tag;
      styles.push(typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source));
      return `\n    <link rel="stylesheet" href="/${file}" disabled>`;
    },
  );
  return rest.replace('</head>', `    <style>${styles.join('\n')}</style>\n  </head>`);
}

/**
 * Takes Vite's entry script and its modulepreload links out of the page: the boot script adds them
 * once the HTML shell and its first pictures have painted. Lighthouse's slow-4G simulation (and a
 * phone on such a network) otherwise spends the first ~190 KB of bandwidth on scripts the first
 * paint does not need, ahead of the shell's pictures.
 */
function withoutModuleTags(html: string): { html: string; entry: string | null; modules: string[] } {
  let entry: string | null = null;
  const modules: string[] = [];
  const rest = html
    .replace(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/, (_tag, src: string) => {
      entry = src;
      return '';
    })
    .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_tag, href: string) => {
      modules.push(href);
      return '';
    });
  return { html: rest, entry, modules };
}

type Chunk = {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
  isEntry: boolean;
};

/**
 * Fills the boot script of index.html with the chunks each first page needs (the page's lazy chunk
 * and what it imports, not already preloaded by the entry) and each language's text chunks. The
 * script adds them as modulepreload links for the page being opened, so a phone fetches them with
 * the entry instead of one round trip after another.
 */
export function routePreloadPlugin(): Plugin {
  return {
    name: 'sorte:route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter(
          (item): item is Chunk & typeof item => item.type === 'chunk',
        );
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const entry = chunks.find((chunk) => chunk.isEntry);
        const initial = new Set<string>();
        const collect = (fileName: string, into: Set<string>) => {
          if (into.has(fileName) || initial.has(fileName)) return;
          into.add(fileName);
          for (const imported of byFile.get(fileName)?.imports ?? []) collect(imported, into);
        };
        if (entry) collect(entry.fileName, initial);
        const files = (test: RegExp) => {
          const into = new Set<string>();
          for (const chunk of chunks)
            if (chunk.facadeModuleId && test.test(chunk.facadeModuleId)) collect(chunk.fileName, into);
          return [...into].map((file) => `/${file}`);
        };
        const routes = Object.fromEntries(
          Object.entries(routeModules).map(([name, test]) => [name, files(test)]),
        );
        const languages: Record<string, string[]> = {};
        for (const chunk of chunks) {
          const language = chunk.facadeModuleId?.match(catalogModule)?.[1];
          if (language) languages[language] = [...(languages[language] ?? []), `/${chunk.fileName}`];
        }
        html = inlineStylesheets(html, bundle);
        const started = withoutModuleTags(html);
        const marker = "'__SORTE_PRELOAD__'";
        if (!started.html.includes(marker)) throw new Error('index.html has no boot script to fill');
        if (!started.entry) throw new Error('index.html has no entry script');
        return started.html.replace(
          marker,
          JSON.stringify({ entry: started.entry, modules: started.modules, routes, languages }),
        );
      },
    },
  };
}
