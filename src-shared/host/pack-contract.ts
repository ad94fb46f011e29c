/**
 * Host pack methods (issue 5): the editor's pack manager. Filled in by the
 * pack-manager work; every method is optional in `HostApi` (the dev mock host
 * may not implement them).
 */
// import type { HostError } from './contract.js'; when adding methods

export const PACK_HOST_METHODS = [] as const;
export type PackHostMethod = (typeof PACK_HOST_METHODS)[number];

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface PackHostRequests {}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface PackHostResponses {}
