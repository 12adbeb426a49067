import net from 'node:net';
import { expect, test } from '@playwright/test';
import { signInAsAdmin, skipWizardIfShown, snap } from './support';

/** A loopback port nobody listens on now. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

test('Diagnostics: live charts, services, the log filtered, a reach to the device itself and to a closed port', async ({ page }, info) => {
  const ownPort = Number(new URL(String(info.project.use.baseURL)).port);
  await signInAsAdmin(page);
  await skipWizardIfShown(page);
  await page.goto('/admin/account/diagnostics');
  await expect(page.getByRole('heading', { level: 1, name: 'Diagnostics' })).toBeVisible();

  // It opens on Services: every one with its state; the web server runs.
  await expect(page.getByRole('tab', { name: 'Services', selected: true })).toBeVisible();
  await expect(page.getByTestId('diagnostics-service-http').getByTestId('diagnostics-service-state')).toHaveText('Running');
  for (const id of ['https', 'time_socket', 'runtime_scan', 'data_logger', 'opcua', 'ftp', 'smtp_outbox', 'remote_access']) {
    await expect(page.getByTestId(`diagnostics-service-${id}`)).toBeVisible();
  }
  await snap(page, info, 'diagnostics-01-services');

  // Live: the figures, then the charts (their chunk loads now).
  await page.getByRole('tab', { name: 'Live' }).click();
  await expect(page.getByTestId('diagnostics-disk')).toContainText("Data folder's disk:");
  await expect(page.getByTestId('diagnostics-chart-cpu').locator('svg').first()).toBeVisible();
  await expect(page.getByTestId('diagnostics-chart-memory').locator('svg').first()).toBeVisible();
  const samples = page.waitForResponse((r) => r.url().endsWith('/api/v1/diagnostics/live'));
  await samples;
  await snap(page, info, 'diagnostics-02-live');

  // Leaving Live stops its polling: no sample is asked for while another section is open.
  await page.getByRole('tab', { name: 'Services' }).click();
  await expect(page.getByTestId('diagnostics-services')).toBeVisible();
  let liveReads = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/v1/diagnostics/live')) liveReads++;
  });
  await page.waitForTimeout(4_500);
  expect(liveReads).toBe(0);

  // Log: the sign-in's request line is there; a text nothing holds empties the list.
  await page.getByRole('tab', { name: 'Log' }).click();
  await page.getByTestId('diagnostics-log-filter').fill('auth/token');
  await expect(page.getByTestId('diagnostics-log-entry').first()).toContainText('request');
  await page.getByTestId('diagnostics-log-filter').fill('no-such-text-anywhere');
  await expect(page.getByTestId('diagnostics-log-empty')).toHaveText('No entry at this level holds this text.');
  await page.getByTestId('diagnostics-log-filter').fill('');
  await expect(page.getByTestId('diagnostics-log-entry').first()).toBeVisible();
  await snap(page, info, 'diagnostics-03-log');

  // Reachability: a wrong host is named at once; the device's own port answers; a closed one is refused.
  await page.getByRole('tab', { name: 'Reachability' }).click();
  await page.getByTestId('diagnostics-reach-host').fill('http://plc.local/');
  await expect(page.getByText('without http://, a port or a path.')).toBeVisible();
  await snap(page, info, 'diagnostics-04-wrong-host');
  await page.getByTestId('diagnostics-reach-host').fill('127.0.0.1');
  await page.getByTestId('diagnostics-reach-port').fill(String(ownPort));
  await page.getByTestId('diagnostics-reach-test').click();
  await expect(page.getByTestId('diagnostics-reach-verdict')).toContainText(`127.0.0.1:${ownPort} can be reached from the panel`);
  const closed = await closedPort();
  await page.getByTestId('diagnostics-reach-port').fill(String(closed));
  await page.getByTestId('diagnostics-reach-test').click();
  await expect(page.getByTestId('diagnostics-reach-verdict')).toContainText(`127.0.0.1:${closed} cannot be reached from the panel.`);
  await expect(page.getByTestId('diagnostics-reach-tcp')).toContainText(`nothing accepts connections on port ${closed}`);
  await snap(page, info, 'diagnostics-05-refused');

  // Touch: the tabs and the form's controls at least 44 px high on the tablet, nothing wider than the page.
  if (info.project.name.startsWith('tablet')) {
    for (const control of await page.locator('main [role=tab], main button, main input').all()) {
      if (!(await control.isVisible())) continue;
      const height = await control.evaluate((el) => (el.closest('.MuiInputBase-root') ?? el).getBoundingClientRect().height);
      expect(height).toBeGreaterThanOrEqual(44);
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }
});
