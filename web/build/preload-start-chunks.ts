import type { Plugin } from 'vite';

/**
 * The application's routes are lazy: without a hint the browser learns of the signed-in shell's and the landing
 * page's chunks only once the entry has loaded and run, and fetches them then, a second wave of requests. This puts a
 * `modulepreload` link for each of those chunks (and the chunks they import) in index.html, so they load beside the
 * entry. `modules` name the start modules by the end of their path; the chunk that holds each is hinted (a build
 * only: `npm run dev` serves modules, not chunks).
 */
export function preloadStartChunks(modules: readonly string[]): Plugin {
  let base = '/';
  return {
    name: 'gearwatch:preload-start-chunks',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle;
        const entry = context.chunk;
        if (!bundle || !entry) return [];
        const chunks = new Map(Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [[output.fileName, output] as const] : [])));
        const withImports = (fileName: string, into: Set<string>): Set<string> => {
          if (into.has(fileName)) return into;
          into.add(fileName);
          for (const imported of chunks.get(fileName)?.imports ?? []) withImports(imported, into);
          return into;
        };
        // What the entry already imports, Vite hints itself.
        const hinted = withImports(entry.fileName, new Set());
        const wanted = new Set<string>();
        for (const module of modules) {
          const chunk = [...chunks.values()].find((candidate) => candidate.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith(module)));
          if (!chunk) throw new Error(`preloadStartChunks: no chunk is built from ${module}`);
          withImports(chunk.fileName, wanted);
        }
        return [...wanted]
          .filter((fileName) => !hinted.has(fileName))
          .map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${fileName}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}
