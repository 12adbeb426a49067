import net from 'node:net';
import { expect, test } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { signInAsAdmin, skipWizardIfShown, snap } from './support';

/** A real SMTP server on loopback, started by the spec: what it receives is kept. */
async function loopbackSmtp() {
  const received: { to: string[]; data: string }[] = [];
  const server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (auth, _s, cb) => (auth.username === 'panel' && auth.password === 'Smtp-Pass-1' ? cb(null, { user: 'panel' }) : cb(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }))),
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data: Buffer.concat(chunks).toString('utf8') });
        cb();
      });
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { received, port: (server.server.address() as net.AddressInfo).port, close: () => new Promise<void>((r) => server.close(() => r())) };
}

test('E-mail: SMTP set to a loopback server, a wrong password said as the server said it, then a test mail that arrives; a contact and a group', async ({ page }, info) => {
  const smtp = await loopbackSmtp();
  try {
    await signInAsAdmin(page);
    await skipWizardIfShown(page);
    await page.goto('/admin/project/email');
    await expect(page.getByRole('heading', { level: 1, name: 'Email' })).toBeVisible();
    // The sample project enables e-mail: no notice.
    await expect(page.getByTestId('email-not-enabled')).toHaveCount(0);

    await page.getByTestId('smtp-host').fill('127.0.0.1');
    await page.getByTestId('smtp-port').fill(String(smtp.port));
    await page.getByRole('combobox', { name: 'Authentication' }).click();
    await page.getByRole('option', { name: 'None' }).click();
    await page.getByTestId('smtp-port').fill(String(smtp.port));
    await page.getByTestId('smtp-username').fill('panel');
    await page.getByTestId('smtp-password').fill('wrong-pass');
    await page.getByTestId('smtp-password_confirm').fill('wrong-pas');
    await expect(page.getByText('The two passwords are inconsistent.')).toBeVisible();
    await page.getByTestId('smtp-password_confirm').fill('wrong-pass');
    await page.getByTestId('smtp-sender_name').fill('Line 1');
    await page.getByTestId('smtp-sender_address').fill('panel@example.com');
    await snap(page, info, 'email-01-smtp');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Update settings successful')).toBeVisible();

    // The wrong password: the server's own refusal, translated, with its code.
    await page.getByTestId('test-to').fill('ops@example.com');
    await page.getByTestId('test-send').click();
    await expect(page.getByTestId('test-result')).toContainText('The SMTP server refused the user name or password. (reply code 535)');
    await snap(page, info, 'email-02-auth-failed');
    expect(smtp.received).toHaveLength(0);

    // The right one: the mail arrives.
    await page.getByTestId('smtp-password').fill('Smtp-Pass-1');
    await page.getByTestId('smtp-password_confirm').fill('Smtp-Pass-1');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('smtp-password')).toHaveValue('');
    await page.getByTestId('test-send').click();
    await expect(page.getByTestId('test-result')).toContainText('The SMTP server accepted the mail. (reply code 250)');
    await expect.poll(() => smtp.received.length).toBe(1);
    expect(smtp.received[0]!.to).toEqual(['ops@example.com']);
    expect(smtp.received[0]!.data).toMatch(/^From: Line 1 <panel@example\.com>/m);
    await snap(page, info, 'email-03-accepted');

    // A group and a contact in it.
    await page.getByTestId('email-tab-groups').click();
    await page.getByTestId('group-add').click();
    await page.getByTestId('group-name').fill(`Maintenance ${info.project.name}`);
    await page.getByTestId('group-save').click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.getByTestId('email-tab-contacts').click();
    await page.getByTestId('contact-add').click();
    await page.getByTestId('contact-name').fill('Ann');
    await page.getByTestId('contact-address').fill('ann@example');
    await page.getByTestId('contact-save').click();
    await expect(page.getByRole('dialog').getByText('Enter an address such as name@example.com.')).toBeVisible();
    await snap(page, info, 'email-04-contact-error');
    await page.getByTestId('contact-address').fill('ann@example.com');
    await page.getByRole('dialog').getByRole('checkbox', { name: `Maintenance ${info.project.name}` }).check();
    await page.getByTestId('contact-save').click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByText('ann@example.com')).toBeVisible();
    await snap(page, info, 'email-05-contacts');
    await page.getByTestId('email-tab-outbox').click();
    await expect(page.getByRole('heading', { name: 'Outbox' })).toBeVisible();
    await snap(page, info, 'email-06-outbox');
  } finally {
    await smtp.close();
  }
});
