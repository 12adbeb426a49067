import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signInAsAdmin, skipWizardIfShown, snap } from './support';

test('Recipe and Backup Recipe: see the records, back up to USB and to a download, clear a book, refuse a bad backup, restore', async ({ page }, info) => {
  test.setTimeout(90_000);
  const device = info.project.name.startsWith('tablet') ? 'tablet' : 'desktop';
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'hmi-e2e-recipe-'));
  // A file on the SD card that is no backup at all.
  fs.writeFileSync(path.join('.e2e-data', device, 'media', 'sd', 'notes.cxob'), 'not an archive');

  await signInAsAdmin(page);
  await skipWizardIfShown(page);
  await page.goto('/admin/project/recipe');
  await expect(page.getByRole('heading', { level: 1, name: 'Recipe' })).toBeVisible();
  const book = page.getByRole('region', { name: 'Bottle sizes' });
  await expect(book.getByRole('columnheader', { name: /Volume_ml/ })).toBeVisible();
  await expect(book.getByRole('rowheader', { name: 'Small' })).toBeVisible();
  await expect(book.getByRole('row', { name: /Large/ })).toContainText('L-1000');
  await snap(page, info, 'recipe-01-book');

  // Back up: to the USB stick, and a download.
  await page.getByRole('link', { name: 'Backup Recipe' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Backup Recipe' })).toBeVisible();
  await page.getByRole('button', { name: 'Save to USB stick' }).click();
  await expect(page.getByText(/^Recipe backup recipes-.+\.cxob saved to the USB stick$/)).toBeVisible();
  const usb = page.getByRole('region', { name: 'USB stick' });
  await expect(usb.getByRole('listitem')).toHaveCount(1);
  await expect(usb).toContainText('Bottle sizes (3 records)');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^recipes-.+-\d{8}-\d{6}\.cxob$/);
  const saved = path.join(out, download.suggestedFilename());
  await download.saveAs(saved);
  // What is not a recipe backup cannot be restored, and says why.
  const sd = page.getByRole('region', { name: 'SD card' });
  await expect(sd.getByText('Not a readable backup')).toBeVisible();
  await expect(sd.getByRole('button', { name: 'Restore notes.cxob' })).toBeDisabled();
  await snap(page, info, 'recipe-02-backups');

  // Clear the book: asked first, naming the book and its records.
  await page.goto('/admin/project/recipe');
  await book.getByRole('button', { name: 'Clear' }).click();
  const confirm = page.getByRole('dialog', { name: 'Clear the recipe book "Bottle sizes"?' });
  await expect(confirm).toContainText('All 3 records of "Bottle sizes" will be deleted');
  await snap(page, info, 'recipe-03-clear');
  await confirm.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByText('Recipe book "Bottle sizes" cleared: 3 records deleted')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(book.getByText('This book has no records.')).toBeVisible();

  // A file that is not a recipe backup: refused, nothing changed.
  await page.goto('/admin/project/backup-recipe');
  const bogus = path.join(out, 'bogus.cxob');
  fs.writeFileSync(bogus, 'plain text, not a backup');
  await page.getByTestId('restore-file').setInputFiles(bogus);
  const bogusDialog = page.getByRole('dialog', { name: 'Restore recipes from bogus.cxob?' });
  await bogusDialog.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByTestId('restore-outcome')).toContainText('Nothing was restored from bogus.cxob. This file is not a readable recipe backup');
  await expect(bogusDialog).toBeHidden();
  await snap(page, info, 'recipe-04-refused');

  // Restore from the USB stick, then from the downloaded file: the records are back.
  await usb.getByRole('button', { name: /^Restore recipes-/ }).click();
  await page.getByRole('dialog', { name: /^Restore recipes from recipes-/ }).getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByTestId('restore-outcome')).toContainText(/Restored from recipes-.+: Bottle sizes \(3 records\)/);
  await page.getByTestId('restore-file').setInputFiles(saved);
  await page.getByRole('dialog', { name: /^Restore recipes from recipes-/ }).getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByTestId('restore-outcome')).toContainText('Bottle sizes (3 records)');
  await expect(page.getByRole('dialog')).toBeHidden();
  await snap(page, info, 'recipe-05-restored');
  await page.goto('/admin/project/recipe');
  await expect(book.getByRole('rowheader', { name: 'Medium' })).toBeVisible();
  fs.rmSync(out, { recursive: true, force: true });
});
