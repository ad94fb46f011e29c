/**
 * Undo/redo history of reversible diffs (doc-ops.ts).
 *
 * - `push(diff)` records a step done by the user and drops the redo stack.
 * - `undo()` answers the inverse diff to apply (and moves the step to redo);
 *   `redo()` answers the original diff to apply again.
 * - A gesture (a drag, a paint stroke, typing into one field) is ONE step:
 *   pushes with the same `mergeKey` directly after each other are merged
 *   into the top step until `seal()` (or any other push/undo/redo).
 * - Selection, tool and view state are never pushed: only document diffs.
 * - `revision` names the current document state (0 = the state the history
 *   started from); `markSaved()` + `isDirty` implement the unsaved marker:
 *   undoing back to the saved state makes the document clean again.
 *
 * Pure TS; never throws.
 */
import { invertDiff, type Diff } from './doc-ops.js';

interface Entry {
  id: number;
  diff: Diff;
  mergeKey: string | undefined;
}

export interface PushOptions {
  /** Consecutive pushes with the same key become one step (drag, paint, typing). */
  mergeKey?: string;
}

export class History {
  private undoStack: Entry[] = [];
  private redoStack: Entry[] = [];
  private nextId = 1;
  private sealed = true;
  private savedRevision = 0;

  constructor(private readonly limit = 500) {}

  /** Records a step. Empty diffs are ignored. */
  push(diff: Diff, opts: PushOptions = {}): void {
    if (diff.ops.length === 0) return;
    this.redoStack = [];
    const top = this.undoStack[this.undoStack.length - 1];
    if (top && !this.sealed && opts.mergeKey !== undefined && top.mergeKey === opts.mergeKey) {
      // Merged steps get a fresh id: the document changed, so the revision must too.
      this.undoStack[this.undoStack.length - 1] = {
        id: this.nextId++,
        diff: { label: top.diff.label, ops: [...top.diff.ops, ...diff.ops] },
        mergeKey: top.mergeKey,
      };
    } else {
      this.undoStack.push({ id: this.nextId++, diff: { label: diff.label, ops: diff.ops.slice() }, mergeKey: opts.mergeKey });
      if (this.undoStack.length > this.limit) this.undoStack.shift();
    }
    this.sealed = opts.mergeKey === undefined;
  }

  /** Ends the current merge group: the next push starts a new step. */
  seal(): void {
    this.sealed = true;
  }

  /** The diff to apply to undo the last step, or undefined when there is none. */
  undo(): Diff | undefined {
    const e = this.undoStack.pop();
    if (!e) return undefined;
    this.redoStack.push(e);
    this.sealed = true;
    return invertDiff(e.diff);
  }

  /** The diff to apply to redo the last undone step, or undefined. */
  redo(): Diff | undefined {
    const e = this.redoStack.pop();
    if (!e) return undefined;
    this.undoStack.push(e);
    this.sealed = true;
    return e.diff;
  }

  get canUndo(): boolean {
    return this.undoStack.length > 0;
  }

  get canRedo(): boolean {
    return this.redoStack.length > 0;
  }

  /** Label of the step `undo()` would undo. */
  get undoLabel(): string | undefined {
    return this.undoStack[this.undoStack.length - 1]?.diff.label;
  }

  /** Label of the step `redo()` would redo. */
  get redoLabel(): string | undefined {
    return this.redoStack[this.redoStack.length - 1]?.diff.label;
  }

  /** Number of undoable steps. */
  get size(): number {
    return this.undoStack.length;
  }

  /** Identifies the current document state (id of the top step, 0 at the start). */
  get revision(): number {
    return this.undoStack[this.undoStack.length - 1]?.id ?? 0;
  }

  /** Remembers the current state as saved. */
  markSaved(): void {
    this.savedRevision = this.revision;
    this.sealed = true;
  }

  /**
   * Remembers an earlier revision as saved (a save that finished after the
   * user kept editing: the file holds the state at `revision`).
   */
  markSavedAt(revision: number): void {
    this.savedRevision = revision;
  }

  /** True when the document differs from the last saved (or opened) state. */
  get isDirty(): boolean {
    return this.revision !== this.savedRevision;
  }

  /** Forgets everything (a new or opened document); the start state counts as saved unless `dirty`. */
  clear(dirty = false): void {
    this.undoStack = [];
    this.redoStack = [];
    this.sealed = true;
    this.savedRevision = dirty ? -1 : 0;
  }
}
