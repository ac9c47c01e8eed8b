import type { Plugin } from 'vite';

/** The meta tag that lists the start chunks; the page's start-up script (web/public/early-requests.js) reads it. */
export const START_CHUNKS_META = 'gearwatch-start-chunks';

/**
 * The application's routes are lazy: without a hint the browser learns of the signed-in shell's and the landing
 * page's chunks only once the entry has loaded and run, and fetches them then, a second wave of requests. This names
 * those chunks (and the chunks they import) in a meta tag of index.html; the page's start-up script preloads them
 * beside the entry when a session is stored, and a signed-out visitor's sign-in page does not pay for them (issue
 * 35: the first page's budget). `modules` name the start modules by the end of their path (a build only: `npm run
 * dev` serves modules, not chunks).
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
        const hrefs = [...wanted].filter((fileName) => !hinted.has(fileName)).map((fileName) => `${base}${fileName}`);
        // Before the start-up script, which reads it while the page is parsed.
        return [{ tag: 'meta', attrs: { name: START_CHUNKS_META, content: hrefs.join(' ') }, injectTo: 'head-prepend' as const }];
      },
    },
  };
}
