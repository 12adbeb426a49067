import { expect, test } from '@playwright/test';
import { signInAsAdmin, skipWizardIfShown, snap } from './support';

test('Communication: PLC1’s IP refused while wrong, saved once right and kept after a reload; PLC2’s baud rate changed', async ({ page }, info) => {
  await signInAsAdmin(page);
  await skipWizardIfShown(page);

  await page.goto('/admin/features/communication');
  await expect(page.getByRole('heading', { level: 1, name: 'Communication' })).toBeVisible();
  const plc1 = page.getByTestId('device-PLC1');
  await expect(plc1).toContainText('192.168.1.10');
  await expect(page.getByTestId('device-Local HMI')).toContainText(/not editable/i);
  await expect(page.getByRole('table', { name: 'COM ports' })).toContainText('PLC2');
  await snap(page, info, 'communication-01-list');

  // A wrong address: the rule says so under the field as it is typed, and Save waits.
  await page.getByRole('button', { name: 'Edit PLC1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit PLC1' });
  await expect(dialog).toBeVisible();
  const save = dialog.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  const ip = dialog.getByRole('textbox', { name: /IP address/ });
  await ip.fill('192.168.1.300');
  await expect(dialog.getByText('Enter an IPv4 address such as 192.168.1.10')).toBeVisible();
  await expect(ip).toHaveAttribute('aria-invalid', 'true');
  await expect(save).toBeDisabled();
  await snap(page, info, 'communication-02-field-error');

  // Fixed: saved, and still there after a reload.
  await ip.fill('192.168.1.20');
  await expect(ip).toHaveAttribute('aria-invalid', 'false');
  await save.click();
  await expect(page.getByText('Update settings successful')).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(page.getByTestId('device-PLC1')).toContainText('192.168.1.20');

  // PLC2 on COM2: a baud rate from the offered ones.
  await page.getByRole('button', { name: 'Edit PLC2' }).click();
  const serial = page.getByRole('dialog', { name: 'Edit PLC2' });
  await serial.getByRole('combobox', { name: /Baud rate/ }).click();
  await page.getByRole('option', { name: '9,600 bps' }).click();
  await snap(page, info, 'communication-03-serial');
  await serial.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Update settings successful')).toBeVisible();
  await expect(serial).toBeHidden();
  await page.reload();
  await expect(page.getByTestId('device-PLC2')).toContainText('9,600 bps');
  await expect(page.getByTestId('port-com2')).toContainText('9,600 bps');
  await snap(page, info, 'communication-04-saved');
});
