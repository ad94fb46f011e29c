/**
 * The serve host stops while the editor is open: a save answers a banner
 * that says so in a sentence (no raw `io` code, no fetch error) and what it
 * means for the work in the tab.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { repoRoot, startServe, stopped } from './serve-fixture.js';

test('saving after `castellan serve` stopped: "The Castellan host is not answering", the edits kept in the tab', async ({ page }) => {
  const workspace = mkdtempSync(join(tmpdir(), 'castellan-e2e-gone-'));
  cpSync(join(repoRoot, 'resources/levels'), workspace, { recursive: true });
  const { url, child } = await startServe(workspace);
  try {
    await page.goto(url);
    await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
    const gone = stopped(child);
    child.kill('SIGTERM');
    await gone;
    await page.getByTestId('btn-save').click();
    const banner = page.getByTestId('error-banner');
    await expect(banner).toBeVisible({ timeout: 15_000 });
    await expect(banner).toContainText('Not saved: the Castellan host is not answering');
    await expect(banner).toContainText('keep this tab open: your edits are still here');
    await expect(banner).toContainText('Restart `castellan serve`');
    await expect(banner.locator('code')).toHaveCount(0);
    await expect(banner).not.toContainText('Failed to fetch');
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(workspace, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
});
