/**
 * A reactive stand-in for the application around the solve controller
 * (tests only): the open document as runes state and its level hash, so the
 * controller's derived why and marks follow document changes as in the app.
 */
import type { Level } from '../../../src-shared/model/level.js';
import { safeHash } from '../../../src-renderer/app/solve-controller.svelte.js';

export class ReactiveDoc {
  doc: Level = $state.raw(null as unknown as Level);
  constructor(doc: Level) {
    this.doc = doc;
  }
  get currentHash(): string | null {
    return safeHash(this.doc);
  }
}
