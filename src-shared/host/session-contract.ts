/**
 * Host session methods (issue 9): the native menu, recent files, last
 * session. Every method is optional in `HostApi` (the dev mock host may not
 * implement them).
 *
 * - `menuSet {menus}`: the Electron host builds the native application menu
 *   from it (menu.ts) and answers `native: true`; the serve host answers
 *   `native: false` (the renderer then draws its in-app menu bar).
 *
 * More session methods (recent files, last session, ...) are added here.
 */
import type { HostError } from './contract.js';
import type { MenuSpec } from './menu.js';

export const SESSION_HOST_METHODS = ['menuSet'] as const;
export type SessionHostMethod = (typeof SESSION_HOST_METHODS)[number];

export interface SessionHostRequests {
  menuSet: { menus: MenuSpec[] };
}

export interface SessionHostResponses {
  menuSet: { ok: true; native: boolean } | HostError;
}
