/**
 * One Content-Security-Policy everywhere: the Electron session header
 * (security.ts), the serve host header (serve/server.ts) and the meta tag of
 * the editor's HTML (source, and the built copy when present) must state the
 * same directives. `frame-ancestors` is the one exception: browsers ignore
 * it in a meta tag (CSP3 §6.1: not supported in <meta>), so only the headers
 * carry it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../../src-main/electron/security.js';
import { CONTENT_SECURITY_POLICY as SERVE_CSP } from '../../../src-main/serve/server.js';

/** Directive name -> sorted source list. */
function directives(policy: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const tokens = part.trim().split(/\s+/).filter(Boolean);
    if (tokens.length === 0) continue;
    const [name, ...sources] = tokens;
    expect(out.has(name!.toLowerCase()), `directive ${name} appears twice`).toBe(false);
    out.set(name!.toLowerCase(), sources.sort());
  }
  return out;
}

/** The content of every `<meta http-equiv="Content-Security-Policy">` in `html`. */
function metaPolicies(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<meta\b[^>]*>/gis)) {
    const tag = m[0];
    if (!/http-equiv\s*=\s*["']content-security-policy["']/i.test(tag)) continue;
    const c = /content\s*=\s*"([^"]*)"|content\s*=\s*'([^']*)'/is.exec(tag);
    out.push((c?.[1] ?? c?.[2] ?? '').replace(/\s+/g, ' ').trim());
  }
  return out;
}

const headerPolicy = directives(CONTENT_SECURITY_POLICY);
const metaExpected = new Map([...headerPolicy].filter(([name]) => name !== 'frame-ancestors'));

const pages: [string, URL][] = [
  ['src-renderer/index.html', new URL('../../../src-renderer/index.html', import.meta.url)],
  ['out/renderer/index.html (build)', new URL('../../../out/renderer/index.html', import.meta.url)],
];

describe('Content-Security-Policy', () => {
  it('the serve host sends exactly the Electron policy', () => {
    expect(SERVE_CSP).toBe(CONTENT_SECURITY_POLICY);
  });

  it('the policy is strict: no eval, no inline script, no remote hosts, no plugins, no framing', () => {
    expect(headerPolicy.get('script-src')).toEqual(["'self'"]);
    expect(headerPolicy.get('default-src')).toEqual(["'self'"]);
    expect(headerPolicy.get('object-src')).toEqual(["'none'"]);
    expect(headerPolicy.get('base-uri')).toEqual(["'none'"]);
    expect(headerPolicy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|https?:|\*/);
    for (const [, sources] of headerPolicy) for (const s of sources) expect(["'self'", "'none'", "'unsafe-inline'", 'data:', 'blob:']).toContain(s);
    expect(headerPolicy.get('style-src')).toContain("'unsafe-inline'"); // Svelte/Konva inline styles; scripts stay strict
  });

  for (const [label, url] of pages) {
    const path = fileURLToPath(url);
    it.skipIf(!existsSync(path))(`${label}: one meta CSP tag with the same directives (frame-ancestors aside)`, () => {
      const metas = metaPolicies(readFileSync(path, 'utf8'));
      expect(metas).toHaveLength(1);
      expect(directives(metas[0]!)).toEqual(metaExpected);
    });
  }

  it('the meta-tag parser sees a drifted policy (so the check can fail)', () => {
    const html = `<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'unsafe-eval'">`;
    expect(directives(metaPolicies(html)[0]!)).not.toEqual(metaExpected);
  });
});
