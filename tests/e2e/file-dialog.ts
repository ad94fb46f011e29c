/**
 * Playwright helpers for the browser file dialog (src-renderer/files/FileDialog.svelte):
 * walk from the workspace root to a file through the folder entries, as a
 * person does (double-click a folder, double-click the file).
 */
import { expect, type Page } from '@playwright/test';

/** In the open file dialog: goes to the workspace root, enters each folder of `path`, and double-clicks the file. */
export async function pickFile(page: Page, path: string): Promise<void> {
  const dlg = page.getByTestId('file-dialog');
  await expect(dlg).toBeVisible();
  await goToFolder(page, path.split('/').slice(0, -1).join('/'));
  await dlg.locator(`[data-testid=file-entry][data-path="${path}"]`).dblclick();
}

/** In the open file dialog: shows folder `dir` (workspace-relative, "" = the root) by entering each folder from the root. */
export async function goToFolder(page: Page, dir: string): Promise<void> {
  const dlg = page.getByTestId('file-dialog');
  await dlg.locator('[data-testid=file-place][data-role=root]').click();
  await expect(dlg).toHaveAttribute('data-folder', '');
  const segs = dir ? dir.split('/') : [];
  for (let i = 1; i <= segs.length; i++) {
    const folder = segs.slice(0, i).join('/');
    await dlg.locator(`[data-testid=file-entry][data-path="${folder}"]`).dblclick();
    await expect(dlg).toHaveAttribute('data-folder', folder);
  }
}
