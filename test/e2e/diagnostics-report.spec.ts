import fs from 'node:fs';
import zlib from 'node:zlib';
import { expect, test } from '@playwright/test';
import tar from 'tar-stream';
import { signInAsAdmin, skipWizardIfShown, snap } from './support';

/** The names of the files in a tar.gz. */
async function namesIn(archive: Buffer): Promise<string[]> {
  const names: string[] = [];
  const extract = tar.extract();
  const done = new Promise<void>((resolve, reject) => {
    extract.on('entry', (header, stream, next) => {
      names.push(header.name);
      stream.on('end', next);
      stream.resume();
    });
    extract.on('finish', resolve);
    extract.on('error', reject);
  });
  extract.end(zlib.gunzipSync(archive));
  await done;
  return names;
}

test('Security self-check and diagnostic bundle: the dashboard counts the findings, plain HTTP is one with a link to its setting, the bundle downloads as a gzip tar', async ({ page }, info) => {
  await signInAsAdmin(page);
  await skipWizardIfShown(page);

  // The dashboard: how many findings, a link to them. The e2e device serves plain HTTP: at least one.
  const count = page.getByTestId('fact-self_check');
  await expect(count).toHaveText(/^\d+ findings?$/);
  await snap(page, info, 'report-01-dashboard');
  await page.getByTestId('dashboard-self-check').click();
  await expect(page).toHaveURL(/\/admin\/account\/diagnostics\?section=self_check$/);
  await expect(page.getByRole('tab', { name: 'Security self-check', selected: true })).toBeVisible();

  // Plain HTTP is listed, with its setting and the screen that changes it.
  const http = page.getByTestId('self-check-item-plain_http');
  await expect(http.getByRole('heading', { name: 'Plain HTTP is on' })).toBeVisible();
  await expect(http).toContainText('Setting: http_enabled');
  await expect(page.getByTestId('self-check-summary')).toContainText(/\d+ findings? weakens? this panel\./);
  await snap(page, info, 'report-02-self-check');

  // Touch: the links and buttons at least 44 px high on the tablet; nothing wider than the page.
  if (info.project.name.startsWith('tablet')) {
    for (const control of await page.locator('main [role=tab], main a.MuiButton-root, main button').all()) {
      if (!(await control.isVisible())) continue;
      expect((await control.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }

  // The link goes to the setting's screen.
  await http.getByRole('link', { name: 'Open Security' }).click();
  await expect(page).toHaveURL(/\/admin\/account\/security$/);
  await page.goBack();
  await expect(page.getByTestId('self-check-item-plain_http')).toBeVisible();

  // In Japanese.
  await page.context().addCookies([{ name: 'language', value: 'ja', url: page.url() }]);
  await page.reload();
  await expect(page.getByTestId('self-check-item-plain_http').getByRole('heading')).toHaveText('暗号化されていない HTTP が有効です');
  await snap(page, info, 'report-03-self-check-ja');
  await page.context().addCookies([{ name: 'language', value: 'en', url: page.url() }]);
  await page.reload();

  // The bundle: one download, a gzip tar with what it promises.
  await page.getByRole('tab', { name: 'Diagnostic bundle' }).click();
  await snap(page, info, 'report-04-bundle');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the bundle' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^diagnostics-.+-\d{8}-\d{6}\.tar\.gz$/);
  const file = info.outputPath(download.suggestedFilename());
  await download.saveAs(file);
  const archive = fs.readFileSync(file);
  expect([...archive.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
  expect((await namesIn(archive)).sort()).toEqual(['database-integrity.txt', 'log.jsonl', 'manifest.json', 'self-check.json', 'services.json', 'settings.json', 'system.json']);
  await expect(page.getByTestId('bundle-saved')).toContainText(download.suggestedFilename());
  await snap(page, info, 'report-05-bundle-saved');

  // A failed request: the device refuses, the section says so and offers Retry.
  await page.route('**/api/v1/diagnostics/bundle', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'disk full', error_code: 'internal_error' }) }));
  await page.getByRole('button', { name: 'Download the bundle' }).click();
  await expect(page.getByText(/The bundle could not be downloaded:/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await snap(page, info, 'report-06-bundle-failed');
  await page.unroute('**/api/v1/diagnostics/bundle');
});
