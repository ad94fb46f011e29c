/**
 * Level codes (src-shared/format/level-code.ts, docs/reference/format-contract.md
 * "Level codes"): every sample and Codex blueprint round-trips to the same
 * levelHash; the format is checked against an independent implementation of
 * its specification (Node's zlib raw DEFLATE with the preset dictionary,
 * node:crypto SHA-256, Buffer base64url); broken codes are refused with
 * their error code.
 */
import { createHash } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { canonicalJson, levelHash } from '../../../src-shared/format/level-hash.js';
import { LEVEL_CODE_DICTIONARY_V1 } from '../../../src-shared/format/level-code-dictionary.js';
import {
  base64UrlDecode,
  base64UrlEncode,
  decodeLevelCode,
  encodeLevelCode,
  looksLikeLevelCode,
  MAX_LEVEL_CODE_JSON_BYTES,
} from '../../../src-shared/format/level-code.js';
import type { Level } from '../../../src-shared/model/level.js';
import { sampleLevels } from './level-samples.js';

/** A code made by the specification with Node's own zlib and crypto (an independent writer). */
function nodeCode(json: string, prefix = 'CST1.'): string {
  const deflated = deflateRawSync(Buffer.from(json, 'utf8'), { dictionary: Buffer.from(LEVEL_CODE_DICTIONARY_V1, 'utf8') });
  const check = createHash('sha256')
    .update(Buffer.concat([Buffer.from(prefix, 'ascii'), deflated]))
    .digest()
    .subarray(0, 4);
  return prefix + Buffer.concat([deflated, check]).toString('base64url');
}

/** The JSON a code holds, read by the specification with Node's zlib (an independent reader); throws on a bad checksum. */
function nodeRead(code: string): string {
  const bytes = Buffer.from(code.slice('CST1.'.length), 'base64url');
  const deflated = bytes.subarray(0, bytes.length - 4);
  const check = createHash('sha256')
    .update(Buffer.concat([Buffer.from('CST1.', 'ascii'), deflated]))
    .digest()
    .subarray(0, 4);
  if (!check.equals(bytes.subarray(bytes.length - 4))) throw new Error('checksum');
  return inflateRawSync(deflated, { dictionary: Buffer.from(LEVEL_CODE_DICTIONARY_V1, 'utf8') }).toString('utf8');
}

function codeOf(level: Level): string {
  const c = encodeLevelCode(level);
  if (!c.ok) throw new Error(c.error[0]?.message);
  return c.value;
}

function errorCode(text: string): string | undefined {
  const r = decodeLevelCode(text);
  return r.ok ? undefined : r.error[0]?.code;
}

const first = (): Level => sampleLevels()[0]!.level;

describe('level codes', () => {
  it('base64url matches the RFC 4648 test vectors (section 10, URL alphabet, no padding)', () => {
    const vectors: [string, string][] = [
      ['', ''],
      ['f', 'Zg'],
      ['fo', 'Zm8'],
      ['foo', 'Zm9v'],
      ['foob', 'Zm9vYg'],
      ['fooba', 'Zm9vYmE'],
      ['foobar', 'Zm9vYmFy'],
    ];
    for (const [plain, enc] of vectors) {
      expect(base64UrlEncode(new TextEncoder().encode(plain))).toBe(enc);
      expect(Buffer.from(base64UrlDecode(enc) as Uint8Array).toString('utf8')).toBe(plain);
    }
    // The URL alphabet: 0xfb 0xff -> "-_8" (standard base64 would be "+/8").
    expect(base64UrlEncode(new Uint8Array([0xfb, 0xff]))).toBe('-_8');
  });

  it('every sample level and Codex blueprint round-trips to the same levelHash', () => {
    const all = sampleLevels();
    expect(all.length).toBeGreaterThan(100);
    for (const { file, level } of all) {
      const code = codeOf(level);
      expect(code.startsWith('CST1.'), file).toBe(true);
      expect(/^CST1\.[A-Za-z0-9_-]+$/.test(code), file).toBe(true);
      const back = decodeLevelCode(code);
      expect(back.ok, file).toBe(true);
      if (!back.ok) continue;
      expect(levelHash(back.value), file).toBe(levelHash(level));
      // The metadata travel with it: title, author, description, tags, par and goal.
      expect(back.value.meta, file).toEqual(level.meta);
      expect(back.value.par, file).toBe(level.par);
      expect((back.value as { goal?: unknown }).goal, file).toEqual((level as { goal?: unknown }).goal);
      // The proof does not.
      expect(back.value.solution, file).toBeUndefined();
    }
  });

  it('the code is the specification: Node zlib reads our codes, and we read codes Node zlib writes', () => {
    for (const { file, level } of sampleLevels().slice(0, 20)) {
      const { solution: _s, editor: _e, draft: _d, ...content } = level;
      const json = canonicalJson(content);
      expect(nodeRead(codeOf(level)), file).toBe(json);
      const theirs = decodeLevelCode(nodeCode(json));
      expect(theirs.ok, file).toBe(true);
      if (theirs.ok) expect(levelHash(theirs.value)).toBe(levelHash(level));
    }
  });

  it('carries no solution, editor state or draft flag, and ignores them when a code holds them', () => {
    const level = { ...first(), editor: { notes: 'private' }, draft: true } as Level;
    const json = nodeRead(codeOf(level));
    expect(json).not.toContain('"solution"');
    expect(json).not.toContain('private');
    expect(json).not.toContain('"draft"');
    // A hand-made code with a (forged) proof: the proof is dropped on reading.
    const forged = nodeCode(
      canonicalJson({ ...level, solution: { moves: [], length: 0, optimal: true, states: 0, solver: 'x', levelHash: `sha256:${'0'.repeat(64)}` } }),
    );
    const r = decodeLevelCode(forged);
    expect(r.ok && r.value.solution === undefined && r.value.editor === undefined && r.value.draft === undefined).toBe(true);
  });

  it('keeps unknown top-level fields (they are hashed)', () => {
    const level = { ...first(), 'x-future': { a: [1, 2] } } as unknown as Level;
    const r = decodeLevelCode(codeOf(level));
    expect(r.ok && (r.value as unknown as Record<string, unknown>)['x-future']).toEqual({ a: [1, 2] });
    expect(r.ok && levelHash(r.value)).toBe(levelHash(level));
  });

  it('the same level always gives the same code, whatever the key order of its document', () => {
    const level = first();
    const reordered = Object.fromEntries(Object.entries(level).reverse()) as unknown as Level;
    expect(codeOf(reordered)).toBe(codeOf(level));
  });

  it('whitespace inside a code (a wrapped forum post) is ignored', () => {
    const code = codeOf(first());
    const wrapped = `  ${code.slice(0, 20)}\n${code.slice(20, 50)} \r\n ${code.slice(50)}\n`;
    expect(decodeLevelCode(wrapped).ok).toBe(true);
  });

  it('refuses what is not a whole, unchanged version 1 code, each with its error code', () => {
    const code = codeOf(first());
    expect(errorCode('')).toBe('level-code-empty');
    expect(errorCode('   \n ')).toBe('level-code-empty');
    expect(errorCode('hello')).toBe('level-code-prefix');
    expect(errorCode(`CST2.${code.slice(5)}`)).toBe('level-code-version');
    expect(errorCode(`CST9999.${code.slice(5)}`)).toBe('level-code-version');
    expect(errorCode(`${code.slice(0, 30)}+${code.slice(31)}`)).toBe('level-code-characters');
    expect(errorCode(`${code.slice(0, 30)}é${code.slice(31)}`)).toBe('level-code-characters');
    expect(errorCode('CST1.')).toBe('level-code-truncated');
    expect(errorCode('CST1.AAAA')).toBe('level-code-truncated');
    // One character changed: the checksum tells.
    const k = 40;
    const other = code[k] === 'A' ? 'B' : 'A';
    expect(errorCode(code.slice(0, k) + other + code.slice(k + 1))).toBe('level-code-checksum');
    // Cut short at every length: never a level, never a throw.
    for (let n = 0; n < code.length; n++) {
      const r = decodeLevelCode(code.slice(0, n));
      expect(r.ok, `cut at ${n}`).toBe(false);
    }
    expect(looksLikeLevelCode(code)).toBe(true);
    expect(looksLikeLevelCode('  CST12.x')).toBe(true);
    expect(looksLikeLevelCode('{"format":"castellan.level"}')).toBe(false);
  });

  it('a code whose content is not a level: level-code-not-a-level with the loader issues', () => {
    const r = decodeLevelCode(nodeCode('{"format":"castellan.level","version":1,"ruleset":"unlock-the-king"}'));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error[0]!.code).toBe('level-code-not-a-level');
    expect(r.error.slice(1).some((i) => i.code.startsWith('schema-'))).toBe(true);
    expect(errorCode(nodeCode('not json'))).toBe('level-code-not-a-level');
    expect(errorCode(nodeCode('['.repeat(5000)))).toBe('level-code-not-a-level');
  });

  it('a zip bomb is refused at the bound, quickly (level-code-too-large)', () => {
    // 64 MiB of spaces deflate to ~64 KB: it unpacks past the 1 MiB bound and is stopped there.
    const bomb = deflateRawSync(Buffer.alloc(64 * 1024 * 1024, 0x20), { level: 9, dictionary: Buffer.from(LEVEL_CODE_DICTIONARY_V1, 'utf8') });
    const check = createHash('sha256')
      .update(Buffer.concat([Buffer.from('CST1.'), bomb]))
      .digest()
      .subarray(0, 4);
    const code = 'CST1.' + Buffer.concat([bomb, check]).toString('base64url');
    const t0 = performance.now();
    expect(errorCode(code)).toBe('level-code-too-large');
    // Generous bound (a structural check would need fflate's internals): unbounded inflation takes seconds here.
    expect(performance.now() - t0).toBeLessThan(2000);
  });

  it('a level too large for a code is refused when encoding (level-code-too-large)', () => {
    const big = { ...first(), meta: { title: 't', description: 'x'.repeat(MAX_LEVEL_CODE_JSON_BYTES) } } as Level;
    const r = encodeLevelCode(big);
    expect(r.ok ? 'ok' : r.error[0]!.code).toBe('level-code-too-large');
    expect(errorCode(`CST1.${'A'.repeat(5 * 1024 * 1024)}`)).toBe('level-code-too-large');
  });
});
