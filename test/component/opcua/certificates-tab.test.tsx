/**
 * OPC UA, Certificates tab: the server's own certificate (its fields, Download, Regenerate asked
 * first, Upload of a certificate and its key with §8's mismatch message), the trust lists (details,
 * upload, remove asked first, download), expired certificates marked, and the rejected clients first
 * and marked when there are any, each with Trust.
 */
import { File } from 'node:buffer';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { opcuaPanel, renderOpcua, notice, sampleCertificate, sampleCertificates, API, PAGE } from './support';
import { FakeUpload } from '../../support/fake-upload';
import { sampleOpcuaStatus } from '../../../machines/opcua-server.qa';

const UNKNOWN = sampleCertificate(7, { subject: 'CN=Historian, O=Plant IT', uri: 'urn:plant:historian', first_seen: '2026-11-24T07:55:00.000Z', file_name: 'historian [7].der' });
const EXPIRED = sampleCertificate(8, { subject: 'CN=Old SCADA, O=Plant', valid_to: '2024-01-01T00:00:00.000Z', expired: true });

const section = (name: RegExp | string) => within(screen.getByRole('region', { name }));

async function openCertificates(options: Parameters<typeof opcuaPanel>[0] = {}) {
  const panel = opcuaPanel(options);
  const rendered = renderOpcua({ url: `${PAGE}?tab=certificates` });
  await screen.findByRole('region', { name: 'Server certificate' });
  return { ...panel, ...rendered };
}

const realCreate = URL.createObjectURL;
const realRevoke = URL.revokeObjectURL;
const RealXhr = window.XMLHttpRequest;
let saved: string[] = [];
beforeEach(() => {
  saved = [];
  URL.createObjectURL = jest.fn(() => 'blob:cert');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  FakeUpload.sent = [];
  (window as unknown as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeUpload;
});
afterEach(() => {
  URL.createObjectURL = realCreate;
  URL.revokeObjectURL = realRevoke;
  (window as unknown as { XMLHttpRequest: unknown }).XMLHttpRequest = RealXhr;
  jest.restoreAllMocks();
});

describe('OPC UA certificates: the server certificate', () => {
  test('shows every field, and downloads it', async () => {
    const { user } = await openCertificates();
    const own = section('Server certificate');
    const fact = (label: string) => own.getByText(label, { selector: 'dt' }).nextSibling;
    expect(fact('Subject')).toHaveTextContent('CN=HMI OPC UA Server, O=Panel Maker');
    expect(fact('Application URI')).toHaveTextContent('urn:hmi-x1070:opcua');
    expect(fact('Subject alternative names')).toHaveTextContent('hmi-x1070, 192.168.1.57');
    expect(fact('Organization')).toHaveTextContent('Panel Maker');
    expect(fact('Organizational unit')).toHaveTextContent('—');
    expect(fact('Valid from')).toHaveTextContent(/^2026\/01\/01/);
    expect(fact('Valid to')).toHaveTextContent(/^2036\/01\/01/);
    expect(fact('Signature algorithm')).toHaveTextContent('sha256WithRSAEncryption');
    expect(fact('SHA-256 fingerprint')).toHaveTextContent(/^01:02:03/);
    expect(fact('File name')).toHaveTextContent('server_cert.der');
    expect(own.queryByText('Expired')).not.toBeInTheDocument();
    await user.click(own.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saved).toEqual(['server_cert.der']));
  });

  test('Regenerate asks first (clients must trust the new one), then the server restarts briefly', async () => {
    const { user, fake, state } = await openCertificates();
    await user.click(section('Server certificate').getByRole('button', { name: 'Regenerate' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Make a new server certificate?' }));
    expect(dialog.getByText(/Clients that trust the current one must trust the new one before they can connect again/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.sent('POST', `${API}/certificates/own/regenerate`)).toHaveLength(0);

    state.statuses = [sampleOpcuaStatus({ restarting: true, state: 'stopping' }), sampleOpcuaStatus({ since: '2026-11-24T09:00:00.000Z' })];
    const asked = fake.requests.filter((r) => r.path === `${API}/status`).length;
    await user.click(section('Server certificate').getByRole('button', { name: 'Regenerate' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Make a new server certificate?' })).getByRole('button', { name: 'Regenerate' }));
    expect(await notice('The server certificate has been reissued. Clients must trust the new certificate to connect.')).toBeInTheDocument();
    expect(fake.sent('POST', `${API}/certificates/own/regenerate`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The answer is the new lists: shown without reading them again.
    expect(section('Server certificate').getByText('AA:BB')).toBeInTheDocument();
    // The status is asked for at once: the server restarts.
    await waitFor(() => expect(fake.requests.filter((r) => r.path === `${API}/status`).length).toBeGreaterThan(asked));
  });

  test('Upload a certificate and a key that do not match: the mismatch is said; a matching pair replaces it', async () => {
    const { user } = await openCertificates();
    await user.click(section('Server certificate').getByRole('button', { name: 'Upload certificate and key' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Upload a server certificate' }));
    expect(dialog.getByRole('button', { name: 'Upload' })).toBeDisabled();
    fireEvent.change(screen.getByTestId('opcua-own-certificate-file'), { target: { files: [new File(['cert'], 'server.pem')] } });
    fireEvent.change(screen.getByTestId('opcua-own-key-file'), { target: { files: [new File(['key'], 'other.key')] } });
    expect(dialog.getByText('server.pem')).toBeInTheDocument();
    expect(dialog.getByText('other.key')).toBeInTheDocument();

    FakeUpload.answer = { status: 400, body: { message: 'key mismatch', error_code: 'key_mismatch' } };
    await user.click(dialog.getByRole('button', { name: 'Upload' }));
    expect(await notice('The certificate and the private key do not match: the key does not belong to this certificate.')).toBeInTheDocument();
    const sent = FakeUpload.sent[0]!;
    expect(sent.url).toBe(`${API}/certificates/own`);
    expect([...sent.form.keys()]).toEqual(['certificate', 'private_key']);
    // Still open with both files, to choose the right key.
    expect(dialog.getByText('server.pem')).toBeInTheDocument();

    FakeUpload.answer = { status: 200, body: sampleCertificates({ own: sampleCertificate(3, { subject: 'CN=Line 2 Panel', file_name: 'line2.der' }) }) };
    fireEvent.change(screen.getByTestId('opcua-own-key-file'), { target: { files: [new File(['key'], 'server.key')] } });
    await user.click(dialog.getByRole('button', { name: 'Upload' }));
    // While both are sent, the dialog waits and cannot be cancelled.
    expect(await dialog.findByRole('progressbar', { name: 'Uploading' })).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(await notice('The server certificate has been replaced.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(section('Server certificate').getByText('CN=Line 2 Panel')).toBeInTheDocument();
  });

  test('an expired server certificate says clients refuse it', async () => {
    await openCertificates({ certificates: sampleCertificates({ own: { ...sampleCertificates().own, valid_to: '2025-01-01T00:00:00.000Z', expired: true } }) });
    expect(section('Server certificate').getByText('The server certificate has expired: clients refuse to connect. Regenerate it or upload a new one.')).toBeInTheDocument();
    expect(section('Server certificate').getByText('Expired')).toBeInTheDocument();
  });
});

describe('OPC UA certificates: the trust lists', () => {
  test('each list with its count; an expired certificate marked; details; download', async () => {
    const { user } = await openCertificates({ certificates: sampleCertificates({ trusted_clients: [sampleCertificate(2, { subject: 'CN=UaExpert, O=Plant' }), EXPIRED] }) });
    for (const title of ['Trusted clients (2)', 'Trusted users (0)', 'Client certificate issuers (0)', 'User certificate issuers (0)', 'Revocation lists (0)', 'Rejected clients (0)']) {
      expect(screen.getByRole('region', { name: title })).toBeInTheDocument();
    }
    expect(section('Rejected clients (0)').getByText('No client has been rejected.')).toBeInTheDocument();
    const trusted = section('Trusted clients (2)');
    const expiredRow = within(trusted.getByRole('row', { name: /Old SCADA/ }));
    expect(expiredRow.getByText('Expired')).toBeInTheDocument();
    expect(within(trusted.getByRole('row', { name: /UaExpert/ })).queryByText('Expired')).not.toBeInTheDocument();

    await user.click(trusted.getByRole('button', { name: 'Details of UaExpert' }));
    const details = within(screen.getByRole('dialog', { name: 'Certificate UaExpert' }));
    expect(details.getByText('urn:plant:client2')).toBeInTheDocument();
    expect(details.getByText('client.plant.local, 10.0.0.5')).toBeInTheDocument();
    await user.click(details.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(trusted.getByRole('button', { name: 'Download UaExpert' }));
    await waitFor(() => expect(saved).toEqual(['client2.der']));
  });

  test('Remove asks first, then the list is the one the device answered', async () => {
    const { user, fake } = await openCertificates();
    await user.click(section('Trusted clients (1)').getByRole('button', { name: 'Remove UaExpert' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Remove UaExpert from Trusted clients?' }));
    expect(dialog.getByText('That client can no longer connect with this certificate.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Remove' }));
    expect(await notice('UaExpert removed.')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Trusted clients (0)' })).toBeInTheDocument();
    expect(fake.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([`${API}/certificates/trusted_clients/${'02'.repeat(20)}`]);
  });

  test('upload to a list: a file that is no certificate is refused with its reason; a certificate is added', async () => {
    const { user } = await openCertificates();
    FakeUpload.answer = { status: 400, body: { message: 'not a certificate', error_code: 'invalid_certificate' } };
    fireEvent.change(screen.getByTestId('opcua-upload-client_issuers'), { target: { files: [new File(['hello'], 'notes.pem')] } });
    expect(await notice('This file is not a certificate or revocation list the panel can read (DER or PEM).')).toBeInTheDocument();
    expect(FakeUpload.sent[0]!.url).toBe(`${API}/certificates/client_issuers`);
    expect([...FakeUpload.sent[0]!.form.keys()]).toEqual(['file']);

    FakeUpload.answer = { status: 200, body: sampleCertificates({ client_issuers: [sampleCertificate(5, { subject: 'CN=Plant CA' })] }) };
    fireEvent.change(screen.getByTestId('opcua-upload-client_issuers'), { target: { files: [new File(['ca'], 'plant-ca.der')] } });
    // While it is sent, that list's chooser waits; the others stay free.
    const issuers = section('Client certificate issuers (0)');
    expect(await issuers.findByRole('progressbar', { name: 'Uploading' })).toBeInTheDocument();
    expect(issuers.getByRole('button', { name: 'Upload to Client certificate issuers' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Upload to Trusted clients' })).toBeEnabled();
    expect(await notice('Added to Client certificate issuers.')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Uploading' })).not.toBeInTheDocument();
    expect(section('Client certificate issuers (1)').getByText('Plant CA')).toBeInTheDocument();
    expect(screen.getByLabelText('Upload to Revocation lists')).toHaveAttribute('accept', '.der,.pem,.crt,.cer,.crl');
  });

  test('revocation lists show their issuer, dates and count', async () => {
    await openCertificates({
      certificates: sampleCertificates({
        revocation_lists: [{ id: '0a'.repeat(20), issuer: 'CN=Plant CA', this_update: '2026-11-01T00:00:00.000Z', next_update: '2026-12-01T00:00:00.000Z', revoked: 3, file_name: 'plant-ca.crl' }],
      }),
    });
    const row = within(section('Revocation lists (1)').getByRole('row', { name: /Plant CA/ }));
    expect(row.getByText('plant-ca.crl')).toBeInTheDocument();
    expect(row.getByText('3')).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Remove Plant CA' })).toBeInTheDocument();
  });
});

describe('OPC UA certificates: rejected clients', () => {
  test('come first and marked, with when they were first seen and their fingerprint; Trust moves one to the trusted clients', async () => {
    const { user, fake } = await openCertificates({ certificates: sampleCertificates({ rejected: [UNKNOWN] }), statuses: [sampleOpcuaStatus({ rejected: 1 })] });
    const regions = screen.getAllByRole('region').map((r) => r.getAttribute('aria-labelledby') && document.getElementById(r.getAttribute('aria-labelledby')!)?.textContent);
    expect(regions[0]).toBe('Rejected clients (1)');
    const rejected = section('Rejected clients (1)');
    expect(rejected.getByText(/Before you trust one, compare its fingerprint/)).toBeInTheDocument();
    const row = within(rejected.getByRole('row', { name: /Historian/ }));
    expect(row.getByText(/^2026\/11\/24 \d\d:55:00$/)).toBeInTheDocument();
    expect(row.getByText(UNKNOWN.fingerprint)).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Certificates (1 rejected)' })).toBeInTheDocument();

    await user.click(row.getByRole('button', { name: 'Trust Historian' }));
    expect(await notice('Historian is trusted now: that client can connect.')).toBeInTheDocument();
    expect(fake.sent('POST', `${API}/certificates/rejected/${UNKNOWN.id}/trust`)).toHaveLength(1);
    expect(await screen.findByRole('region', { name: 'Trusted clients (2)' })).toBeInTheDocument();
    expect(section('Trusted clients (2)').getByText('Historian')).toBeInTheDocument();
    // With none left, the list goes last.
    const after = screen.getAllByRole('region').map((r) => document.getElementById(r.getAttribute('aria-labelledby') ?? '')?.textContent);
    expect(after.at(-1)).toBe('Rejected clients (0)');
  });

  test('a rejected client removed after asking', async () => {
    const { user } = await openCertificates({ certificates: sampleCertificates({ rejected: [UNKNOWN] }) });
    await user.click(section('Rejected clients (1)').getByRole('button', { name: 'Remove Historian' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Remove Historian from Rejected clients?' }));
    expect(dialog.getByText('The certificate is forgotten. If that client connects again, it is rejected again.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('region', { name: 'Rejected clients (0)' })).toBeInTheDocument();
  });

  test('Trust of a certificate already gone says so and reads the lists again', async () => {
    const { user, fake } = await openCertificates({
      certificates: sampleCertificates({ rejected: [UNKNOWN] }),
      override: { [`POST ${API}/certificates/rejected/${UNKNOWN.id}/trust`]: () => ({ status: 404, body: { message: 'gone', error_code: 'not_found' } }) },
    });
    await user.click(section('Rejected clients (1)').getByRole('button', { name: 'Trust Historian' }));
    expect(await notice('This certificate is no longer in that list: the lists have been read again.')).toBeInTheDocument();
    expect(fake.requests.filter((r) => r.path === `${API}/certificates`).length).toBeGreaterThanOrEqual(1);
  });
});

describe('OPC UA certificates: failures', () => {
  test('the lists not read: says so, Retry reads them', async () => {
    let fail = true;
    const panel = opcuaPanel({
      override: { [`GET ${API}/certificates`]: () => (fail ? { status: 500, body: { message: 'x', error_code: 'internal_error' } } : { body: panel.state.certificates }) },
    });
    const { user } = renderOpcua({ url: `${PAGE}?tab=certificates` });
    expect(await screen.findByText('The certificates could not be read.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Server certificate' })).toBeInTheDocument();
  });
});
