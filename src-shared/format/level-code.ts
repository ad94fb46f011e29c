/**
 * Level codes: one level as one short, URL-safe line of text that can be
 * pasted into a chat, a forum or a URL and read back into the same level
 * (the same `levelHash`, format/level-hash.ts). An extension of the file
 * format, specified in docs/reference/format-contract.md "Level codes":
 *
 *     CST1.<base64url(DEFLATE(canonical JSON) || check)>
 *
 * - `CST1.`: the format (Castellan) and its version, 1. A code of another
 *   version is refused with `level-code-version` (made by a newer build).
 * - The JSON is the level document without `solution` (the proof: the
 *   receiver proves it again), `editor` (editor-only state, private notes)
 *   and `draft`; everything else is kept: `format`, `version`, `ruleset`,
 *   `meta` (title, author, description, tags), `par`, the goal and every
 *   unknown top-level field. Keys are sorted (level-hash.ts
 *   `canonicalJson`), so a level always gives the same code.
 * - DEFLATE (RFC 1951, raw, no zlib header) with the preset dictionary
 *   LEVEL_CODE_DICTIONARY_V1 (level-code-dictionary.ts), level 9, by
 *   fflate (a pure-JS DEFLATE, the same in Node and the browser).
 * - `check`: the first 4 bytes of SHA-256 over the ASCII prefix `CST1.`
 *   followed by the DEFLATE bytes (@noble/hashes).
 * - base64url (RFC 4648 section 5) without padding.
 *
 * Bounds: a code is at most MAX_LEVEL_CODE_CHARS characters and its JSON
 * at most MAX_LEVEL_CODE_JSON_BYTES bytes; decompression stops as soon as
 * the output passes that bound, so a hostile code (a "zip bomb") costs at
 * most a few milliseconds. Whitespace inside a code is ignored (a forum
 * may wrap it). Pure; never throws.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { deflateSync, Inflate, strFromU8, strToU8 } from 'fflate';
import type { Level } from '../model/level.js';
import { issue, type Issue, type Result } from '../validation/issue.js';
import { canonicalJson } from './level-hash.js';
import { LEVEL_CODE_DICTIONARY_V1 } from './level-code-dictionary.js';
import { parseLevelText } from './load.js';

/** The code version this build writes and reads. */
export const LEVEL_CODE_VERSION = 1;
/** The prefix of every version 1 code: the format name and its version. */
export const LEVEL_CODE_PREFIX = `CST${LEVEL_CODE_VERSION}.`;
/** Longest code read or written, in characters (whitespace not counted). */
export const MAX_LEVEL_CODE_CHARS = 2 * 1024 * 1024;
/** Largest level JSON a code carries, in UTF-8 bytes (1 MiB). */
export const MAX_LEVEL_CODE_JSON_BYTES = 1024 * 1024;
/** Top-level fields a code leaves out (see the module doc). */
export const LEVEL_CODE_LEFT_OUT = ['solution', 'editor', 'draft'] as const;

/** Bytes of the checksum at the end of the payload. */
const CHECK_BYTES = 4;
/** Compressed bytes fed to the decompressor at a time: each push can write at most ~2 MB. */
const INFLATE_CHUNK = 1024;
const DICTIONARY = strToU8(LEVEL_CODE_DICTIONARY_V1);
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const DECODE = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DECODE[ALPHABET.charCodeAt(i)] = i;
/** `CST<digits>.` at the start of a code. */
const PREFIX_RE = /^CST(\d{1,6})\./;

/** base64url of `bytes`, without padding (RFC 4648 section 5). */
export function base64UrlEncode(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]! + ALPHABET[n & 63]!;
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i]! << 16;
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]!;
  } else if (rest === 2) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]!;
  }
  return out;
}

/**
 * The bytes of base64url text without padding, or the 0-based position of
 * the first character outside the alphabet (`{bad}`), `{truncated}`
 * when the length cannot be base64 (4k + 1 characters), or `{trailing}`
 * when the unused low bits of the last character are not zero (every
 * byte string has one spelling).
 */
export function base64UrlDecode(text: string): Uint8Array | { bad: number } | { truncated: true } | { trailing: true } {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128 || DECODE[c]! < 0) return { bad: i };
  }
  if (text.length % 4 === 1) return { truncated: true };
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let o = 0;
  let acc = 0;
  let bits = 0;
  for (let i = 0; i < text.length; i++) {
    acc = (acc << 6) | DECODE[text.charCodeAt(i)]!;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
    acc &= 0xff;
  }
  // The bits left over in the last character must be zero: a code has one spelling.
  if ((acc & ((1 << bits) - 1)) !== 0) return { trailing: true };
  return out;
}

function fail(code: string, message: string): { ok: false; error: Issue[] } {
  return { ok: false, error: [issue('error', code, message)] };
}

function checkOf(deflated: Uint8Array): Uint8Array {
  const prefix = strToU8(LEVEL_CODE_PREFIX);
  const data = new Uint8Array(prefix.length + deflated.length);
  data.set(prefix, 0);
  data.set(deflated, prefix.length);
  return sha256(data).subarray(0, CHECK_BYTES);
}

/** The level as a code carries it: without LEVEL_CODE_LEFT_OUT. */
export function levelCodeContent(level: Level): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(level as unknown as Record<string, unknown>)) {
    if (!(LEVEL_CODE_LEFT_OUT as readonly string[]).includes(k) && v !== undefined) out[k] = v;
  }
  return out;
}

/**
 * The level code of `level` (see the module doc): `{ok: true, value:
 * "CST1.…"}`, or `level-code-too-large` when its JSON is over
 * MAX_LEVEL_CODE_JSON_BYTES (a very long description), or
 * `level-code-unencodable` when it is not JSON data. Deterministic.
 */
export function encodeLevelCode(level: Level): Result<string, Issue[]> {
  let json: string;
  try {
    json = canonicalJson(levelCodeContent(level));
  } catch (e) {
    return fail('level-code-unencodable', `The level cannot be written as a code: ${e instanceof Error ? e.message : String(e)}`);
  }
  const bytes = strToU8(json);
  if (bytes.length > MAX_LEVEL_CODE_JSON_BYTES) {
    return fail(
      'level-code-too-large',
      `The level is too large for a code (${bytes.length} bytes of JSON, at most ${MAX_LEVEL_CODE_JSON_BYTES}); share its file instead.`,
    );
  }
  const deflated = deflateSync(bytes, { level: 9, dictionary: DICTIONARY });
  const payload = new Uint8Array(deflated.length + CHECK_BYTES);
  payload.set(deflated, 0);
  payload.set(checkOf(deflated), deflated.length);
  return { ok: true, value: LEVEL_CODE_PREFIX + base64UrlEncode(payload) };
}

/** True when `text` (leading whitespace ignored) starts like a level code of any version: `CST<digits>.`. */
export function looksLikeLevelCode(text: string): boolean {
  return PREFIX_RE.test(text.trimStart().slice(0, 16));
}

/** DEFLATE with the v1 dictionary, stopping past `max` output bytes: the bytes, `'large'`, or `'corrupt'` with why. */
function inflateBounded(data: Uint8Array, max: number): Uint8Array | 'large' | { corrupt: string } {
  const parts: Uint8Array[] = [];
  let total = 0;
  let ended = false;
  const inflate = new Inflate({ dictionary: DICTIONARY }, (chunk, final) => {
    parts.push(chunk);
    total += chunk.length;
    if (final) ended = true;
  });
  try {
    for (let at = 0; at < data.length; at += INFLATE_CHUNK) {
      const end = Math.min(data.length, at + INFLATE_CHUNK);
      inflate.push(data.subarray(at, end), end === data.length);
      if (total > max) return 'large';
    }
  } catch (e) {
    return { corrupt: e instanceof Error ? e.message : String(e) };
  }
  if (!ended) return { corrupt: 'the compressed data ends early' };
  const out = new Uint8Array(total);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

/**
 * Reads a level code back into a level (see the module doc). Whitespace
 * anywhere in `text` is ignored. Errors (one Issue, severity error):
 * `level-code-empty`, `level-code-too-large`, `level-code-prefix` (not a
 * code), `level-code-version` (another version), `level-code-characters`
 * (a character outside base64url), `level-code-truncated`,
 * `level-code-checksum` (a character changed or missing),
 * `level-code-corrupt` (the data does not decompress), and, for a code
 * whose content is not a level, `level-code-not-a-level` followed by the
 * loader's issues (format/load.ts: `json-syntax`, `schema-*`, ...). The
 * level comes back without `solution`, `editor` and `draft`.
 */
export function decodeLevelCode(text: string): Result<Level, Issue[]> {
  if (typeof text !== 'string') return fail('level-code-empty', 'A level code is text.');
  if (text.length > 2 * MAX_LEVEL_CODE_CHARS) {
    return fail('level-code-too-large', `The text is ${text.length} characters long; a level code has at most ${MAX_LEVEL_CODE_CHARS}.`);
  }
  const code = text.replace(/\s+/g, '');
  if (code === '') return fail('level-code-empty', 'There is no level code (the text is empty).');
  if (code.length > MAX_LEVEL_CODE_CHARS) {
    return fail('level-code-too-large', `The code is ${code.length} characters long; a level code has at most ${MAX_LEVEL_CODE_CHARS}.`);
  }
  const m = PREFIX_RE.exec(code);
  if (!m) return fail('level-code-prefix', `This is not a level code: a level code starts with ${LEVEL_CODE_PREFIX}`);
  if (Number(m[1]) !== LEVEL_CODE_VERSION) {
    return fail(
      'level-code-version',
      `This is a version ${Number(m[1])} level code; this Castellan reads version ${LEVEL_CODE_VERSION} codes (${LEVEL_CODE_PREFIX}…). A newer Castellan may read it.`,
    );
  }
  const body = code.slice(m[0].length);
  const bytes = base64UrlDecode(body);
  if ('bad' in bytes) {
    const ch = body.charAt(bytes.bad);
    return fail(
      'level-code-characters',
      `The level code has a character that cannot be in a code, ${JSON.stringify(ch)} at position ${m[0].length + bytes.bad + 1}: codes use A-Z a-z 0-9 - and _ only.`,
    );
  }
  if ('trailing' in bytes) {
    return fail('level-code-checksum', 'The level code does not check out: its last character is wrong, or it is cut short (copy all of it again).');
  }
  if ('truncated' in bytes || bytes.length <= CHECK_BYTES)
    return fail('level-code-truncated', 'The level code has a length no code has: a character is missing or extra, or it is cut short (copy all of it again).');
  const deflated = bytes.subarray(0, bytes.length - CHECK_BYTES);
  const check = checkOf(deflated);
  const stored = bytes.subarray(bytes.length - CHECK_BYTES);
  if (check.some((b, i) => b !== stored[i])) {
    return fail('level-code-checksum', 'The level code does not check out: a character is wrong, missing or extra (copy all of it again).');
  }
  const json = inflateBounded(deflated, MAX_LEVEL_CODE_JSON_BYTES);
  if (json === 'large') return fail('level-code-too-large', `The level code unpacks to more than ${MAX_LEVEL_CODE_JSON_BYTES} bytes; it is refused.`);
  if ('corrupt' in json) return fail('level-code-corrupt', `The level code does not unpack: ${json.corrupt}.`);
  const parsed = parseLevelText(strFromU8(json));
  if (!parsed.ok) {
    return {
      ok: false,
      error: [
        issue('error', 'level-code-not-a-level', `The level code does not hold a valid level: ${parsed.error[0]?.message ?? 'schema check failed'}`),
        ...parsed.error,
      ],
    };
  }
  const level = parsed.value as unknown as Record<string, unknown>;
  for (const k of LEVEL_CODE_LEFT_OUT) delete level[k];
  return { ok: true, value: level as unknown as Level };
}
