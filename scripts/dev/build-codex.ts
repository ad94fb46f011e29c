/**
 * Dev tool: assembles the Citadel Codex (resources/packs/citadel-codex/)
 * from generator output (JSON lines `{par, states, level}` written by
 * generateUkLevels callbacks). Keeps 8x8 blueprints without rules issues
 * (UK-1: buildable with one physical set), drops duplicates under the 8
 * board symmetries, picks 50 spread over the par values (round robin from
 * the longest par down, most states first), orders them by rising difficulty
 * (par, then states explored), numbers them and assigns the UK-9 tiers.
 * Files are written unproved; then run
 *   castellan prove resources/packs/citadel-codex/levels/*.level.json
 *   castellan pack verify resources/packs/citadel-codex
 *
 *   npx tsx scripts/dev/build-codex.ts OUT_DIR candidates.jsonl...
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serializeLevel, serializePack } from '../../src-shared/format/serialize.js';
import type { PackFile, UnlockTheKingLevel } from '../../src-shared/model/level.js';
import { SYMMETRIES, canonicalKey, transformLevel } from '../../src-shared/rulesets/unlock-the-king/symmetry.js';
import { codexTier } from '../../src-shared/pack/status.js';
import { solveLevel, validateRules } from '../../src-shared/rulesets/index.js';

const [outDir, ...inputs] = process.argv.slice(2);
if (!outDir || inputs.length === 0) throw new Error('usage: build-codex.ts OUT_DIR candidates.jsonl...');
if (existsSync(join(outDir, 'pack.json'))) throw new Error(`${outDir}/pack.json exists; not overwriting`);
type Cand = { par: number; states: number; level: UnlockTheKingLevel };
const seen = new Set<string>();
const cands: Cand[] = [];
for (const f of inputs) {
  for (const line of readFileSync(f, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const c = JSON.parse(line) as Cand;
    if (c.level.board.width !== 8 || c.level.board.height !== 8) continue;
    if (validateRules(c.level).length > 0) continue;
    const k = canonicalKey(c.level);
    if (seen.has(k)) continue;
    seen.add(k);
    cands.push(c);
  }
}
const byPar = new Map<number, Cand[]>();
for (const c of cands) byPar.set(c.par, [...(byPar.get(c.par) ?? []), c]);
for (const list of byPar.values()) list.sort((a, b) => b.states - a.states);
const pars = [...byPar.keys()].sort((a, b) => b - a);
const MIN_DIFF = Number(process.env.MIN_DIFF ?? 4);
const items = (l: UnlockTheKingLevel): Set<string> =>
  new Set([`P${l.portal}`, ...(l.walls ?? []).map((w) => `W${w}`), ...l.pieces.map((p) => `${p.role}@${p.square}:${p.facing ?? ''}${p.lateral ? '+' : ''}`)]);
/** Placements (pieces, walls, portal) in one blueprint and not the other, over the 8 symmetries (least). */
function difference(a: UnlockTheKingLevel, b: UnlockTheKingLevel): number {
  const ia = items(a);
  let best = Infinity;
  for (const s of SYMMETRIES) {
    const ib = items(transformLevel(b, s));
    let d = 0;
    for (const x of ia) if (!ib.has(x)) d++;
    for (const x of ib) if (!ia.has(x)) d++;
    best = Math.min(best, d);
  }
  return best;
}
const chosen: Cand[] = [];
while (chosen.length < 50 && pars.some((p) => byPar.get(p)!.length > 0)) {
  for (const p of pars) {
    const list = byPar.get(p)!;
    // Variety: skip near copies (fewer than MIN_DIFF placements differ from a chosen blueprint).
    let next: Cand | undefined;
    while ((next = list.shift()) && chosen.some((c) => difference(c.level, next!.level) < MIN_DIFF));
    if (next && chosen.length < 50) chosen.push(next);
  }
}
// Re-solve for the states explored as the prover reports them (the generator's figure may come from a capped run).
for (const c of chosen) {
  const r = solveLevel(c.level);
  if (r.status !== 'solved') throw new Error('candidate no longer solves');
  c.par = r.length;
  c.states = r.states;
}
chosen.sort((a, b) => a.par - b.par || a.states - b.states);
mkdirSync(join(outDir, 'levels'), { recursive: true });
const entries: PackFile['levels'] = [];
chosen.forEach((c, i) => {
  const n = i + 1;
  const level: UnlockTheKingLevel = {
    ...c.level,
    meta: { title: `Blueprint ${n}`, author: 'Castellan generator', tags: [codexTier(n).toLowerCase()] },
  };
  delete level.solution;
  level.pieces = level.pieces.map((p, k) => ({ ...p, color: k === 0 ? 'ivory' : p.color }));
  const file = `levels/${String(n).padStart(2, '0')}-blueprint.level.json`;
  writeFileSync(join(outDir, file), serializeLevel(level));
  entries.push({ file, tier: codexTier(n) });
});
const pack: PackFile = { format: 'castellan.pack', version: 1, title: 'The Citadel Codex', ruleset: 'unlock-the-king', author: 'Castellan', levels: entries };
writeFileSync(join(outDir, 'pack.json'), serializePack(pack));
console.log(`${cands.length} distinct candidates; wrote ${chosen.length}: pars ${chosen.map((c) => c.par).join(' ')}`);
