import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';

// The svelte plugin compiles `*.svelte.ts` modules (runes) that renderer
// tests import (e.g. the canvas view state pulled in by the controller).
// CASTELLAN_FROM_SOURCE: tests that spawn bin/castellan.mjs run the sources
// (through tsx), never an out/cli build that may be older than them; the built
// command line has its own test (tests/main/cli/built-cli.test.ts).

export default defineConfig({
  plugins: [svelte()],
  test: {
    include: ['tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 30_000,
    pool: 'forks',
    env: { CASTELLAN_FROM_SOURCE: '1' },
  },
});
