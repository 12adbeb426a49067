/**
 * API keys and Doc (issue 24), at 1280×800 and at 768×1024 with touch: admin makes a read-only key
 * for History's event log and sees its secret once; the key lists the event log and is refused a
 * write; the list shows its last use; revoked, its next call is refused. Then Doc: the device's own
 * API document, searched, and a GET tried with the caller's session.
 */
import { expect, test } from '@playwright/test';
import { signInAsAdmin, skipWizardIfShown, snap } from './support';

test('a read-only key for the event log: shown once, reads, is refused a write, shows its last use, and is refused once revoked', async ({ page, request }, info) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  await skipWizardIfShown(page);
  await page.goto('/admin/account/api');
  await expect(page.getByRole('heading', { level: 1, name: 'API' })).toBeVisible();

  const name = `SCADA ${info.project.name}`;
  await page.getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an API key' });
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
  // History is the account offered first; its Event Log, read-only.
  await expect(dialog.getByRole('combobox', { name: 'Acts as account' })).toHaveText('history');
  await dialog.getByRole('checkbox', { name: 'Event Log' }).check();
  await expect(dialog.getByRole('radio', { name: 'Read-only' })).toBeChecked();
  await snap(page, info, 'api-key-create');
  await dialog.getByRole('button', { name: 'Create' }).click();

  const shown = page.getByRole('dialog', { name: `Key "${name}" created` });
  await expect(shown).toContainText('you will not see it again');
  const secret = await shown.getByTestId('api-key-secret').inputValue();
  expect(secret).toMatch(/^hmik_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
  await snap(page, info, 'api-key-secret');
  await shown.getByRole('button', { name: 'I have copied it' }).click();
  await expect(shown).toBeHidden();
  // The secret is nowhere on the page any more, nor in the list's answer.
  expect(await page.content()).not.toContain(secret);

  const auth = { authorization: `Bearer ${secret}` };
  const events = await request.get('/api/v1/eventlog', { headers: auth });
  expect(events.status()).toBe(200);
  expect(await events.json()).toHaveProperty('events');
  const write = await request.post('/api/v1/eventlog/ack-all', { headers: auth, data: {} });
  expect(write.status()).toBe(403);
  // Outside its menus, and on the console's own calls, it is refused too.
  expect((await request.get('/api/v1/operation-log', { headers: auth })).status()).toBe(403);
  expect((await request.get('/api/v1/uac/account/userinfo', { headers: auth })).status()).toBe(403);

  // The list shows the key in use, from this machine.
  await page.reload();
  const row = page.getByTestId(`api-key-${secret.slice('hmik_'.length, 'hmik_'.length + 16)}`);
  await expect(row).toContainText('from 127.0.0.1');
  await expect(row).toContainText('Active');
  await snap(page, info, 'api-keys-list');

  await page.getByRole('button', { name: `Revoke key ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Revoke key "${name}"?` });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(`Key "${name}" revoked.`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Revoke key ${name}` })).toHaveCount(0);
  const refused = await request.get('/api/v1/eventlog', { headers: auth });
  expect(refused.status()).toBe(401);
});

test("Doc: the device's API document, searched, and a GET tried with the caller's session", async ({ page }, info) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  await skipWizardIfShown(page);
  await page.goto('/admin/account/doc');
  await expect(page.getByRole('heading', { level: 1, name: 'Doc' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'data' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search operations' }).fill('get eventlog');
  await expect(page.getByRole('heading', { level: 2, name: 'auth' })).toHaveCount(0);
  const op = page.getByTestId('doc-op-data.events');
  await op.getByRole('button', { name: /^GET \/api\/v1\/eventlog / }).click();
  await expect(op).toContainText("Accounts whose roles include the menu 'event_log'.");
  await expect(op).toContainText('AlarmEvents');
  await op.getByRole('textbox', { name: 'limit' }).fill('5');
  await op.getByRole('button', { name: 'Send' }).click();
  await expect(op.getByTestId('doc-try-status')).toHaveText(/^200 /);
  await expect(op.getByTestId('doc-try-body')).toContainText('"events"');
  await snap(page, info, 'doc-try');
});
