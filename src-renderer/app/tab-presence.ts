/**
 * Which documents other editor tabs of this origin have open (serve: the
 * same host in several tabs), so the recovery dialog does not offer an
 * autosave that another live tab keeps writing (docs/dev/never-lose-work.md
 * "Ignore ids of documents this page itself has open").
 *
 * Over a BroadcastChannel: `ask(ms)` posts `who` and collects the `open`
 * answers of the other tabs for `ms` milliseconds; every page answers with
 * the docId of each document it has open (one per editor tab). Without
 * BroadcastChannel (or on any failure) nobody answers. Never throws.
 */

const CHANNEL = 'castellan.open-documents';

type Message = { type: 'who'; nonce: string } | { type: 'open'; nonce: string; docId: string };

export interface TabPresence {
  /** docIds other tabs report within `ms`. */
  ask(ms?: number): Promise<Set<string>>;
  close(): void;
}

/** Answers `who` with the autosave ids `openDocIds()` names (the page's open documents). */
export function createTabPresence(openDocIds: () => string[]): TabPresence {
  let ch: BroadcastChannel | null = null;
  const waiting = new Map<string, Set<string>>();
  try {
    if (typeof BroadcastChannel !== 'undefined') {
      ch = new BroadcastChannel(CHANNEL);
      ch.onmessage = (ev: MessageEvent<Message>) => {
        const m = ev.data;
        if (!m || typeof m !== 'object') return;
        if (m.type === 'who' && typeof m.nonce === 'string') {
          for (const docId of openDocIds()) ch?.postMessage({ type: 'open', nonce: m.nonce, docId } satisfies Message);
        } else if (m.type === 'open' && typeof m.docId === 'string') waiting.get(m.nonce)?.add(m.docId);
      };
    }
  } catch {
    ch = null;
  }
  return {
    ask(ms = 150) {
      if (!ch) return Promise.resolve(new Set());
      const nonce = Math.random().toString(36).slice(2);
      const got = new Set<string>();
      waiting.set(nonce, got);
      try {
        ch.postMessage({ type: 'who', nonce } satisfies Message);
      } catch {
        waiting.delete(nonce);
        return Promise.resolve(got);
      }
      return new Promise((resolve) =>
        setTimeout(() => {
          waiting.delete(nonce);
          resolve(got);
        }, ms),
      );
    },
    close() {
      try {
        ch?.close();
      } catch {
        /* already closed */
      }
      ch = null;
    },
  };
}
