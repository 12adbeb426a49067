import { expect, test } from '@playwright/test';
import { startRemoteService } from '../../server/tools/remote-service/service';
import { signInAsAdmin, skipWizardIfShown, snap } from './support';

/**
 * Remote access against the development remote-access service, started by the spec on loopback:
 * a wrong partner password shows its code and the link to the field; the right one connects, with
 * the session ID and the QR code; the printed session URL opens this panel's console through the
 * relay. Disconnect at the end leaves the device as it was.
 */
test('Remote access: a wrong partner password, its code and the field to fix; then connected with session ID and QR code, and the session URL reaches the console', async ({ page, browser }, info) => {
  const partner = { name: `Line_${info.project.name.replace(/\W/g, '_')}`, password: 'Relay-Pass1' };
  const service = await startRemoteService({ partners: [partner], domain: 'relay.test' });
  try {
    await signInAsAdmin(page);
    await skipWizardIfShown(page);
    await page.goto('/admin/features/remote-access');
    await expect(page.getByRole('heading', { level: 1, name: 'Remote Access' })).toBeVisible();
    await expect(page.getByTestId('remote-state')).toHaveText('Not activated');

    // A user name the rule refuses is named as it is typed.
    await page.getByTestId('remote-partner_name').fill('ab-c');
    await expect(page.getByText('Only letters, digits and underscores.')).toBeVisible();
    await page.getByTestId('remote-partner_name').fill(partner.name.toUpperCase());
    await page.getByTestId('remote-partner_password').fill('Wrong-Pass9');
    await page.getByRole('combobox', { name: 'Region' }).click();
    await page.getByRole('option', { name: 'Custom' }).click();
    await page.getByTestId('remote-custom_host').fill('127.0.0.1');
    await page.getByTestId('remote-custom_port').fill(String(service.port));
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Update settings successful')).toBeVisible();
    await expect(page.getByTestId('remote-partner_name')).toHaveValue(partner.name.toLowerCase());

    await page.getByTestId('remote-connect').click();
    const code = page.getByTestId('remote-code');
    await expect(code).toContainText('Partner account or password error');
    await expect(code).toContainText('Enter the partner password again and save.');
    await snap(page, info, 'remote-access-01-wrong-password');
    // The link goes to the field that fixes it.
    await page.getByTestId('remote-fix').click();
    await expect(page.getByTestId('remote-partner_password')).toBeFocused();

    await page.getByTestId('remote-partner_password').fill(partner.password);
    await page.getByRole('button', { name: 'Save' }).click();
    // The connection wanted starts over with the new password.
    await expect(page.getByTestId('remote-state')).toHaveText('Connected');
    const sessionId = service.sessions()[0]!.session_id;
    await expect(page.getByTestId('remote-session-id')).toHaveText(sessionId);
    await expect(page.getByTestId('remote-qr')).toBeVisible();
    const url = service.sessions()[0]!.url;
    await expect(page.getByTestId('remote-url')).toHaveText(url);
    await snap(page, info, 'remote-access-02-connected');

    // The session URL: this panel's console, through the relay.
    const remote = await browser.newPage();
    await remote.goto(new URL('/admin/login', url).toString());
    await expect(remote.getByRole('button', { name: 'Log In' })).toBeVisible();
    await remote.close();

    await page.getByTestId('remote-disconnect').click();
    await expect(page.getByTestId('remote-state')).toHaveText('Not activated');
  } finally {
    await service.close();
  }
});
