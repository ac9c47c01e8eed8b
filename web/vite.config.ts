import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { preloadStartChunks } from './build/preload-start-chunks.ts';

// In `npm run dev` the API runs on its own port; Vite proxies /api to it so the client uses relative URLs everywhere.
const apiPort = process.env.PORT ?? '8080';

/** A board widget's own modules: a kind's folder under the monitors' components, but the map monitor's. */
const WIDGET_MODULE = /[\\/]src[\\/]features[\\/]monitors[\\/]components[\\/](?!geo[\\/])[^\\/]+[\\/]/;
/**
 * A kind's data plan (`*-request.ts`, monitor-data.ts) and the modules it runs stay out of the widgets' chunk: the
 * board plans and starts every monitor's data call while that chunk is still loading.
 */
const DATA_PLAN_MODULE = /(?:-request|[\\/]efficiency-rules|[\\/]factory-report)\.ts$/;

export default defineConfig({
  plugins: [
    react(),
    // The signed-in shell and the landing page (the dashboard), with the board's prefetch: every signed-in start needs
    // the shell, and most start on the dashboard (docs/performance.md, page load).
    preloadStartChunks(['src/app/shells/MainShell.tsx', 'src/features/monitors/components/DashboardPage.tsx', 'src/features/monitors/api/board-prefetch.ts']),
  ],
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Only the widgets' own modules go in the group; what they share with the shell stays where it was.
          includeDependenciesRecursively: false,
          groups: [
            // The monitors and summary widgets of a board as one chunk: a board of
            // 15 widgets otherwise fetches some 50 small chunks over a browser's six connections, and its data calls
            // queue behind them (docs/performance.md, 2026-11-27). The map monitor stays apart: Leaflet comes only
            // with it.
            { name: 'mui', test: /[\\/]node_modules[\\/]@mui[\\/]/ },
            { name: 'monitors', test: (id: string) => WIDGET_MODULE.test(id) && !DATA_PLAN_MODULE.test(id) },
          ],
        },
      },
    },
  },
});
