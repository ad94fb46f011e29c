/// <reference types="svelte" />
/// <reference types="vite/client" />
import type { HostApi } from '../src-shared/host/contract.js';

declare global {
  interface Window {
    /** Exposed by the Electron preload (contextBridge); absent in a browser. */
    castellan?: HostApi;
  }
}

export {};
