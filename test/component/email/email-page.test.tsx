/**
 * E-mail (specification §2 feature-not-enabled, §3 E-mail, §5): the SMTP settings with the shared
 * rules' messages, the password write-only (never shown, empty keeps it), the insecure-certificate
 * warning, a test mail whose answer says what the SMTP server said, contacts added with the rule
 * refusing a line break, a refused save keeping what was typed, groups, the outbox with retry, and
 * the notice when the running project does not enable e-mail. Every fake answer is checked against
 * the contract.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import EmailPage from '../../../src/features/email/EmailPage';
import { renderScreen, setViewportWidth } from '../../support/render';
import { fakeDevice, type DeviceAnswer } from '../../support/fake-device';
import { storeSession } from '../../support/shell-device';
import { DEFAULT_SMTP_SETTINGS } from '../../../contract/rules/email';
import type { ResponseOf } from '../../../contract/api/define';
import type { outbox } from '../../../contract/api/email';

type Mail = ResponseOf<typeof outbox>['mails'][number];

const T = '2026-06-01T08:00:00.000Z';

interface Options {
  enabled?: boolean;
  test?: (body: unknown) => DeviceAnswer;
  addContact?: (body: unknown) => DeviceAnswer | null;
}

function emailDevice({ enabled = true, test, addContact }: Options = {}) {
  const state = {
    smtp: { settings: { ...DEFAULT_SMTP_SETTINGS, host: 'smtp.example.com', username: 'panel', sender_name: 'Line 1', sender_address: 'panel@example.com' }, password_set: true },
    contacts: [{ id: 1, name: 'Ann', address: 'ann@example.com', groups: [1] }],
    groups: [{ id: 1, name: 'Maintenance', contacts: 1 }],
    mails: [
      { id: 7, state: 'failed', recipient: 'ann@example.com', subject: '[HMI] Alarm raised: Tank1 level high', created_at: T, attempted_at: T, sent_at: null, next_attempt_at: null, attempts: 1, reason: 'auth_failed', smtp_code: 535, smtp_reply: '535 Invalid username or password' },
      { id: 6, state: 'sent', recipient: 'bob@example.com', subject: '[HMI] Alarm cleared: Tank1 level high', created_at: T, attempted_at: T, sent_at: T, next_attempt_at: null, attempts: 1, reason: null, smtp_code: 250, smtp_reply: '250 OK' },
    ] as Mail[],
  };
  const fake = fakeDevice({
    'GET /api/v1/email/smtp': () => ({ body: state.smtp }),
    'PUT /api/v1/email/smtp': (body) => {
      const { password: _p, password_confirm: _c, ...settings } = body as Record<string, unknown>;
      state.smtp = { settings: settings as typeof state.smtp.settings, password_set: true };
      return { body: state.smtp };
    },
    'POST /api/v1/email/test': (body) => test?.(body) ?? { body: { outcome: 'accepted', smtp_code: 250, smtp_reply: '250 2.0.0 Ok: queued' } },
    'GET /api/v1/email/contacts': () => ({ body: { contacts: state.contacts } }),
    'POST /api/v1/email/contacts': (body) => {
      const custom = addContact?.(body);
      if (custom) return custom;
      const contact = { id: state.contacts.length + 1, ...(body as { name: string; address: string; groups: number[] }) };
      state.contacts = [...state.contacts, contact];
      return { body: contact };
    },
    'GET /api/v1/email/groups': () => ({ body: { groups: state.groups } }),
    'POST /api/v1/email/groups': (body) => {
      const group = { id: state.groups.length + 1, name: (body as { name: string }).name, contacts: 0 };
      state.groups = [...state.groups, group];
      return { body: group };
    },
    'GET /api/v1/email/outbox': () => ({ body: { enabled, max_per_minute: 30, max_attempts: 5, mails: state.mails } }),
    'POST /api/v1/email/outbox/7/retry': () => {
      state.mails = state.mails.map((m) => (m.id === 7 ? { ...m, state: 'queued', attempts: 0, reason: null, smtp_code: null, smtp_reply: null, next_attempt_at: T } : m));
      return { body: state.mails[0] };
    },
  });
  return { fake, state };
}

async function openPage(options: Options = {}, { width, language = 'en' }: { width?: number; language?: 'en' | 'de' } = {}) {
  storeSession('admin');
  if (width) setViewportWidth(width);
  const device = emailDevice(options);
  const user = userEvent.setup();
  renderScreen(<EmailPage />, { language });
  await screen.findByTestId('smtp-host');
  return { user, ...device };
}

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const helperOf = (el: HTMLElement) => document.getElementById(el.getAttribute('aria-describedby')?.split(' ')[0] ?? '') as HTMLElement;

afterEach(() => localStorage.clear());

describe('E-mail', () => {
  it('shows the SMTP settings without the password, names a problem as it is typed and saves what was set', async () => {
    const { user, fake } = await openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Email' })).toBeInTheDocument();
    expect(input('smtp-host').value).toBe('smtp.example.com');
    expect(input('smtp-password').value).toBe('');
    expect(screen.getByText('Leave empty to keep the stored password.')).toBeInTheDocument();
    expect(screen.queryByTestId('email-not-enabled')).not.toBeInTheDocument();

    await user.type(input('smtp-password'), 'New-Pass-1');
    await user.type(input('smtp-password_confirm'), 'New-Pass-2');
    expect(helperOf(input('smtp-password_confirm'))).toHaveTextContent('The two passwords are inconsistent.');
    await user.clear(input('smtp-sender_address'));
    await user.type(input('smtp-sender_address'), 'panel@example.com\nBcc');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    await user.clear(input('smtp-sender_address'));
    await user.type(input('smtp-sender_address'), 'alarms@example.com');
    await user.clear(input('smtp-password_confirm'));
    await user.type(input('smtp-password_confirm'), 'New-Pass-1');
    await user.click(screen.getByRole('checkbox', { name: 'Accept any certificate (insecure)' }));
    expect(screen.getByTestId('smtp-insecure')).toHaveTextContent(/not checked/);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.sent('PUT', '/api/v1/email/smtp')).toHaveLength(1));
    expect(fake.sent('PUT', '/api/v1/email/smtp')[0]).toMatchObject({ sender_address: 'alarms@example.com', password: 'New-Pass-1', password_confirm: 'New-Pass-1', accept_any_certificate: true });
    await waitFor(() => expect(input('smtp-password').value).toBe(''));
  });

  it('sends a test mail and says what the SMTP server answered, translated, with its reply code', async () => {
    const { user } = await openPage({ test: () => ({ body: { outcome: 'auth_failed', smtp_code: 535, smtp_reply: '535 5.7.8 Authentication failed' } }) });
    await user.click(screen.getByTestId('test-send'));
    expect(helperOf(input('test-to'))).toHaveTextContent('Required.');
    await user.type(input('test-to'), 'ops@example.com');
    await user.click(screen.getByTestId('test-send'));
    const result = await screen.findByTestId('test-result');
    expect(result).toHaveTextContent('The SMTP server refused the user name or password. (reply code 535)');
    expect(result).toHaveTextContent('Server reply: 535 5.7.8 Authentication failed');
  });

  it('adds a contact to a group; a save the device refuses (address in use) says why and keeps what was typed', async () => {
    const { user, fake } = await openPage({
      addContact: (body) =>
        (body as { address: string }).address === 'taken@example.com'
          ? { status: 400, body: { message: 'Validation failed', error_code: 'validation_failure', field: 'address', problem: 'duplicate' } }
          : null,
    });
    await user.click(screen.getByTestId('email-tab-contacts'));
    await screen.findByTestId('contact-1');
    await user.click(screen.getByTestId('contact-add'));
    const dialog = screen.getByRole('dialog');
    await user.type(input('contact-name'), 'Cy');
    await user.type(input('contact-address'), 'taken@example.com');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Maintenance' }));
    await user.click(screen.getByTestId('contact-save'));
    expect(await within(dialog).findByTestId('contact-failed')).toHaveTextContent('E-mail address: Already in use.');
    expect(input('contact-name').value).toBe('Cy');
    expect(input('contact-address').value).toBe('taken@example.com');

    await user.clear(input('contact-address'));
    await user.type(input('contact-address'), 'cy@example.com');
    await user.click(screen.getByTestId('contact-save'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.sent('POST', '/api/v1/email/contacts').at(-1)).toEqual({ name: 'Cy', address: 'cy@example.com', groups: [1] });
    expect(await screen.findByTestId('contact-2')).toHaveTextContent('cy@example.com');
  });

  it('never sends a line break typed or pasted into a contact name', async () => {
    const { user, fake } = await openPage();
    await user.click(screen.getByTestId('email-tab-contacts'));
    await user.click(await screen.findByTestId('contact-add'));
    await user.click(input('contact-name'));
    await user.paste('Eve\r\nBcc: all@example.com');
    await user.type(input('contact-address'), 'eve@example.com');
    await user.click(screen.getByTestId('contact-save'));
    await waitFor(() => expect(fake.sent('POST', '/api/v1/email/contacts')).toHaveLength(1));
    expect((fake.sent('POST', '/api/v1/email/contacts')[0] as { name: string }).name).not.toMatch(/[\r\n]/);
  });

  it('adds a group', async () => {
    const { user, fake } = await openPage();
    await user.click(screen.getByTestId('email-tab-groups'));
    await screen.findByTestId('group-1');
    await user.click(screen.getByTestId('group-add'));
    await user.type(input('group-name'), 'maintenance');
    expect(helperOf(input('group-name'))).toHaveTextContent('Already in use.');
    await user.clear(input('group-name'));
    await user.type(input('group-name'), 'Night shift');
    await user.click(screen.getByTestId('group-save'));
    expect(await screen.findByTestId('group-2')).toHaveTextContent('Night shift');
    expect(fake.sent('POST', '/api/v1/email/groups')).toEqual([{ name: 'Night shift' }]);
  });

  it('shows the outbox as cards on a tablet, with the reason of a failure, and sends a failed mail again', async () => {
    const { user, fake } = await openPage({}, { width: 768 });
    await user.click(screen.getByTestId('email-tab-outbox'));
    const failed = await screen.findByTestId('mail-7');
    expect(failed).toHaveTextContent('Failed');
    expect(failed).toHaveTextContent('The SMTP server refused the user name or password. (reply code 535)');
    expect(screen.getByTestId('mail-6')).toHaveTextContent('Sent');
    expect(within(screen.getByTestId('mail-6')).queryByRole('button')).not.toBeInTheDocument();
    await user.click(within(failed).getByRole('button', { name: 'Send again to ann@example.com' }));
    await waitFor(() => expect(fake.sent('POST', '/api/v1/email/outbox/7/retry')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('mail-7')).toHaveTextContent('Queued'));
  });

  it('says the feature is not enabled when the running project does not use e-mail', async () => {
    await openPage({ enabled: false });
    expect(await screen.findByTestId('email-not-enabled')).toHaveTextContent('The running project does not use e-mail');
  });
});
