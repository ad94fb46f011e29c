/**
 * The host session methods (src-shared/host/session-contract.ts, issue 9):
 * recent files, last session. Placeholder until the desktop-app work fills it in.
 */
import type { HostResponses, SessionHostMethod } from '../../src-shared/host/contract.js';
import type { HostContext } from './host-request.js';

/** The session methods (see the file comment). */
export function createSessionHostApi(ctx: HostContext): { [M in SessionHostMethod]: (req: unknown) => Promise<HostResponses[M]> } {
  void ctx;
  return {};
}
