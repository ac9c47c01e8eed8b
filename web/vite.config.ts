import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// In `npm run dev` the API runs on its own port; Vite proxies /api to it so the client uses relative URLs everywhere.
const apiPort = process.env.PORT ?? '8080';

export default defineConfig({
  plugins: [react()],
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 700,
  },
});
