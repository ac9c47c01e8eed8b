import { describe, expect, it } from 'vitest';
import type { IndexHtmlTransformContext, IndexHtmlTransformHook } from 'vite';
import { START_CHUNKS_META, preloadStartChunks } from './preload-start-chunks.ts';

type Chunk = { type: 'chunk'; fileName: string; imports: string[]; moduleIds: string[] };
const chunk = (fileName: string, moduleIds: string[], imports: string[] = []): Chunk => ({ type: 'chunk', fileName, imports, moduleIds });

/** Runs the plugin's index.html hook on a bundle of these chunks, the first one the entry. */
function hints(modules: string[], chunks: Chunk[]) {
  const bundle = Object.fromEntries([...chunks.map((c) => [c.fileName, c]), ['assets/style.css', { type: 'asset', fileName: 'assets/style.css' }]]);
  const context = { path: '/index.html', filename: 'index.html', bundle, chunk: chunks[0] } as unknown as IndexHtmlTransformContext;
  const hook = preloadStartChunks(modules).transformIndexHtml as { handler: IndexHtmlTransformHook };
  return hook.handler.call({} as never, '<html></html>', context);
}

describe('preloadStartChunks', () => {
  it('names the chunks of the start modules and what they import, but not what the entry already loads', () => {
    const chunks = [
      chunk('assets/index.js', ['/src/main.tsx'], ['assets/react.js']),
      chunk('assets/react.js', ['/node_modules/react/index.js']),
      chunk('assets/Shell.js', ['/src/app/shells/MainShell.tsx'], ['assets/react.js', 'assets/format.js']),
      chunk('assets/format.js', ['/src/components/dates/format.ts']),
      chunk(
        'assets/Board.js',
        ['/src/features/monitors/components/DashboardPage.tsx', '/src/features/monitors/components/MonitorBoard.tsx'],
        ['assets/format.js'],
      ),
      chunk('assets/Reports.js', ['/src/features/reports/ReportsPage.tsx'], ['assets/format.js']),
    ];
    expect(hints(['src/app/shells/MainShell.tsx', 'src/features/monitors/components/DashboardPage.tsx'], chunks)).toEqual([
      { tag: 'meta', attrs: { name: START_CHUNKS_META, content: '/assets/Shell.js /assets/format.js /assets/Board.js' }, injectTo: 'head-prepend' },
    ]);
  });

  it('fails the build when a start module is in no chunk (renamed or moved)', () => {
    expect(() => hints(['src/app/shells/Gone.tsx'], [chunk('assets/index.js', ['/src/main.tsx'])])).toThrow(/src\/app\/shells\/Gone.tsx/);
  });
});
