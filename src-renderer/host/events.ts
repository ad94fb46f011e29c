/**
 * The host's push events (src-shared/host/menu.ts `HostEvents`): present in
 * Electron (the preload exposes `window.castellanEvents`), absent in the
 * browser (`castellan serve`, mock host). Never throws.
 */
import type { HostEvents } from '../../src-shared/host/menu.js';

/** The host events, or null when the host has none. */
export function hostEvents(win: unknown = globalThis): HostEvents | null {
  const ev = (win as { castellanEvents?: unknown }).castellanEvents;
  if (!ev || typeof ev !== 'object') return null;
  const e = ev as Partial<HostEvents>;
  return typeof e.onMenuAction === 'function' && typeof e.onOpenFile === 'function' ? (e as HostEvents) : null;
}
