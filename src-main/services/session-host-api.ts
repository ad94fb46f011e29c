/**
 * The host session methods (src-shared/host/session-contract.ts, issue 9).
 * `menuSet` here answers `native: false` (no native menu: the serve host);
 * the Electron adapter overrides it with the native menu builder.
 */
import type { HostResponses, SessionHostMethod } from '../../src-shared/host/contract.js';
import { guard, isHostError, shape } from './host-request.js';
import type { HostContext } from './host-request.js';

/** The session methods (see the file comment). */
export function createSessionHostApi(ctx: HostContext): { [M in SessionHostMethod]: (req: unknown) => Promise<HostResponses[M]> } {
  void ctx;
  return {
    menuSet: guard('menuSet', async (raw) => {
      const req = shape('menuSet', raw, ['menus']);
      if (isHostError(req)) return req;
      if (!Array.isArray(req['menus'])) return { ok: false, code: 'bad-request', message: 'menuSet: "menus" must be an array.' };
      return { ok: true as const, native: false };
    }),
  };
}
