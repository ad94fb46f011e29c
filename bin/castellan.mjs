#!/usr/bin/env node
// The `castellan` command: registers tsx (TypeScript from source) and runs
// src-main/cli/main.ts. See `castellan --help`.
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('../src-main/cli/main.ts');
process.exitCode = await runCli(process.argv.slice(2));
