import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';

// The svelte plugin compiles `*.svelte.ts` modules (runes) that renderer
// tests import (e.g. the canvas view state pulled in by the controller).

export default defineConfig({
  plugins: [svelte()],
  test: {
    include: ['tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 30_000,
    pool: 'forks',
  },
});
