/**
 * Host pack methods: the editor's pack manager. Every method is
 * optional in `HostApi` (the dev mock host does not implement them; the
 * editor hides the pack manager then).
 *
 * Paths are host paths like the core methods' (serve: workspace-relative;
 * Electron: absolute, inside a granted root). A pack is a folder holding
 * `pack.json` (path = the folder) or one exported `*.pack.json` file
 * (read-only here: open, verify, export). Level paths in rows are
 * `<pack path>/<entry file>` and can be passed to `open`.
 *
 * - `packList`: pack folders and `*.pack.json` files in the workspace (serve).
 * - `packOpen {path}`: manifest + one row per level with its stored status
 *   (no solving: proved par from a current stored solution, stale, draft,
 *   invalid, par-mismatch, duplicate).
 * - `packCreate {path, title, ruleset}`: a new folder with `pack.json` and
 *   `levels/` (missing parent folders are created; an existing path answers
 *   `conflict`).
 * - `packSave {path, pack, expectedRevision?}`: writes the manifest (order,
 *   tiers, titles) atomically; `conflict` when pack.json changed on disk
 *   since `expectedRevision`. Entries must name files inside the folder.
 * - `packAddLevel {path, source? | document?, tier?, expectedRevision?}`:
 *   copies a level file (`source`, a host path) or a document into
 *   `<pack>/levels/` under a new name and appends it.
 * - `packVerifyStart / packVerifyPoll / packVerifyCancel`: re-proves every
 *   level on the host's worker pool; rows fill in as levels finish.
 * - `packExport {path, out, force?}`: a new folder or a `*.pack.json` file;
 *   refuses stale / draft / invalid levels unless `force`; never overwrites.
 * - `renderLevel {document, out}`: `out` ends in `.svg` or `.png`; never overwrites.
 * - `suggestBlueprint {seed, parMin?, parMax?}`: a generated Unlock the King
 *   blueprint (UK-1 set, proved par in range, default 4..12) as a new
 *   document; reproducible per seed; `limit` when none is found in time.
 */
import type { FileRevision, HostError } from './base.js';
import type { Level, PackFile, Ruleset } from '../model/level.js';

export const PACK_HOST_METHODS = [
  'packList',
  'packOpen',
  'packCreate',
  'packSave',
  'packAddLevel',
  'packVerifyStart',
  'packVerifyPoll',
  'packVerifyCancel',
  'packExport',
  'renderLevel',
  'suggestBlueprint',
] as const;
export type PackHostMethod = (typeof PACK_HOST_METHODS)[number];

/**
 * A level's status in the pack manager. The stored statuses (packOpen) read
 * the file only; `unsolvable` and `limit` come from a verification;
 * `pending`: being verified.
 */
export type PackRowStatus = 'proved' | 'invalid' | 'draft' | 'stale' | 'par-mismatch' | 'duplicate' | 'unsolvable' | 'limit' | 'pending';

/** One level of an open pack. */
export interface PackRow {
  /** 0-based position in the pack. */
  index: number;
  /** The entry's `file` (folder form) or `#n` (single-file form). */
  name: string;
  /** Host path to pass to `open` (folder form only). */
  path?: string;
  title: string;
  tier?: string;
  status: PackRowStatus;
  /** Human-readable detail ("proved par 12", "stale solution ...", the first error). */
  detail: string;
  /** Par: the proved optimum (verify), else the stored solution's length, else the designer's `par`. */
  par?: number;
  /** States explored (verify), else as stored with the solution. */
  states?: number;
  /** Mean legal moves per expanded state (verify, single-player rulesets). */
  branching?: number;
  /** Distinct optimal solutions (verify; capped, see `optimalCapped`). */
  optimalSolutions?: number;
  optimalCapped?: boolean;
  /**
   * Fewest / most tagged moves (Unlock the King: non-king moves) over all
   * optimal solutions (verify, else the stored `solution.metrics`); with
   * `par` and `states` they make the difficulty measure (pack/difficulty.ts).
   */
  taggedMovesMin?: number;
  taggedMovesMax?: number;
  /** 0-based index of the earlier level this one is alike to (symmetry included for UK). */
  duplicateOf?: number;
  /** How it is alike: a symmetry name (UK) or `identical`. */
  duplicateHow?: string;
  /** levelHash of the level (absent when it could not be loaded). */
  levelHash?: string;
  /**
   * What the proof says besides the status (validation/proof-checks.ts
   * `proofWarnings`: RULINGS P-1 `problem-short` / `problem-cooked`, a par
   * above the optimum), from the re-proof (verify) or the current stored
   * proof; absent when none.
   */
  warnings?: { code: string; message: string; squares?: string[]; ruling?: string }[];
}

/** An open pack (the answer of every method that changes one). */
export interface OpenedPack {
  ok: true;
  path: string;
  form: 'folder' | 'file';
  pack: PackFile;
  rows: PackRow[];
  /** Revision of pack.json (or the pack file) as read or written: pass it back as `expectedRevision`. */
  revision: FileRevision;
}

export interface ListedPack {
  path: string;
  title: string;
  ruleset: string;
  form: 'folder' | 'file';
  levels: number;
}

export type PackVerifyPollAnswer = {
  ok: true;
  jobId: string;
  state: 'running' | 'done';
  done: number;
  total: number;
  rows: PackRow[];
  ms: number;
};

export interface PackHostRequests {
  packList: Record<string, never>;
  /** `path` absent: a host with a folder dialog (Electron) asks the user; other hosts answer bad-request. */
  packOpen: { path?: string };
  /** `path` absent: a host with a folder dialog (Electron) asks for the new pack's folder. */
  packCreate: { path?: string; title: string; ruleset: Ruleset };
  packSave: { path: string; pack: PackFile; expectedRevision?: FileRevision };
  packAddLevel: { path: string; source?: string; document?: Level; tier?: string; expectedRevision?: FileRevision };
  packVerifyStart: { path: string; maxStates?: number; timeMs?: number };
  packVerifyPoll: { jobId: string };
  packVerifyCancel: { jobId: string };
  packExport: { path: string; out: string; force?: boolean };
  renderLevel: { document: Level; out: string };
  suggestBlueprint: { seed: number; parMin?: number; parMax?: number };
}

export interface PackHostResponses {
  packList: { ok: true; packs: ListedPack[] } | HostError;
  packOpen: OpenedPack | HostError;
  packCreate: OpenedPack | HostError;
  packSave: OpenedPack | HostError;
  packAddLevel: (OpenedPack & { added: string }) | HostError;
  packVerifyStart: { ok: true; jobId: string; total: number } | HostError;
  packVerifyPoll: PackVerifyPollAnswer | HostError;
  packVerifyCancel: { ok: true; jobId: string; cancelled: boolean } | HostError;
  /** `warnings`: levels exported anyway (force). */
  packExport: { ok: true; out: string; files: number; levels: number; warnings: string[] } | HostError;
  renderLevel: { ok: true; out: string; bytes: number } | HostError;
  suggestBlueprint: { ok: true; document: Level; par: number; states: number; seed: number } | HostError;
}
