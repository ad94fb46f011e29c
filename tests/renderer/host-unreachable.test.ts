/**
 * When the host is gone (`castellan serve` stopped: every fetch fails), the
 * error banner says so in a sentence and what it means for the user's work
 * (saves and autosaves go through the host; the edits stay in the tab; a
 * restarted serve offers the autosaves for recovery), not "Error io: ...".
 * Other host errors keep their code.
 */
import { describe, expect, it } from 'vitest';
import { callHttp, type FetchLike } from '../../src-renderer/host/http-host.js';
import { Notices } from '../../src-renderer/shell/notices.svelte.js';
import { isHostUnreachable } from '../../src-renderer/host/messages.js';
import type { HostError } from '../../src-shared/host/contract.js';

/** What the browser's fetch does when nothing listens on the port any more. */
const goneFetch: FetchLike = () => Promise.reject(new TypeError('Failed to fetch'));

describe('an unreachable host', () => {
  it('a failed fetch is recognised as an unreachable host; a disk error is not', async () => {
    const gone = (await callHttp(goneFetch, '', 'token-123456', 'save', {})) as HostError;
    expect(gone).toMatchObject({ ok: false, code: 'io' });
    expect(isHostUnreachable(gone)).toBe(true);
    expect(isHostUnreachable({ code: 'io', message: 'Could not write a.level.json: the disk is full (ENOSPC).' })).toBe(false);
  });

  it('the banner is a sentence with what to do, with no raw code or fetch error in it', async () => {
    const gone = (await callHttp(goneFetch, '', 'token-123456', 'save', {})) as HostError;
    const n = new Notices();
    n.showError(gone, 'levels/a.level.json', 'Not saved');
    expect(n.banner?.plain).toBe(true);
    expect(n.banner?.title).toBe('Not saved: the Castellan host is not answering');
    expect(n.banner?.message).toContain('keep this tab open: your edits are still here');
    expect(n.banner?.message).toContain('Restart `castellan serve`');
    expect(n.banner?.message).not.toContain('Failed to fetch');
  });

  it('any other host error keeps its code in the banner', () => {
    const n = new Notices();
    n.showError({ code: 'io', message: 'Could not write a.level.json: the disk is full (ENOSPC).' });
    expect(n.banner).toMatchObject({ code: 'io', message: 'Could not write a.level.json: the disk is full (ENOSPC).' });
    expect(n.banner?.plain).toBeUndefined();
  });
});
