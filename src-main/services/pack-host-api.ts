/**
 * The host pack methods (src-shared/host/pack-contract.ts, issue 5): the
 * editor's pack manager. Placeholder until the pack-manager work fills it in.
 */
import type { HostResponses, PackHostMethod } from '../../src-shared/host/contract.js';
import type { HostContext } from './host-request.js';

/** The pack methods over the pack services (see the file comment). */
export function createPackHostApi(ctx: HostContext): { [M in PackHostMethod]: (req: unknown) => Promise<HostResponses[M]> } {
  void ctx;
  return {};
}
