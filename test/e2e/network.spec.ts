import { expect, test } from '@playwright/test';
import { skipWizardIfShown, snap, signInAsAdmin } from './support';

test('an administrator sets LAN1 to a static address with the safety net and keeps it; a broken gateway is refused', async ({ page }, info) => {
  await signInAsAdmin(page);
  await skipWizardIfShown(page);
  await page.goto('/admin/network/ethernet');
  const lan1 = page.getByRole('region', { name: 'LAN1' });
  await expect(lan1.getByTestId('current-LAN1')).toContainText('192.168.1.57/24');

  await lan1.getByRole('radio', { name: 'Static' }).check();
  await lan1.getByLabel('IP address', { exact: true }).fill('192.168.1.20');
  await lan1.getByLabel('Netmask').fill('255.255.255.0');
  await lan1.getByLabel('Gateway').fill('192.168.1.1');
  await lan1.getByLabel('Primary DNS').fill('192.168.1.1');
  await expect(page.getByRole('switch', { name: /Safety net/ })).toBeChecked();
  await page.getByRole('button', { name: 'Apply' }).click();

  const waiting = page.getByTestId('safe-apply-waiting');
  await expect(waiting).toContainText('Keep these settings?');
  await expect(waiting).toContainText('LAN1: 192.168.1.57 becomes 192.168.1.20');
  await expect(waiting).toContainText(/restores the previous settings in \d+ s/);
  await snap(page, info, 'network-01-keep-or-revert');
  await waiting.getByRole('button', { name: 'Keep' }).click();
  await expect(page.getByTestId('safe-apply-outcome')).toHaveText('The new settings are kept.');
  await expect(lan1.getByTestId('current-LAN1')).toContainText('192.168.1.20/24');

  // A gateway outside LAN2's subnet: the rule's message, and Apply stays off.
  const lan2 = page.getByRole('region', { name: 'LAN2' });
  await lan2.getByLabel('Gateway').fill('10.0.0.1');
  await expect(lan2.getByText("The gateway must be another address in this interface's subnet")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply' })).toBeDisabled();
  await snap(page, info, 'network-02-gateway-error');
});

test('Wi-Fi: a wrong password gives Password error, the right one connects', async ({ page }, info) => {
  await signInAsAdmin(page);
  await page.goto('/admin/network/wifi');
  const state = page.getByTestId('wifi-state');
  await expect(state).toHaveText('Disabled');
  // The switch follows the device: it turns on once the radio has.
  await page.getByRole('switch', { name: 'Wi-Fi' }).click();
  await expect(page.getByRole('switch', { name: 'Wi-Fi' })).toBeChecked();
  await expect(state).not.toHaveText('Disabled');

  await page.getByRole('button', { name: 'Scan' }).click();
  const networks = page.getByRole('list', { name: 'Available networks' });
  await expect(networks.getByRole('button')).toHaveCount(4);
  await networks.getByRole('button', { name: /Plant-Floor/ }).click();
  await expect(page.getByLabel('SSID')).toHaveValue('Plant-Floor');

  await page.getByLabel('Password', { exact: true }).fill('short');
  await expect(page.getByText('Please enter a value between 8 and 63 characters')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(state).toHaveText('Connecting');
  await expect(state).toHaveText('Password error', { timeout: 10_000 });
  // The notice says what the connect led to, not that a request was taken; nothing to disconnect.
  await expect(page.getByText('Not connected: Plant-Floor refused the password.')).toBeVisible();
  await expect(page.getByText('Update settings successful')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Disconnect' })).toHaveCount(0);
  await snap(page, info, 'network-03-password-error');

  await page.getByLabel('Password', { exact: true }).fill('conveyor-line-7');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(state).toHaveText('Connecting');
  await expect(state).toHaveText('Connected', { timeout: 10_000 });
  await expect(page.getByTestId('wifi-address')).toContainText('172.16.20.57');
  await expect(page.getByText('Connected to Plant-Floor.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Disconnect' })).toBeVisible();
  await snap(page, info, 'network-04-connected');
});

test('Hotspot: a DHCP range that ends before it starts is refused', async ({ page }, info) => {
  await signInAsAdmin(page);
  await skipWizardIfShown(page);
  await page.goto('/admin/network/hotspot');
  const hotspot = page.getByRole('switch', { name: /Hotspot/ });
  // Off, its fields cannot be changed, and the page says why.
  if (await hotspot.isChecked()) await hotspot.click();
  await expect(page.getByLabel('DHCP range end')).toBeDisabled();
  await expect(page.getByText('The hotspot is off: turn it on to change its address, DHCP range and password.')).toBeVisible();
  await snap(page, info, 'network-05-hotspot-off');
  await hotspot.click();
  await expect(page.getByLabel('DHCP range end')).toBeEnabled();
  await page.getByLabel('DHCP range end').fill('192.168.50.50');
  await expect(page.getByText('The range must start before it ends')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply' })).toBeDisabled();
  await page.getByLabel('DHCP range end').fill('192.168.60.150');
  await expect(page.getByText("The address must be in the server's subnet (192.168.50.0/24)")).toBeVisible();
  await snap(page, info, 'network-06-hotspot-range');
});
