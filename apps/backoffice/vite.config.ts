import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The staff's back office, served by the API at /backoffice/ (decision 0066). In development the
 * API runs beside it (`npm start`, port 4000; another with BACKOFFICE_API_URL) and every call
 * goes there through the proxy.
 */
const api = process.env.BACKOFFICE_API_URL ?? 'http://127.0.0.1:4000';

export default defineConfig({
  base: '/backoffice/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The page's policy allows scripts of its own origin only: no inline polyfill.
    modulePreload: { polyfill: false },
    // One bundle of React, the router, the query cache and the tables for a tool used all day.
    chunkSizeWarningLimit: 600,
  },
  server: { proxy: { '/api': api } },
  preview: { proxy: { '/api': api } },
});
