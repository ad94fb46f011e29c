/**
 * Never lose work, end to end with a real `castellan serve`:
 * (a) an edit is autosaved; the tab is closed without saving and the host
 *     killed; a new host on the same workspace reopens the last session's
 *     tab from its autosave: exactly the edited board (dirty, saved on
 *     request);
 * (b) the open file is changed on disk by another program: the
 *     changed-on-disk banner appears; saving anyway answers a conflict; the
 *     conflict dialog's Overwrite writes the editor's version and the host
 *     keeps the other one as a backup (.castellan/backups), which Versions…
 *     opens again;
 * (c) autosaves the last session no longer lists (another window's tabs
 *     became the session) are offered at start: Later keeps them for the
 *     next start, Recover restores exactly the edited board, Discard
 *     deletes one.
 */
import type { ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test as base, expect } from '@playwright/test';
// A `castellan serve` process of our own (startServe), so the test can kill it and start another on the same workspace.
import { test, repoRoot, startServe, stopped } from './serve-fixture.js';
import type { UnlockTheKingLevel } from '../../src-shared/model/level.js';
import { pickFile } from './file-dialog.js';

const FIRST = 'unlock-the-king/01-first-steps.level.json';
const SECOND = 'unlock-the-king/02-open-court.level.json';
const SHOTS = join(repoRoot, 'test-results', 'screens');

/** Pixel centre of a square on the board canvas (from the board's data attributes). */
async function squareAt(page: Page): Promise<(sq: string) => { x: number; y: number }> {
  const d = await page.getByTestId('board').evaluate((e) => ({
    h: Number((e as HTMLElement).dataset.boardHeight),
    c: Number((e as HTMLElement).dataset.cellSize),
    x: Number((e as HTMLElement).dataset.originX),
    y: Number((e as HTMLElement).dataset.originY),
  }));
  return (sq: string) => ({ x: d.x + (sq.charCodeAt(0) - 97 + 0.5) * d.c, y: d.y + (d.h - Number(sq.slice(1)) + 0.5) * d.c });
}

async function drag(page: Page, from: string, to: string): Promise<void> {
  const at = await squareAt(page);
  const board = page.getByTestId('board');
  await board.dragTo(board, { sourcePosition: at(from), targetPosition: at(to) });
}

async function ready(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
}

function pieceSquares(l: UnlockTheKingLevel): string[] {
  return l.pieces.map((p) => `${p.role}:${p.square}`).sort();
}

base('(a) an autosaved edit survives closing the tab and killing the host: the next start reopens its tab with exactly that board', async ({ browser }) => {
  const workspace = mkdtempSync(join(tmpdir(), 'castellan-e2e-nlw-'));
  cpSync(join(repoRoot, 'resources/levels'), workspace, { recursive: true });
  const children: ChildProcess[] = [];
  try {
    const first = await startServe(workspace);
    children.push(first.child);
    const page = await browser.newPage();
    await ready(page, first.url);
    await expect(page.getByTestId('file-name')).toHaveText('01-first-steps.level.json');
    await expect(page.getByTestId('dialog-recovery')).toHaveCount(0);

    // Two edits: the rook h8 -> h5, the knight g1 -> g3 (the sample keeps its file untouched).
    await drag(page, 'h8', 'h5');
    await drag(page, 'g1', 'g3');
    const state = page.getByTestId('board-state');
    await expect(state).toContainText('R:h5');
    await expect(state).toContainText('N:g3');
    const edited = await state.textContent();
    await expect(page.getByTestId('dirty-marker')).toHaveCount(1);

    // The autosave lands ~1.5 s after the last edit, in <workspace>/.castellan/recovery.
    await expect(page.getByTestId('autosave-status')).toBeVisible({ timeout: 10_000 });
    const recoveryDir = join(workspace, '.castellan', 'recovery');
    const files = readdirSync(recoveryDir).filter((f) => f.endsWith('.recovery.json'));
    expect(files).toHaveLength(1);
    const autosaved = JSON.parse(readFileSync(join(recoveryDir, files[0]!), 'utf8')) as { path: string; document: UnlockTheKingLevel };
    expect(autosaved.path).toBe(FIRST);
    expect(pieceSquares(autosaved.document)).toContain('rook:h5');
    expect(pieceSquares(autosaved.document)).toContain('knight:g3');

    // Close without saving (no beforeunload prompt), then kill the host as a crash would.
    await page.close({ runBeforeUnload: false });
    first.child.kill('SIGKILL');
    await stopped(first.child);

    const second = await startServe(workspace);
    children.push(second.child);
    const again = await browser.newPage();
    await ready(again, second.url);
    // The last session's tab comes back from its autosave by itself (nothing to recover by hand).
    await expect(again.getByTestId('tab')).toHaveCount(1);
    await expect(again.getByTestId('board-state')).toHaveText(edited!);
    await expect(again.getByTestId('dialog-recovery')).toHaveCount(0);
    await expect(again.getByTestId('dirty-marker')).toHaveCount(1);
    await expect(again.getByTestId('file-name')).toHaveText('01-first-steps.level.json');
    // The sample on disk was never touched.
    const onDisk = JSON.parse(readFileSync(join(workspace, FIRST), 'utf8')) as UnlockTheKingLevel;
    expect(pieceSquares(onDisk)).toContain('rook:h8');

    // Saving the recovered work writes it and removes the autosave.
    await again.getByTestId('btn-save').click();
    await expect(again.getByTestId('dirty-marker')).toHaveCount(0, { timeout: 60_000 });
    const saved = JSON.parse(readFileSync(join(workspace, FIRST), 'utf8')) as UnlockTheKingLevel;
    expect(pieceSquares(saved)).toEqual(pieceSquares(autosaved.document));
    expect(readdirSync(recoveryDir).filter((f) => f.endsWith('.recovery.json'))).toHaveLength(0);
    await again.close();
  } finally {
    for (const c of children) c.kill('SIGKILL');
    await Promise.all(children.map(stopped));
    rmSync(workspace, { recursive: true, force: true });
  }
});

test('(b) a file changed on disk: banner, then saving anyway asks; Overwrite keeps theirs as a backup (Versions… opens it)', async ({ page, serve }) => {
  const file = join(serve.workspace, FIRST);
  const original = JSON.parse(readFileSync(file, 'utf8')) as UnlockTheKingLevel;
  await ready(page, serve.url);
  await expect(page.getByTestId('file-name')).toHaveText('01-first-steps.level.json');
  await expect(page.getByTestId('banner-changed-on-disk')).toHaveCount(0);

  // Mine: the rook h8 -> h6.
  await drag(page, 'h8', 'h6');
  await expect(page.getByTestId('board-state')).toContainText('R:h6');
  const mine = await page.getByTestId('board-state').textContent();

  // Theirs: another program moves the queen and renames the level.
  const theirs: UnlockTheKingLevel = structuredClone(original);
  theirs.meta.title = 'Changed outside';
  theirs.pieces.find((p) => p.role === 'queen')!.square = 'd7';
  delete theirs.solution;
  const theirsText = JSON.stringify(theirs, null, 2) + '\n';
  writeFileSync(file, theirsText);

  // Noticed by the revision poll (focus, visibility, every ~5 s).
  const banner = page.getByTestId('banner-changed-on-disk');
  await expect(banner).toBeVisible({ timeout: 15_000 });
  await expect(banner).toContainText('01-first-steps.level.json changed on disk');
  await expect(banner.getByTestId('changed-reload')).toBeVisible();
  await expect(banner.getByTestId('changed-keep')).toBeVisible();
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, 'changed-on-disk-banner.png') });

  // Save anyway: nothing is written, the conflict dialog asks.
  await page.getByTestId('btn-save').click();
  const dlg = page.getByTestId('dialog-conflict');
  await expect(dlg).toBeVisible({ timeout: 30_000 });
  await expect(dlg.getByTestId('conflict-reload')).toBeVisible();
  await expect(dlg.getByTestId('conflict-save-as')).toBeVisible();
  expect(readFileSync(file, 'utf8')).toBe(theirsText);
  await expect(page.getByTestId('dirty-marker')).toHaveCount(1);
  await page.screenshot({ path: join(SHOTS, 'conflict-dialog.png') });

  await dlg.getByTestId('conflict-overwrite').click();
  await expect(dlg).toHaveCount(0);
  await expect(page.getByTestId('dirty-marker')).toHaveCount(0, { timeout: 60_000 });
  await expect(page.getByTestId('banner-changed-on-disk')).toHaveCount(0);
  const written = JSON.parse(readFileSync(file, 'utf8')) as UnlockTheKingLevel;
  expect(written.meta.title).toBe(original.meta.title);
  expect(pieceSquares(written)).toContain('rook:h6');
  expect(pieceSquares(written)).toContain('queen:d8');

  // Theirs is kept under <workspace>/.castellan/backups/<path>/.
  const backupDir = join(serve.workspace, '.castellan', 'backups', 'unlock-the-king', '01-first-steps.level.json');
  expect(existsSync(backupDir)).toBe(true);
  const backups = readdirSync(backupDir);
  expect(backups.length).toBeGreaterThanOrEqual(1);
  expect(backups.map((b) => readFileSync(join(backupDir, b), 'utf8'))).toContain(theirsText);

  // No banner for our own write.
  await page.waitForTimeout(6_000);
  await expect(page.getByTestId('banner-changed-on-disk')).toHaveCount(0);

  // Versions… opens theirs again as unsaved changes.
  await page.getByTestId('btn-versions').click();
  const versions = page.getByTestId('dialog-versions');
  await expect(versions).toBeVisible();
  await expect(versions.getByTestId('version-item')).toHaveCount(backups.length);
  await versions.getByTestId('version-item').first().click();
  await expect(versions).toHaveCount(0);
  await expect(page.getByTestId('board-state')).toContainText('Q:d7');
  await expect(page.getByTestId('board-state')).not.toHaveText(mine!);
  await expect(page.getByTestId('dirty-marker')).toHaveCount(1);
  await expect(page.getByTestId('meta-title')).toHaveValue('Changed outside');
});

test('(b2) Keep mine hides the banner; Reload theirs in the conflict dialog opens the version on disk', async ({ page, serve }) => {
  const file = join(serve.workspace, FIRST);
  const original = JSON.parse(readFileSync(file, 'utf8')) as UnlockTheKingLevel;
  await ready(page, serve.url);
  await drag(page, 'h8', 'h6');
  await expect(page.getByTestId('board-state')).toContainText('R:h6');
  const theirs: UnlockTheKingLevel = structuredClone(original);
  theirs.pieces.find((p) => p.role === 'queen')!.square = 'd7';
  delete theirs.solution;
  writeFileSync(file, JSON.stringify(theirs, null, 2) + '\n');
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  const banner = page.getByTestId('banner-changed-on-disk');
  await expect(banner).toBeVisible({ timeout: 15_000 });
  await banner.getByTestId('changed-keep').click();
  await expect(banner).toHaveCount(0);
  // Not shown again for the same version on disk.
  await page.waitForTimeout(6_000);
  await expect(banner).toHaveCount(0);
  await expect(page.getByTestId('board-state')).toContainText('R:h6');

  await page.getByTestId('btn-save').click();
  const dlg = page.getByTestId('dialog-conflict');
  await expect(dlg).toBeVisible({ timeout: 30_000 });
  await dlg.getByTestId('conflict-reload').click();
  await expect(dlg).toHaveCount(0);
  await expect(page.getByTestId('board-state')).toContainText('Q:d7');
  await expect(page.getByTestId('board-state')).toContainText('R:h8');
  await expect(page.getByTestId('dirty-marker')).toHaveCount(0);
});

test('(c) autosaves the session no longer lists are offered at start: Later keeps them, Recover restores exactly that board, Discard deletes one', async ({
  browser,
  serve,
}) => {
  test.setTimeout(120_000);
  const recoveryDir = join(serve.workspace, '.castellan', 'recovery');
  const autosaves = (): string[] => (existsSync(recoveryDir) ? readdirSync(recoveryDir).filter((f) => f.endsWith('.recovery.json')) : []);
  // Two windows of one browser profile (they hear each other: BroadcastChannel), each with its own per-window memory.
  const profile = await browser.newContext();
  // Window 1 edits two documents (each autosaved) and is left on the first.
  const page = await profile.newPage();
  await ready(page, serve.url);
  await drag(page, 'h8', 'h5');
  await expect(page.getByTestId('autosave-status')).toBeVisible({ timeout: 10_000 });
  const edited = await page.getByTestId('board-state').textContent();
  await page.getByTestId('btn-open').click();
  await pickFile(page, SECOND);
  await expect(page.getByTestId('tab')).toHaveCount(2);
  await drag(page, 'b8', 'c8');
  await expect.poll(autosaves, { timeout: 10_000 }).toHaveLength(2);
  await page.locator(`[data-testid=tab][data-path="${FIRST}"]`).click();

  // Window 2 opens while window 1 still edits: its tabs open from the files (window 1's autosaves stay
  // window 1's, nothing is offered), and its tab list becomes the session's.
  const other = await profile.newPage();
  await ready(other, serve.url);
  await expect(other.getByTestId('tab')).toHaveCount(2);
  await expect(other.getByTestId('dirty-marker')).toHaveCount(0);
  await expect(other.getByTestId('dialog-recovery')).toHaveCount(0);
  await other.close();
  await page.close({ runBeforeUnload: false });
  await profile.close();

  // The next start: both autosaves are offered; Later keeps them.
  const p2 = await browser.newPage();
  await ready(p2, serve.url);
  await expect(p2.getByTestId('dialog-recovery')).toBeVisible();
  await expect(p2.getByTestId('recovery-item')).toHaveCount(2);
  await p2.getByTestId('recovery-later').click();
  await expect(p2.getByTestId('dialog-recovery')).toHaveCount(0);
  // The opened sample is shown unchanged; the autosaves are still there.
  await expect(p2.getByTestId('board-state')).toContainText('R:h8');
  await expect(p2.getByTestId('btn-recovery')).toBeVisible();
  expect(autosaves()).toHaveLength(2);
  await p2.close({ runBeforeUnload: false });

  // The start after: Recover the First Steps one (exactly the edited board, unsaved), Discard the other.
  const p3 = await browser.newPage();
  await ready(p3, serve.url);
  const dlg = p3.getByTestId('dialog-recovery');
  await expect(p3.getByTestId('recovery-item')).toHaveCount(2);
  mkdirSync(SHOTS, { recursive: true });
  await p3.screenshot({ path: join(SHOTS, 'recovery-dialog.png') });
  await dlg.locator(`[data-testid=recovery-item][data-path="${FIRST}"]`).getByTestId('recovery-recover').click();
  await expect(dlg).toHaveCount(0);
  await expect(p3.getByTestId('board-state')).toHaveText(edited!);
  await expect(p3.getByTestId('dirty-marker')).toHaveCount(1);
  await expect(p3.getByTestId('file-name')).toHaveText('01-first-steps.level.json');
  await p3.getByTestId('btn-recovery').click();
  await expect(p3.getByTestId('recovery-item')).toHaveCount(1);
  await p3.getByTestId('recovery-discard').click();
  await expect(dlg).toHaveCount(0);
  // The recovered document keeps its autosave (it is still unsaved); the discarded one is gone.
  expect(autosaves()).toHaveLength(1);
  await p3.reload();
  await expect(p3.getByTestId('app')).toHaveAttribute('data-ready', 'true');
  await expect(p3.getByTestId('dialog-recovery')).toHaveCount(0);
  await p3.close();
});
