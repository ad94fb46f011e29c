/**
 * HostApi over HTTP for `castellan serve`: `POST /api/<method>` with a JSON
 * body and the per-run token in the `x-castellan-token` header
 * (src-shared/host/contract.ts). Never throws: transport failures become a
 * `HostError` (`io` for network errors, `forbidden` for a missing/rejected
 * token, `internal` for a non-JSON answer).
 *
 * `autosave` requests are sent with `keepalive` (when small enough for the
 * browser's 64 KB keepalive budget), so the autosave fired by `pagehide`
 * still reaches the host while the tab closes.
 */
import { HOST_METHODS, TOKEN_HEADER, type HostApi, type HostError, type HostMethod } from '../../src-shared/host/contract.js';

export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string; keepalive?: boolean },
) => Promise<{
  ok: boolean;
  status: number;
  text(): Promise<string>;
}>;

/** Largest autosave body sent with `keepalive` (characters; the browser budget is 64 KB in flight). */
export const KEEPALIVE_MAX_CHARS = 48 * 1024;

/** How a transport failure's message starts (the host is gone: `castellan serve` stopped, network down); see host/messages.ts `isHostUnreachable`. */
export const UNREACHABLE_PREFIX = 'Cannot reach the Castellan host';

function hostError(code: HostError['code'], message: string): HostError {
  return { ok: false, code, message };
}

/** Calls one method; exported for tests. */
export async function callHttp(fetchFn: FetchLike, base: string, token: string | undefined, method: HostMethod, req: unknown): Promise<unknown> {
  if (!token) {
    return hostError('forbidden', 'No access token: open the exact URL printed by `castellan serve` (it ends in #token=...).');
  }
  let res: Awaited<ReturnType<FetchLike>>;
  const body = JSON.stringify(req ?? {});
  try {
    res = await fetchFn(`${base}/api/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [TOKEN_HEADER]: token },
      body,
      ...(method === 'autosave' && body.length < KEEPALIVE_MAX_CHARS ? { keepalive: true } : {}),
    });
  } catch (e) {
    return hostError('io', `${UNREACHABLE_PREFIX} (${e instanceof Error ? e.message : String(e)}). Is \`castellan serve\` still running?`);
  }
  let text = '';
  try {
    text = await res.text();
  } catch {
    /* empty body */
  }
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    if (res.status === 401 || res.status === 403) return hostError('forbidden', `The host refused the access token (HTTP ${res.status}).`);
    return hostError('internal', `The host answered HTTP ${res.status} without JSON.`);
  }
  if (typeof answer === 'object' && answer !== null && 'ok' in answer) return answer;
  return hostError('internal', `The host answered HTTP ${res.status} with an unexpected body.`);
}

/** A HostApi calling `base` (default: this page's origin) with `token`. */
export function createHttpHost(token: string | undefined, base = '', fetchFn: FetchLike = (u, i) => fetch(u, i)): HostApi {
  const api: Record<string, (req: unknown) => Promise<unknown>> = {};
  for (const m of HOST_METHODS) api[m] = (req: unknown) => callHttp(fetchFn, base, token, m, req);
  return api as unknown as HostApi;
}
