import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { bundleStats } from './scripts/bundle-stats.ts';
import { firstLoadChunks } from './scripts/first-load-chunks.ts';
import { precompress } from './scripts/precompress.ts';

// In production the Node server serves dist/; in development Vite proxies the API to `npm run serve`.
export default defineConfig({
  plugins: [react(), firstLoadChunks(), bundleStats(), precompress()],
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 900 },
  server: { proxy: { '/api': 'http://localhost:8080', '/content': 'http://localhost:8080' } },
});
