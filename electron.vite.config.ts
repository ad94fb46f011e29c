import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

// Build of the Electron shell (main + preload) and the editor (renderer).
// - main: ESM; the solve worker and the PDF worker are entries of their own so they sit next to index.js.
// - preload: CommonJS, one file, because sandboxed preloads cannot be ESM.
// - renderer: the Svelte editor; the same build is served by `castellan serve`.
export default defineConfig({
  main: {
    build: {
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'src-main/electron/main.ts'),
          'solve-worker': resolve(__dirname, 'src-main/services/solve-worker.ts'),
          'pdf-worker': resolve(__dirname, 'src-main/services/pdf-worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      rollupOptions: {
        input: { index: resolve(__dirname, 'src-main/electron/preload.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src-renderer'),
    plugins: [svelte()],
    build: {
      rollupOptions: {
        input: { index: resolve(__dirname, 'src-renderer/index.html') },
      },
    },
    worker: { format: 'es' },
  },
});
