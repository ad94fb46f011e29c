/**
 * The renderer's one Web Worker: runs one job of the job protocol
 * (job-protocol.ts: a solve or an engine move) off the UI thread through
 * `handleJob` (job-handler.ts). One job per worker; the client
 * (job-runner.ts) terminates the worker to cancel.
 */
import { handleJob } from './job-handler.js';
import type { Job, JobMessage } from './job-protocol.js';

const post = (m: JobMessage): void => (self as unknown as { postMessage(m: JobMessage): void }).postMessage(m);

self.onmessage = (ev: MessageEvent<Job>) => handleJob(ev.data, post);
