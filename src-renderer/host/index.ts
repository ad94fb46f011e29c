/**
 * Picks the host adapter:
 * - `window.castellan` (the Electron preload's contextBridge API) when present;
 * - the dev-only mock host when the page URL has `?mockHost` (UI work and
 *   UI-only e2e without a server; loaded lazily, never used otherwise);
 * - else the HTTP client for `castellan serve`.
 */
import type { HostApi } from '../../src-shared/host/contract.js';
import { createHttpHost } from './http-host.js';
import { readToken } from './token.js';

export type HostKind = 'electron' | 'http' | 'mock';

export async function connectHost(): Promise<{ api: HostApi; kind: HostKind }> {
  if (typeof window !== 'undefined' && window.castellan) return { api: window.castellan, kind: 'electron' };
  if (new URLSearchParams(location.search).has('mockHost')) {
    const { createMockHost } = await import('./mock-host.js');
    return { api: createMockHost(), kind: 'mock' };
  }
  return { api: createHttpHost(readToken()), kind: 'http' };
}
