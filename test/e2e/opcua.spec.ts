import { expect, test, type Page } from '@playwright/test';
import { AttributeIds, StatusCodes } from 'node-opcua';
import { signInAsAdmin, skipWizardIfShown, snap } from './support';
import { disposeIdentity, makeClientIdentity, openSession, type ClientIdentity } from '../support/opcua-client';

const USER = { userName: 'scada', password: 'Scada-Pass-42' };

/** Opens a session once the server answers again (it restarts after each change). */
async function sessionWhenUp(endpoint: string, client: ClientIdentity) {
  let last: unknown;
  for (let i = 0; i < 40; i++) {
    try {
      return await openSession(endpoint, client, { user: USER });
    } catch (err) {
      last = err;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  throw last;
}

async function statusOf(page: Page): Promise<{ state: string; restarting: boolean; endpoint_url: string | null }> {
  return page.evaluate(async () => {
    const token = localStorage.getItem('ihmi_user_token');
    return (await fetch('/api/v1/opcua/status', { headers: { authorization: `Bearer ${token}` } })).json();
  });
}

test('OPC UA: the server enabled from the browser refuses an unknown client until it is trusted, and serves a tag added in the editor', async ({ page, baseURL }, info) => {
  test.setTimeout(150_000);
  // Each viewport's device gets its own OPC UA port beside its console ports.
  const port = Number(new URL(baseURL!).port) + 5;
  const endpoint = `opc.tcp://localhost:${port}`;
  const client = await makeClientIdentity(`Line-SCADA-${info.project.name}`);
  try {
    await signInAsAdmin(page);
    await skipWizardIfShown(page);
    await page.goto('/admin/features/opcua');
    await expect(page.getByRole('heading', { level: 1, name: 'OPC UA' })).toBeVisible();
    await expect(page.getByText('The OPC UA server is off.', { exact: false })).toBeVisible();

    // Server tab: on, a port of this device's, one user who may write.
    await page.getByLabel('OPC UA server').check();
    await page.getByLabel('Port', { exact: true }).fill(String(port));
    await page.getByRole('button', { name: 'Add user' }).click();
    const user = page.getByRole('group', { name: 'User #1' });
    await user.getByLabel('Password').fill(USER.password);
    await user.getByLabel('Write').check();
    await user.getByLabel('User name').fill(USER.userName);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    // The first start makes the server's RSA key and certificate and hashes the user's password at
    // the device's cost: over 10 s on the 2-core CI machine with both devices' browsers busy.
    await expect(page.getByText('Update settings successful')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(endpoint)).toBeVisible({ timeout: 20_000 });
    await expect.poll(async () => (await statusOf(page)).state, { timeout: 20_000 }).toBe('running');
    await snap(page, info, 'opcua-01-running');

    // A client the server does not know is refused, and lands among the rejected certificates.
    await expect(openSession(endpoint, client, { user: USER })).rejects.toThrow();
    await page.getByRole('tab', { name: /^Certificates/ }).click();
    const trust = page.getByRole('button', { name: new RegExp(`^Trust .*${client.name}`) });
    await expect(async () => {
      await page.reload();
      await expect(trust).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 20_000 });
    await snap(page, info, 'opcua-02-rejected');
    await trust.click();
    await expect(page.getByText(/is trusted now/)).toBeVisible();
    const first = await sessionWhenUp(endpoint, client);
    await first.close();

    // Tags tab: a new tag in Pumps, saved, is served at ns=1;s=<name> once the server restarts.
    await page.getByRole('tab', { name: 'Tags' }).click();
    await page.getByRole('treeitem', { name: /^Pumps/ }).click();
    await page.getByRole('button', { name: 'Add tag' }).click();
    const name = page.getByLabel('Tag name');
    await name.fill('E2E_Mixer_Speed');
    await page.getByLabel('Writable').check();
    // A length out of range is refused on the spot, and Save waits for it to be right.
    await page.getByLabel('Length').fill('0');
    await expect(page.getByText('Enter a length from 1 to 255')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
    await page.getByLabel('Length').fill('1');
    await snap(page, info, 'opcua-03-new-tag');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('OPC UA tags saved')).toBeVisible();
    await expect.poll(async () => statusOf(page).then((s) => s.state === 'running' && !s.restarting), { timeout: 30_000 }).toBe(true);

    const c = await sessionWhenUp(endpoint, client);
    try {
      const value = await c.session.read({ nodeId: 'ns=1;s=E2E_Mixer_Speed', attributeId: AttributeIds.Value });
      expect(value.statusCode).toBe(StatusCodes.Good);
      const written = await c.session.write({ nodeId: 'ns=1;s=E2E_Mixer_Speed', attributeId: AttributeIds.Value, value: { value: { dataType: 'Int16', value: 42 } } });
      expect(written).toBe(StatusCodes.Good);
      expect((await c.session.read({ nodeId: 'ns=1;s=E2E_Mixer_Speed', attributeId: AttributeIds.Value })).value.value).toBe(42);
    } finally {
      await c.close();
    }

    // Off again: the endpoint no longer answers.
    await page.getByRole('tab', { name: 'Server' }).click();
    await page.getByLabel('OPC UA server').uncheck();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(async () => (await statusOf(page)).state, { timeout: 20_000 }).toBe('stopped');
    await expect(openSession(endpoint, client, { user: USER })).rejects.toThrow();
  } finally {
    await disposeIdentity(client);
  }
});
