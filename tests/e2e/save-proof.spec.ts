/**
 * Saving never blocks and a save belongs to its document, end to end with a
 * real `castellan serve`:
 * (a) New and Open while a save is still proving never redirect that save:
 *     the new and the opened document open in tabs of their own, the proof
 *     is cancelled, "Save as draft" writes exactly the document that was
 *     being saved to its own file, and nothing else is written;
 * (c) a save cancelled while proving and then saved as a draft does not
 *     solve a second time: one proof job (`solveStart` with purpose
 *     `proof`), one save request (`allowDraft` + `noProof`), and the file on
 *     disk has `draft: true`.
 *
 * The level (fixtures/slow-proof.level.json, 40 pieces on 10 x 10) takes
 * the whole save cap to prove (measured: the 20 s time limit at about 5 M
 * states), so the proof is surely running when the test acts.
 */
import { copyFileSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Request } from '@playwright/test';
import { test, expect, repoRoot } from './serve-fixture.js';
import type { UnlockTheKingLevel } from '../../src-shared/model/level.js';
import { pickFile } from './file-dialog.js';

const SLOW = 'unlock-the-king/90-slow-proof.level.json';
const FIRST = 'unlock-the-king/01-first-steps.level.json';
const SECOND = 'unlock-the-king/02-open-court.level.json';

async function ready(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
}

async function openFromDialog(page: Page, path: string): Promise<void> {
  await page.getByTestId('btn-open').click();
  const dlg = page.getByTestId('dialog-open');
  await pickFile(page, path);
  await expect(dlg).toHaveCount(0);
}

/** Every level file under the workspace (the host's own .castellan folder left out), with its modification time. */
function levelFiles(dir: string, base = ''): Map<string, number> {
  const out = new Map<string, number>();
  for (const name of readdirSync(join(dir, base))) {
    if (name === '.castellan') continue;
    const rel = base ? `${base}/${name}` : name;
    const st = statSync(join(dir, rel));
    if (st.isDirectory()) for (const [k, v] of levelFiles(dir, rel)) out.set(k, v);
    else out.set(rel, st.mtimeMs);
  }
  return out;
}

function pieceSquares(l: UnlockTheKingLevel): string[] {
  return l.pieces.map((p) => `${p.role}:${p.color}:${p.square}`).sort();
}

/** Starts a save of the active tab and waits until its proof reports progress. */
async function saveAndWaitForProof(page: Page): Promise<void> {
  await page.getByTestId('btn-save').click();
  const progress = page.getByTestId('save-progress');
  await expect(progress).toHaveAttribute('data-phase', 'proving');
  await expect(page.getByTestId('tab').and(page.locator('[aria-selected=true]'))).toHaveAttribute('data-state', 'proving');
  await expect(page.getByTestId('saving-chip')).toContainText('Saving…');
  // Progress that means something: states counted, a rate and the time so far.
  await expect(page.getByTestId('save-progress-states')).not.toHaveText(/^0 states$/, { timeout: 15_000 });
  await expect(page.getByTestId('save-progress-rate')).toContainText('states/s');
}

test('(a) New and Open while a save proves never redirect it: Save as draft writes the saved document to its own file only', async ({ page, serve }) => {
  test.setTimeout(90_000);
  copyFileSync(join(repoRoot, 'tests/e2e/fixtures/slow-proof.level.json'), join(serve.workspace, SLOW));
  await ready(page, serve.url);
  await openFromDialog(page, SLOW);
  await expect(page.getByTestId('file-name')).toHaveText('90-slow-proof.level.json');
  const sent = JSON.parse(readFileSync(join(serve.workspace, SLOW), 'utf8')) as UnlockTheKingLevel;
  const firstBytes = readFileSync(join(serve.workspace, FIRST));
  const before = levelFiles(serve.workspace);

  await saveAndWaitForProof(page);
  // The board stays editable and the file commands stay available while the save proves.
  await expect(page.getByTestId('btn-new')).toBeEnabled();
  await expect(page.getByTestId('btn-open')).toBeEnabled();

  // New: a blank blueprint in a tab of its own; the proving tab keeps its save.
  await page.getByTestId('btn-new').click();
  await page.getByTestId('new-ruleset-unlock-the-king').click();
  await page.getByTestId('new-create').click();
  await expect(page.getByTestId('file-name')).toHaveText('Untitled');
  await expect(page.getByTestId('saving-chip')).toHaveCount(0);
  await page.getByTestId('meta-title').fill('Blank During Proof');
  await expect(page.getByTestId('dirty-marker')).toHaveCount(1);
  // Open: First Steps is already open in the first tab (it comes forward); Open Court opens in a new tab.
  await openFromDialog(page, SECOND);
  await expect(page.getByTestId('file-name')).toHaveText('02-open-court.level.json');
  const slowTab = page.locator(`[data-testid=tab][data-path="${SLOW}"]`);
  await expect(slowTab).toHaveAttribute('data-state', 'proving');
  await expect(page.getByTestId('tab')).toHaveCount(4);

  // Back to the saving tab: cancel its proof, then save it as a draft.
  await slowTab.click();
  await expect(page.getByTestId('file-name')).toHaveText('90-slow-proof.level.json');
  await page.getByTestId('save-cancel').click();
  const dlg = page.getByTestId('dialog-draft');
  await expect(dlg).toBeVisible();
  await expect(dlg).toHaveAttribute('data-code', 'cancelled');
  await expect(dlg).toContainText('90-slow-proof.level.json');
  await dlg.getByTestId('draft-save').click();
  await expect(dlg).toHaveCount(0);
  await expect(page.getByTestId('notice')).toContainText('Saved 90-slow-proof.level.json as a DRAFT');
  await expect(slowTab).toHaveAttribute('data-state', 'clean');

  // The saved file holds exactly the document that was saved (now a draft).
  const saved = JSON.parse(readFileSync(join(serve.workspace, SLOW), 'utf8')) as UnlockTheKingLevel;
  expect(saved.draft).toBe(true);
  expect(saved.meta.title).toBe('Slow Proof');
  expect(pieceSquares(saved)).toEqual(pieceSquares(sent));
  expect([...(saved.walls ?? [])].sort()).toEqual([...(sent.walls ?? [])].sort());
  // Nothing else was written: the same level files, only the saved one changed; First Steps byte for byte.
  const after = levelFiles(serve.workspace);
  expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
  for (const [k, t] of after) if (k !== SLOW) expect(t, k).toBe(before.get(k));
  expect(readFileSync(join(serve.workspace, FIRST)).equals(firstBytes)).toBe(true);
  // The new blueprint is still an unsaved, untitled tab of its own.
  const blank = page.locator('[data-testid=tab][data-path=""]');
  await expect(blank).toHaveCount(1);
  await expect(blank).toHaveAttribute('data-state', 'dirty');
  await expect(blank.getByTestId('tab-title')).toHaveText('Blank During Proof');
});

test('(c) a save cancelled while proving, then saved as a draft, does not solve again (one proof job, one save)', async ({ page, serve }) => {
  test.setTimeout(60_000);
  copyFileSync(join(repoRoot, 'tests/e2e/fixtures/slow-proof.level.json'), join(serve.workspace, SLOW));
  await ready(page, serve.url);
  await openFromDialog(page, SLOW);
  const proofJobs: unknown[] = [];
  const saves: { url: string; body: Record<string, unknown> }[] = [];
  const onRequest = (r: Request): void => {
    const url = r.url();
    if (!/\/api\/(solveStart|save|saveAs)$/.test(new URL(url).pathname)) return;
    const body = (r.postDataJSON() ?? {}) as Record<string, unknown>;
    if (url.endsWith('/api/solveStart')) {
      if (body['purpose'] === 'proof') proofJobs.push(body);
    } else saves.push({ url, body });
  };
  page.on('request', onRequest);

  await saveAndWaitForProof(page);
  // Editing goes on while the proof runs (the board is not blocked): the title field takes input.
  await expect(page.getByTestId('meta-title')).toBeEditable();
  await page.getByTestId('save-cancel').click();
  const dlg = page.getByTestId('dialog-draft');
  await expect(dlg).toBeVisible();
  await expect(dlg.getByTestId('draft-cancel')).toHaveText("Don't save");
  await expect(dlg.getByTestId('draft-background')).toBeVisible();
  await dlg.getByTestId('draft-save').click();
  await expect(dlg).toHaveCount(0);
  await expect(page.getByTestId('dirty-marker')).toHaveCount(0);
  await expect(page.getByTestId('notice')).toContainText('Saved 90-slow-proof.level.json as a DRAFT');
  page.off('request', onRequest);

  expect(proofJobs).toHaveLength(1);
  expect(saves).toHaveLength(1);
  expect(saves[0]!.url).toMatch(/\/api\/save$/);
  expect(saves[0]!.body['allowDraft']).toBe(true);
  expect(saves[0]!.body['noProof']).toBe(true);
  const onDisk = JSON.parse(readFileSync(join(serve.workspace, SLOW), 'utf8')) as UnlockTheKingLevel;
  expect(onDisk.draft).toBe(true);
  expect(onDisk.solution).toBeUndefined();
});
