import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The web app is built into dist/web and served by the Hookbay server on the same port.
// In development (npm run dev) Vite proxies API, capture, short links and the socket to the server.
const serverOrigin = `http://127.0.0.1:${process.env.PORT ?? '3000'}`;

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    // Libraries change less often than the app: in chunks of their own they stay cached across
    // releases, and no chunk is large enough to slow the first paint on its own.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
            },
            {
              name: 'bootstrap',
              test: /node_modules[\\/](react-bootstrap|@restart|@popperjs|@react-aria|dom-helpers|react-transition-group|bootstrap)[\\/]/,
            },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': serverOrigin,
      '/webhook/': serverOrigin,
      '/s/': serverOrigin,
      '/healthz': serverOrigin,
      '/socket.io': { target: serverOrigin, ws: true },
    },
  },
});
