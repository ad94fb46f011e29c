/**
 * The editing module of the test ruleset Crates (tests/shared/rulesets/
 * extra-ruleset.ts) for the e2e build: the select and erase tools, a crate
 * tool (click a square: a crate there, or none when it has one) and the
 * pusher; moves and resize through its fields. No components of its own.
 */
import type { Tx } from '../../../src-renderer/editor/doc-ops.js';
import { eraseTool, selectTool, squareOnBoard, type RulesetUi, type ToolDef } from '../../../src-renderer/rulesets/ruleset-ui.js';
import { crates, type CratesLevel } from '../../shared/rulesets/extra-ruleset.js';

function toggleCrate(tx: Tx<CratesLevel>, sq: string): void {
  const at = tx.doc.crates.indexOf(sq);
  if (at >= 0) tx.remove(['crates', at]);
  else if (tx.doc.pusher?.square !== sq) tx.insert(['crates', tx.doc.crates.length], sq);
}

const crateTool: ToolDef<CratesLevel> = {
  id: 'crate',
  key: 'C',
  label: 'Crate',
  group: 'Terrain',
  hint: () => 'Crate: click a square to put or take a crate',
  apply(ctx, at) {
    ctx.edit('Crate', (tx) => toggleCrate(tx, at));
  },
};

const pusherTool: ToolDef<CratesLevel> = {
  id: 'pusher',
  key: 'U',
  label: 'Pusher',
  group: 'Pieces',
  hint: () => 'Pusher: click a square',
  apply(ctx, at) {
    ctx.edit('Place pusher', (tx) => tx.set(['pusher'], { square: at }));
  },
};

export const cratesUi: RulesetUi<CratesLevel> = {
  def: crates,
  tools: [
    selectTool(),
    eraseTool((tx, sq) => {
      const at = tx.doc.crates.indexOf(sq);
      if (at >= 0) tx.remove(['crates', at]);
      return { changed: at >= 0 ? [sq] : [], skipped: [] };
    }),
    crateTool,
    pusherTool,
  ],
  actions: [],
  placement: {},
  topItem: (l, sq) => (l.pusher?.square === sq ? 'pusher' : l.crates.includes(sq) ? 'crate' : null),
  moveItem(tx, from, to, item) {
    if (tx.doc.crates.includes(to) || tx.doc.pusher?.square === to) return { ok: false, refused: `${to} is occupied` };
    if (item === 'pusher' && tx.doc.pusher?.square === from) {
      tx.set(['pusher'], { square: to });
      return { ok: true };
    }
    if (item === 'crate' && tx.doc.crates.includes(from)) {
      tx.set(['crates', tx.doc.crates.indexOf(from)], to);
      return { ok: true };
    }
    return { ok: false };
  },
  eraseTop: (tx, sq) => {
    const at = tx.doc.crates.indexOf(sq);
    if (at >= 0) tx.remove(['crates', at]);
  },
  resize: {
    loss: (l, w, h) => l.crates.filter((c) => !squareOnBoard(c, w, h)).map((c) => `crate on ${c}`),
    apply(tx, w, h) {
      tx.set(
        ['crates'],
        tx.doc.crates.filter((c) => squareOnBoard(c, w, h)),
      );
      tx.set(['board'], { width: w, height: h });
    },
  },
  components: {},
};
