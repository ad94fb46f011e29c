/**
 * Host session methods (issue 9): recent files, last session, window state.
 * Filled in by the desktop-app work; every method is optional in `HostApi`.
 */
// import type { HostError } from './contract.js'; when adding methods

export const SESSION_HOST_METHODS = [] as const;
export type SessionHostMethod = (typeof SESSION_HOST_METHODS)[number];

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface SessionHostRequests {}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface SessionHostResponses {}
