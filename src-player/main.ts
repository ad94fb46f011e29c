/**
 * The player page's one script (bundled by scripts/build-player.mjs into
 * the page, inline): in the page it starts the player (app.ts); started
 * again as a Web Worker from its own text (a Blob URL, jobs.ts) it serves
 * the engine's replies and the hints instead. A worker has no `document`.
 */
import { startPage } from './app.js';
import { serveJobs } from './jobs.js';

if (typeof document === 'undefined') serveJobs(globalThis as unknown as Parameters<typeof serveJobs>[0]);
else startPage(document);
