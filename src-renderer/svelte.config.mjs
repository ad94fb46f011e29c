// The renderer's Vite root is src-renderer/, where vite-plugin-svelte looks for
// its config: use the project's one.
export { default } from '../svelte.config.mjs';
