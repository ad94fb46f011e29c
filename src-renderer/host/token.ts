/**
 * The `castellan serve` per-run token: read from `location.hash`
 * (`#token=...`, as printed by the serve command), kept in sessionStorage so
 * a reload of the tab keeps working, and removed from the visible URL.
 */
const KEY = 'castellan.token';

/** Extracts the token from a hash like `#token=abc` (or `#foo=1&token=abc`). */
export function tokenFromHash(hash: string): string | undefined {
  const h = hash.startsWith('#') ? hash.slice(1) : hash;
  const params = new URLSearchParams(h);
  const t = params.get('token');
  return t && /^[A-Za-z0-9_-]+$/.test(t) ? t : undefined;
}

/** The token for this tab: from the hash (stored for reloads), else from sessionStorage. */
export function readToken(loc: Location = location, storage: Storage | undefined = safeSession()): string | undefined {
  const fromHash = tokenFromHash(loc.hash);
  if (fromHash) {
    try {
      storage?.setItem(KEY, fromHash);
      // Keep the token out of the address bar and history.
      history.replaceState(history.state, '', loc.pathname + loc.search);
    } catch {
      /* storage or history unavailable: keep going with the hash token */
    }
    return fromHash;
  }
  try {
    return storage?.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

function safeSession(): Storage | undefined {
  try {
    return sessionStorage;
  } catch {
    return undefined;
  }
}
