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
 *   tiers, titles) as a save: under pack.json's cross-process lock, after
 *   the revision check (`conflict` when pack.json changed on disk since
 *   `expectedRevision`), keeping the replaced manifest as a backup, with a
 *   verified write and read-back. Entries must name files inside the folder.
 * - `packAddLevel {path, source? | document?, tier?, expectedRevision?}`:
 *   copies a level file (`source`, a host path) or a document into
 *   `<pack>/levels/` under a new name, claimed exclusively (two adders never
 *   get one name), and appends it, all under pack.json's lock.
 * - `packBackupList {path}`: the backups of a pack folder's pack.json (the
 *   manifests its writes replaced), newest first.
 * - `packBackupOpen {path, id}`: one of them as a manifest, with the
 *   current pack.json's `revision` (null: missing). Restoring =
 *   `packSave {path, pack, expectedRevision: revision}` (which keeps the
 *   manifest it replaces as a backup in turn).
 * - `packVerifyStart {path, maxStates?, timeMs?, levels?}` / `packVerifyPoll`
 *   / `packVerifyCancel`: re-proves every level (or only the 0-based pack
 *   positions in `levels`, distinct, each below the pack's length: the
 *   pack manager's "Re-verify the limits with a longer cap") on the host's
 *   worker pool; rows fill in as levels finish. The caps apply to each
 *   level and count from the start of its own solve, never the time it
 *   waited for a worker: `timeMs` 1..600000 ms (default 60000),
 *   `maxStates` 1..100000000 (default the host's save cap); both answers
 *   say the caps in use.
 * - `packExport {path, out, force?, solutions?}`: the name of `out` chooses
 *   the form: a name without an extension a new folder, `*.pack.json` one
 *   file with the levels embedded, `*.pdf` the printable PDF, `*.html` one
 *   self-contained web page that plays the pack (`solutions: false` leaves
 *   the stored solutions out of it: no "Show solution"); any other
 *   extension answers `bad-request`. Refuses stale / draft / invalid levels unless `force`;
 *   never overwrites (`conflict`); all-or-nothing (nothing appears under
 *   `out` unless the whole export was written and checked); `files` counts
 *   the files placed (a PDF or a pack file: 1).
 * - `renderLevel {document, out}`: `out` ends in `.svg` or `.png`; never
 *   overwrites; written like an export. Both answer `io` with `reason`
 *   (`disk-full`, `read-only`) and the cause on a failed write, `forbidden`
 *   when a folder on the way became a link while writing.
 * - `suggestBlueprint {seed, parMin?, parMax?}`: a generated Unlock the King
 *   blueprint (UK-1 set, proved par in range, default 4..12) as a new
 *   document; reproducible per seed; `limit` when none is found in time.
 */
import type { Issue } from '../validation/issue.js';
import type { BackupItem, FileRevision, HostError } from './base.js';
import type { Level, PackFile, Ruleset } from '../model/level.js';
import { MAX_PACK_LEVELS } from '../format/limits.js';
import { BOOLEAN, FILE_REVISION, HOST_PATH, integer, NON_EMPTY_STRING, OMITTABLE_EMPTY_REQUEST, type RequestSchemas } from './request-schema.js';

export const PACK_HOST_METHODS = [
  'packList',
  'packOpen',
  'packCreate',
  'packSave',
  'packAddLevel',
  'packBackupList',
  'packBackupOpen',
  'packVerifyStart',
  'packVerifyPoll',
  'packVerifyCancel',
  'packExport',
  'renderLevel',
  'suggestBlueprint',
] as const;
export type PackHostMethod = (typeof PACK_HOST_METHODS)[number];

/** Largest per-level time cap a verify request may ask for, ms. */
export const PACK_VERIFY_MAX_TIME_MS = 10 * 60_000;
/** Largest per-level state cap a verify request may ask for. */
export const PACK_VERIFY_MAX_STATES = 100_000_000;

/** A request naming one pack (`path`) and nothing else. */
const PACK_PATH_REQUEST = { type: 'object', properties: { path: HOST_PATH }, required: ['path'], additionalProperties: false } as const;
/** A request naming one verify job. */
const JOB_REQUEST = { type: 'object', properties: { jobId: NON_EMPTY_STRING }, required: ['jobId'], additionalProperties: false } as const;
/** A pack's manifest or a level document: any value; the pack / level schema checks it after (`invalid`). */
const CHECKED_LATER = { description: 'Checked against the pack or level schema after the request check (`invalid`).' } as const;

/**
 * The requests of the pack methods (`PackHostRequests`), as JSON schemas
 * (request-schema.ts). Checked by code after them: a missing `path` of
 * packOpen / packCreate (a dialog, or `bad-request`), the ruleset id, the
 * manifest and documents, `levels` against the pack's length, the par range.
 */
export const PACK_REQUEST_SCHEMAS = {
  packList: OMITTABLE_EMPTY_REQUEST,
  packOpen: { type: 'object', properties: { path: HOST_PATH }, additionalProperties: false },
  packCreate: {
    type: 'object',
    properties: { path: HOST_PATH, title: { type: 'string', minLength: 1, maxLength: 200 }, ruleset: { type: 'string' } },
    required: ['title', 'ruleset'],
    additionalProperties: false,
  },
  packSave: {
    type: 'object',
    properties: { path: HOST_PATH, pack: CHECKED_LATER, expectedRevision: FILE_REVISION },
    required: ['path', 'pack'],
    additionalProperties: false,
  },
  packAddLevel: {
    type: 'object',
    properties: {
      path: HOST_PATH,
      source: HOST_PATH,
      document: CHECKED_LATER,
      tier: { type: 'string', minLength: 1, maxLength: 60 },
      expectedRevision: FILE_REVISION,
    },
    required: ['path'],
    additionalProperties: false,
  },
  packBackupList: PACK_PATH_REQUEST,
  packBackupOpen: { type: 'object', properties: { path: HOST_PATH, id: NON_EMPTY_STRING }, required: ['path', 'id'], additionalProperties: false },
  packVerifyStart: {
    type: 'object',
    properties: {
      path: HOST_PATH,
      maxStates: integer(1, PACK_VERIFY_MAX_STATES),
      timeMs: integer(1, PACK_VERIFY_MAX_TIME_MS),
      levels: {
        type: 'array',
        minItems: 1,
        maxItems: MAX_PACK_LEVELS,
        items: { type: 'integer', minimum: 0, message: '{field} must be a level position (a whole number from 0).' },
        message: `{field} must be a non-empty array of at most ${MAX_PACK_LEVELS} level positions.`,
      },
    },
    required: ['path'],
    additionalProperties: false,
  },
  packVerifyPoll: JOB_REQUEST,
  packVerifyCancel: JOB_REQUEST,
  packExport: {
    type: 'object',
    properties: { path: HOST_PATH, out: HOST_PATH, force: BOOLEAN, solutions: BOOLEAN },
    required: ['path', 'out'],
    additionalProperties: false,
  },
  renderLevel: { type: 'object', properties: { document: CHECKED_LATER, out: HOST_PATH }, required: ['document', 'out'], additionalProperties: false },
  suggestBlueprint: {
    type: 'object',
    properties: {
      seed: { ...integer(0, 0xffffffff), missingMessage: '{field} (an integer from 0 to 4294967295) is required.' },
      parMin: integer(1, 60),
      parMax: integer(1, 60),
    },
    required: ['seed'],
    additionalProperties: false,
  },
} as const satisfies RequestSchemas<PackHostMethod>;

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
   * What the proof says besides the status (rulesets/proof-checks.ts
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
  /** Warnings of a manifest write (`backup-failed`: written, but the replaced manifest could not be kept). */
  issues?: Issue[];
}

export interface ListedPack {
  path: string;
  title: string;
  ruleset: string;
  form: 'folder' | 'file';
  levels: number;
}

/** The caps of every level's solve in a verify job (each counted from the start of that level's own solve). */
export interface PackVerifyCaps {
  /** Wall-clock cap per level, ms. */
  timeMs: number;
  /** State cap per level. */
  maxStates: number;
}

export type PackVerifyPollAnswer = PackVerifyCaps & {
  ok: true;
  jobId: string;
  state: 'running' | 'done';
  done: number;
  /** Levels in the job (the pack's, or those named by `levels`). */
  total: number;
  /** One row per level of the job, in the job's order; `index` is the pack position. */
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
  packBackupList: { path: string };
  packBackupOpen: { path: string; id: string };
  /** `levels`: 0-based pack positions to verify (distinct, each below the pack's length); absent: every level. */
  packVerifyStart: { path: string; maxStates?: number; timeMs?: number; levels?: number[] };
  packVerifyPoll: { jobId: string };
  packVerifyCancel: { jobId: string };
  /** `solutions`: the web page (`*.html`) offers "Show solution" (default true); other forms ignore it. */
  packExport: { path: string; out: string; force?: boolean; solutions?: boolean };
  renderLevel: { document: Level; out: string };
  suggestBlueprint: { seed: number; parMin?: number; parMax?: number };
}

export interface PackHostResponses {
  packList: { ok: true; packs: ListedPack[] } | HostError;
  packOpen: OpenedPack | HostError;
  packCreate: OpenedPack | HostError;
  packSave: OpenedPack | HostError;
  packAddLevel: (OpenedPack & { added: string }) | HostError;
  packBackupList: { ok: true; path: string; backups: BackupItem[] } | HostError;
  /** `revision`: pack.json's current revision (null: missing), the `expectedRevision` of a restoring packSave. */
  packBackupOpen: { ok: true; path: string; pack: PackFile; backup: BackupItem; revision: FileRevision | null } | HostError;
  packVerifyStart: ({ ok: true; jobId: string; total: number } & PackVerifyCaps) | HostError;
  packVerifyPoll: PackVerifyPollAnswer | HostError;
  packVerifyCancel: { ok: true; jobId: string; cancelled: boolean } | HostError;
  /** `warnings`: levels exported anyway (force). */
  packExport: { ok: true; out: string; files: number; levels: number; warnings: string[] } | HostError;
  renderLevel: { ok: true; out: string; bytes: number } | HostError;
  suggestBlueprint: { ok: true; document: Level; par: number; states: number; seed: number } | HostError;
}
