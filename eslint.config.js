// ESLint (flat config): JavaScript, TypeScript (typescript-eslint) and Svelte 5 components
// (eslint-plugin-svelte). Formatting is prettier's job (.prettierrc.json).
// Most rules are syntax-only; two type-aware rules (promises that are neither awaited nor handled,
// promises passed where a plain function is expected) run on the sources the tsconfigs cover, with
// one TypeScript program per tsconfig (`parserOptions.project`: about 1 min of ESLint on 2 cores, where
// the project service, `projectService: true`, took about 3 min, updating programs file by file).
import { readFileSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import svelte from 'eslint-plugin-svelte';
import tseslint from 'typescript-eslint';
import svelteConfig from './svelte.config.mjs';

/** The TypeScript projects: the references of tsconfig.json (one program each for the type-aware rules). */
const tsProjects = JSON.parse(readFileSync(new URL('./tsconfig.json', import.meta.url), 'utf8')).references.map((r) => r.path);

export default tseslint.config(
  {
    ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', '**/generated/**', 'docs/**', 'resources/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // Unused values are errors, except deliberate `_name` placeholders (destructuring that drops a field).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-constant-condition': ['error', { checkLoops: false }],
      eqeqeq: ['error', 'always'],
      // `let x = fallback; try { x = read() } catch {}` is the house pattern for optional reads; the rule flags the fallback.
      'no-useless-assignment': 'off',
      // Getter objects built in a method capture the instance as `self` / `app` (narrow contexts handed to tools and actions).
      '@typescript-eslint/no-this-alias': ['error', { allowedNames: ['self', 'app'] }],
    },
  },
  {
    // Type-aware: the files of the TypeScript projects (tsconfig.json references them); a file in none is an error.
    files: ['src-*/**/*.{ts,svelte}', 'tests/**/*.ts', 'bench/**/*.ts', '*.config.{ts,mts}'],
    languageOptions: {
      parserOptions: {
        project: tsProjects,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.svelte'], svelteConfig } },
    rules: {
      // Local Maps / Sets built inside $derived computations are temporaries, not state: reactive state is
      // replaced whole ($state.raw snapshots), so the Svelte collection wrappers would only add overhead.
      'svelte/prefer-svelte-reactivity': 'off',
    },
  },
);
