/**
 * PLC Runtime: the activation (a typing mistake said as it is typed, a licence the panel refuses,
 * the right one, by code, the reset), the version and state, LAN1 (its owner, the address judged
 * by the network rules as it is typed, saved), the firmware update through the HMI restart and a
 * refused one, a page opened mid-update, an account that may only read, and a panel that cannot
 * be reached.
 */
import { File } from 'node:buffer';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import PlcRuntimePage from '../../../src/features/plc-runtime/PlcRuntimePage';
import { renderScreen } from '../../support/render';
import { fakeDevice, type DeviceAnswer, type FakeDevice } from '../../support/fake-device';
import { FakeUpload } from '../../support/fake-upload';
import { storeSession } from '../../support/shell-device';
import { plcLan1 } from '../../support/settings';
import { samplePlcJob } from '../../../machines/plc-runtime-update.qa';
import type { Job } from '../../../contract/api/jobs';
import type { PlcRuntimeStatus } from '../../../src/features/plc-runtime/types';
import {
  activationProblem,
  groupLicenceText,
  licenceCheckCharacter,
  normalizeLicenceText,
  plcLan1Problems,
  type PlcLan1Settings,
} from '../../../contract/rules/plc-runtime';
import dePlc from '../../../public/locales/plc-runtime/de.json';

const API = '/api/v1';
const STATUS = `${API}/plc-runtime`;
const DEVICE_SERIAL = 'X107012345678';
/** A serial number the fake panel takes, and a well-formed one it does not. */
const VALID_SERIAL = groupLicenceText('serial_number', 'K7M2Q9TZ4XB6C8D' + licenceCheckCharacter('K7M2Q9TZ4XB6C8D'));
const FORGED_SERIAL = groupLicenceText('serial_number', '0000000042ZZZZZ' + licenceCheckCharacter('0000000042ZZZZZ'));
const VALID_CODE = groupLicenceText('code', 'ABCDE12345FGHJK6789' + licenceCheckCharacter('ABCDE12345FGHJK6789'));

const statusWire = (overrides: Partial<PlcRuntimeStatus> = {}): PlcRuntimeStatus => ({
  activation: { state: 'not_activated', method: null, activated_at: null, licence_hint: null },
  runtime: { state: 'stopped', version: '3.5.19.30' },
  device_serial_number: DEVICE_SERIAL,
  lan1: plcLan1({ ip: '192.168.1.10', netmask: '255.255.255.0' }),
  max_firmware_bytes: 64 * 1024 * 1024,
  restart_seconds: 20,
  running_job: null,
  ...overrides,
});

interface Options {
  status?: Partial<PlcRuntimeStatus>;
  /** The job's answers, one per ask (the last one repeats). */
  jobs?: Job[];
  /** How many status asks fail (the panel away) once the job reached the restart. */
  away?: number;
  /** Every status ask fails. */
  unreachable?: boolean;
  account?: string;
  extraRoles?: string[];
}

const refusal = (status: number, error_code: string, extra: Record<string, unknown> = {}): DeviceAnswer => ({ status, body: { message: error_code, error_code, ...extra } });

/** A panel that keeps its PLC runtime as the device does, with the shared rules. */
function device({ status = {}, jobs = [samplePlcJob('running'), samplePlcJob('running', 'restart_hmi'), samplePlcJob('done')], away = 0, unreachable = false, extraRoles = [] }: Options = {}): FakeDevice {
  let current = statusWire(status);
  let asked = 0;
  let restarting = false;
  let gone = away;
  return fakeDevice({
    [`GET ${API}/uac/account/extra-role`]: () => ({ body: extraRoles }),
    [`GET ${API}/auth/token/check`]: () => ({ body: { valid: true, username: 'admin', expires_at: '2026-11-24T09:00:00.000Z' } }),
    [`GET ${STATUS}`]: () => {
      if (unreachable || (restarting && gone > 0)) {
        gone--;
        throw new TypeError('Failed to fetch');
      }
      return { body: current };
    },
    [`POST ${STATUS}/activate`]: (raw) => {
      const { method, value } = raw as { method: 'serial_number' | 'code'; value: string };
      const problem = activationProblem(method, value);
      if (problem) return refusal(400, 'validation_failure', { field: 'value', problem });
      const licence = normalizeLicenceText(value);
      if (method === 'serial_number' && licence !== normalizeLicenceText(VALID_SERIAL)) return refusal(400, 'invalid_serial_number');
      if (method === 'code' && licence !== normalizeLicenceText(VALID_CODE)) return refusal(400, 'invalid_activation_code');
      current = {
        ...current,
        activation: { state: 'activated', method, activated_at: '2026-11-24T08:00:00.000Z', licence_hint: licence.slice(-4) },
        runtime: { ...current.runtime, state: 'running' },
      };
      return { body: current };
    },
    [`POST ${STATUS}/reset`]: () => {
      current = { ...current, activation: statusWire().activation, runtime: { ...current.runtime, state: 'stopped' } };
      return { body: current };
    },
    [`PUT ${STATUS}/lan1`]: (raw) => {
      const lan1 = raw as PlcLan1Settings;
      const problems = plcLan1Problems(lan1);
      const field = (['ip', 'netmask', 'gateway'] as const).find((f) => problems[f]);
      if (field) return refusal(400, 'validation_failure', { field, problem: problems[field] });
      current = { ...current, lan1: lan1.owner === 'plc_runtime_os' ? lan1 : { ...current.lan1, owner: lan1.owner } };
      return { body: current };
    },
    [`GET ${API}/jobs/plc-job-1`]: () => {
      const job = jobs[Math.min(asked++, jobs.length - 1)]!;
      if (job.current_step === 'restart_hmi') {
        restarting = true;
        current = { ...current, runtime: { state: 'updating', version: '3.5.20.0' }, running_job: { id: 'plc-job-1', version: '3.5.20.0' } };
      }
      if (job.state === 'done') current = { ...current, runtime: { state: current.activation.state === 'activated' ? 'running' : 'stopped', version: '3.5.20.0' }, running_job: null };
      return { body: job };
    },
  });
}

const realXhr = window.XMLHttpRequest;
beforeEach(() => {
  FakeUpload.sent = [];
  FakeUpload.answer = { status: 202, body: { job_id: 'plc-job-1', version: '3.5.20.0' } };
  (window as unknown as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeUpload;
});
afterEach(() => {
  window.XMLHttpRequest = realXhr;
  localStorage.clear();
});

async function openPage(options: Options = {}, language: 'en' | 'de' = 'en') {
  storeSession(options.account ?? 'admin');
  const fake = device(options);
  const user = userEvent.setup();
  const rendered = renderScreen(<PlcRuntimePage />, { language });
  if (!options.unreachable) await screen.findByTestId('plc-version');
  return { fake, user, ...rendered };
}

const section = (name: string) => within(screen.getByRole('region', { name }));
const valueOf = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
const licenceField = () => screen.getByRole('textbox', { name: /Licence serial number|Activation code/ });
const overlay = () => within(screen.getByRole('dialog', { name: 'Updating the PLC runtime' }));
const steps = () => ['prepare', 'upload_firmware', 'update_firmware', 'restart_hmi'].map((s) => screen.getByTestId(`plc-step-${s}`).dataset.state);
const choose = (file: File) => fireEvent.change(screen.getByTestId('firmware-input'), { target: { files: [file] } });

async function startUpdate(user: ReturnType<typeof userEvent.setup>) {
  choose(new File([new Uint8Array(120_000)], 'plc-runtime-3.5.20.0.bin'));
  expect(screen.getByTestId('chosen-firmware')).toHaveTextContent('plc-runtime-3.5.20.0.bin (117.2 KiB)');
  await user.click(screen.getByRole('button', { name: 'Update firmware' }));
  const confirm = within(screen.getByRole('dialog', { name: 'Update the PLC runtime firmware?' }));
  expect(confirm.getByText(/installs plc-runtime-3\.5\.20\.0\.bin and restarts the HMI/)).toBeInTheDocument();
  await user.click(confirm.getByRole('button', { name: 'Update and restart' }));
}

describe('PLC Runtime: the state', () => {
  it('shows the activation, the version and state, LAN1 and the firmware limit', async () => {
    await openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'PLC Runtime' })).toBeInTheDocument();
    expect(screen.getByTestId('activation-state')).toHaveTextContent('Not activated');
    expect(screen.getByTestId('device-serial')).toHaveTextContent(DEVICE_SERIAL);
    expect(screen.getByTestId('plc-version')).toHaveTextContent('3.5.19.30');
    expect(screen.getByTestId('plc-state')).toHaveTextContent('Stopped');
    expect(valueOf('LAN1 controlled by')).toHaveTextContent('PLC runtime OS');
    expect(valueOf('Largest firmware taken')).toHaveTextContent('64 MiB');
    expect(section('LAN1').getByRole('radio', { name: 'PLC runtime OS' })).toBeChecked();
    expect(section('LAN1').getByRole('textbox', { name: 'IP address' })).toHaveValue('192.168.1.10');
    expect(section('LAN1').getByRole('textbox', { name: 'IP address' })).toBeEnabled();
    expect(screen.getByText(/restarts the HMI: the panel is offline for about 20 s/)).toBeInTheDocument();
  });

  it('speaks German', async () => {
    await openPage({}, 'de');
    expect(screen.getByRole('heading', { level: 2, name: dePlc.activation.title })).toBeInTheDocument();
    expect(screen.getByTestId('activation-state')).toHaveTextContent(dePlc.activation.states.not_activated);
    expect(screen.getByRole('radio', { name: dePlc.lan1.owners.gateway_os })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: dePlc.firmware.start })).toBeDisabled();
  });

  it('says the panel cannot be reached, and reads again on Retry', async () => {
    const { fake, user } = await openPage({ unreachable: true });
    expect(await screen.findByText(/The panel cannot be reached/)).toBeInTheDocument();
    const before = fake.sent('GET', STATUS).length;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(fake.sent('GET', STATUS).length).toBeGreaterThan(before));
  });

  it('lets an account granted the menu read the runtime, with every change disabled', async () => {
    await openPage({ account: 'update', extraRoles: ['plc_runtime'] });
    expect(await screen.findByText('Only admin can change the PLC runtime.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Activate' })).toBeDisabled();
    expect(licenceField()).toBeDisabled();
    expect(section('LAN1').getByRole('textbox', { name: 'IP address' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Choose .bin file' })).toBeDisabled();
  });
});

describe('PLC Runtime: activation', () => {
  it('says a typing mistake as soon as the serial number is complete, before anything is sent', async () => {
    const { fake, user } = await openPage();
    const typo = VALID_SERIAL.slice(0, 2) + (VALID_SERIAL[2] === '7' ? '8' : '7') + VALID_SERIAL.slice(3);
    await user.type(licenceField(), typo.slice(0, 8));
    // Half-way is not an error.
    expect(licenceField()).not.toHaveAttribute('aria-invalid', 'true');
    await user.type(licenceField(), typo.slice(8));
    expect(licenceField()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('This serial number has a typing mistake: compare it with the licence')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(fake.sent('POST', `${STATUS}/activate`)).toHaveLength(0);
  });

  it('shows the panel\'s refusal of a licence it did not issue, then activates with the right one', async () => {
    const { fake, user } = await openPage();
    await user.type(licenceField(), FORGED_SERIAL);
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('This serial number is not a valid PLC runtime licence')).toBeInTheDocument();
    expect(screen.getByTestId('activation-state')).toHaveTextContent('Not activated');

    await user.clear(licenceField());
    // Lower case and without dashes: read as the licence.
    await user.type(licenceField(), VALID_SERIAL.replace(/-/g, '').toLowerCase());
    expect(screen.queryByText('This serial number is not a valid PLC runtime licence')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(screen.getByTestId('activation-state')).toHaveTextContent('Activated'));
    expect(await screen.findByText('The PLC runtime is activated')).toBeInTheDocument();
    expect(valueOf('Activated with')).toHaveTextContent('Serial number');
    expect(screen.getByTestId('licence-hint')).toHaveTextContent(`ending in ${VALID_SERIAL.slice(-4)}`);
    expect(screen.getByTestId('plc-state')).toHaveTextContent('Running');
    expect(fake.sent('POST', `${STATUS}/activate`).at(-1)).toEqual({ method: 'serial_number', value: VALID_SERIAL.replace(/-/g, '').toLowerCase() });
  });

  it('activates with the code issued for this panel, named by its serial number; a code for another panel is refused', async () => {
    const { fake, user } = await openPage();
    await user.click(screen.getByRole('radio', { name: 'Activation code' }));
    expect(screen.getByRole('textbox', { name: 'Activation code' })).toHaveAttribute('placeholder', 'XXXXX-XXXXX-XXXXX-XXXXX');
    expect(screen.getByText(`The code issued for this panel (serial number ${DEVICE_SERIAL})`)).toBeInTheDocument();
    // A serial number where the code goes: the form says so once the field is left.
    await user.type(licenceField(), VALID_SERIAL);
    await user.tab();
    expect(screen.getByText('An activation code is 20 letters and digits: XXXXX-XXXXX-XXXXX-XXXXX')).toBeInTheDocument();
    await user.clear(licenceField());
    const other = groupLicenceText('code', '0000000000000000000' + licenceCheckCharacter('0000000000000000000'));
    await user.type(licenceField(), other);
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('This activation code is not valid for this panel')).toBeInTheDocument();
    await user.clear(licenceField());
    await user.type(licenceField(), VALID_CODE);
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(valueOf('Activated with')).toHaveTextContent('Activation code'));
    expect(fake.sent('POST', `${STATUS}/activate`).at(-1)).toEqual({ method: 'code', value: VALID_CODE });
  });

  it('asks before it resets the activation; the runtime then stops', async () => {
    const { fake, user } = await openPage({
      status: { activation: { state: 'activated', method: 'code', activated_at: '2026-11-24T08:00:00.000Z', licence_hint: '7K2Q' }, runtime: { state: 'running', version: '3.5.19.30' } },
    });
    expect(screen.getByTestId('licence-hint')).toHaveTextContent('ending in 7K2Q');
    await user.click(screen.getByRole('button', { name: 'Reset activation' }));
    const confirm = within(screen.getByRole('dialog', { name: 'Reset the activation?' }));
    await user.click(confirm.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.sent('POST', `${STATUS}/reset`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Reset activation' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Reset the activation?' })).getByRole('button', { name: 'Reset activation' }));
    await waitFor(() => expect(screen.getByTestId('activation-state')).toHaveTextContent('Not activated'));
    expect(await screen.findByText('The activation was reset: the PLC runtime is stopped')).toBeInTheDocument();
    expect(fake.sent('POST', `${STATUS}/reset`)).toHaveLength(1);
  });
});

describe('PLC Runtime: LAN1', () => {
  it('says a gateway outside the subnet as it is typed, keeps Save off, and saves once it is right', async () => {
    const { fake, user } = await openPage();
    const lan1 = section('LAN1');
    const save = lan1.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.type(lan1.getByRole('textbox', { name: 'Gateway' }), '10.0.0.1');
    expect(lan1.getByRole('textbox', { name: 'Gateway' })).toHaveAttribute('aria-invalid', 'true');
    expect(lan1.getByText("The gateway must be another address in LAN1's subnet")).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.clear(lan1.getByRole('textbox', { name: 'Gateway' }));
    await user.type(lan1.getByRole('textbox', { name: 'Gateway' }), '192.168.1.1');
    await user.clear(lan1.getByRole('textbox', { name: 'Subnet mask' }));
    await user.type(lan1.getByRole('textbox', { name: 'Subnet mask' }), '255.0.255.0');
    expect(lan1.getByText('A subnet mask is ones followed by zeros, such as 255.255.255.0')).toBeInTheDocument();
    await user.clear(lan1.getByRole('textbox', { name: 'Subnet mask' }));
    await user.type(lan1.getByRole('textbox', { name: 'Subnet mask' }), '255.255.255.0');
    expect(save).toBeEnabled();
    await user.click(save);
    expect(await screen.findByText('Update settings successful')).toBeInTheDocument();
    expect(fake.sent('PUT', `${STATUS}/lan1`)).toEqual([plcLan1({ ip: '192.168.1.10', netmask: '255.255.255.0', gateway: '192.168.1.1' })]);
  });

  it('hands LAN1 to the gateway OS: the address fields go back to what is stored and are not editable', async () => {
    const { fake, user } = await openPage();
    const lan1 = section('LAN1');
    await user.clear(lan1.getByRole('textbox', { name: 'IP address' }));
    await user.type(lan1.getByRole('textbox', { name: 'IP address' }), '192.168.1.');
    expect(lan1.getByText('Enter an IPv4 address such as 192.168.1.10')).toBeInTheDocument();
    await user.click(lan1.getByRole('radio', { name: 'Gateway OS' }));
    expect(lan1.getByRole('textbox', { name: 'IP address' })).toBeDisabled();
    expect(lan1.getByRole('textbox', { name: 'IP address' })).toHaveValue('192.168.1.10');
    expect(lan1.getByTestId('lan1-owner-hint')).toHaveTextContent(/takes the panel's Ethernet settings/);
    await user.click(lan1.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.sent('PUT', `${STATUS}/lan1`)).toHaveLength(1));
    expect(fake.sent('PUT', `${STATUS}/lan1`)[0]).toMatchObject({ owner: 'gateway_os' });
    await waitFor(() => expect(valueOf('LAN1 controlled by')).toHaveTextContent('Gateway OS'));
  });
});

describe('PLC Runtime: firmware update', () => {
  it('takes only .bin files, and none past the limit; nothing is sent', async () => {
    await openPage({ status: { max_firmware_bytes: 1000 } });
    choose(new File(['x'], 'runtime.zip'));
    expect(screen.getByRole('alert')).toHaveTextContent('Only .bin firmware files can be installed');
    choose(new File([new Uint8Array(2000)], 'runtime.bin'));
    expect(screen.getByRole('alert')).toHaveTextContent('Firmware too large: the panel takes firmware files up to 1,000 B');
    expect(screen.getByRole('button', { name: 'Update firmware' })).toBeDisabled();
    expect(FakeUpload.sent).toHaveLength(0);
  });

  it('uploads the firmware, follows the steps through the HMI restart, and shows the new version', async () => {
    const { user } = await openPage({ away: 1 });
    await startUpdate(user);
    expect(overlay().getByText(/Do not switch the panel off/)).toBeInTheDocument();
    expect(await overlay().findByText('58.6 KiB of 117.2 KiB (50 %)')).toBeInTheDocument();
    expect(steps()).toEqual(['done', 'running', 'pending', 'pending']);
    await waitFor(() => expect(steps()).toEqual(['done', 'done', 'running', 'pending']));
    await waitFor(() => expect(steps()).toEqual(['done', 'done', 'done', 'running']), { timeout: 3000 });
    expect(overlay().getByText(/The HMI is restarting/)).toBeInTheDocument();
    // One ask finds the panel away; the next (2 s later) finds the update ended with the new version.
    expect(await overlay().findByText('The PLC runtime was updated to version 3.5.20.0.', {}, { timeout: 6000 })).toBeInTheDocument();
    expect(steps()).toEqual(['done', 'done', 'done', 'done']);
    const sent = FakeUpload.sent[0]!;
    expect({ method: sent.method, url: sent.url }).toEqual({ method: 'POST', url: `${STATUS}/update` });
    expect((sent.form.get('firmware') as globalThis.File).name).toBe('plc-runtime-3.5.20.0.bin');
    await user.click(overlay().getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('plc-version')).toHaveTextContent('3.5.20.0');
    expect(screen.getByTestId('chosen-firmware')).toHaveTextContent('No file chosen');
  }, 15_000);

  it('says Invalid firmware, and that the runtime keeps its version, when the panel refuses the file', async () => {
    FakeUpload.answer = { status: 400, body: { message: 'Invalid firmware: bad signature', error_code: 'invalid_firmware' } };
    const { user, fake } = await openPage();
    await startUpdate(user);
    const alert = await overlay().findByRole('alert');
    expect(within(alert).getByText('The update did not go through.')).toBeInTheDocument();
    expect(within(alert).getByText('Invalid firmware')).toBeInTheDocument();
    expect(within(alert).getByText('The PLC runtime keeps version 3.5.19.30.')).toBeInTheDocument();
    expect(steps()).toEqual(['done', 'failed', 'pending', 'pending']);
    expect(fake.sent('GET', `${API}/jobs/plc-job-1`)).toHaveLength(0);
    await user.click(overlay().getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says Firmware update failed when the installer refuses it on the panel', async () => {
    const { user } = await openPage({ jobs: [samplePlcJob('running'), samplePlcJob('failed', 'update_firmware', { error_code: 'firmware_update_failed' })] });
    await startUpdate(user);
    const alert = await overlay().findByRole('alert', {}, { timeout: 3000 });
    expect(within(alert).getByText('Firmware update failed')).toBeInTheDocument();
    expect(within(alert).getByText(/it may need a newer OS than the panel runs/)).toBeInTheDocument();
    expect(steps()).toEqual(['done', 'done', 'failed', 'pending']);
    expect(screen.getByTestId('plc-version')).toHaveTextContent('3.5.19.30');
  });

  it('follows an update that runs when the page opens', async () => {
    await openPage({ status: { running_job: { id: 'plc-job-1', version: '3.5.20.0' }, runtime: { state: 'updating', version: '3.5.19.30' } } });
    expect(await screen.findByRole('dialog', { name: 'Updating the PLC runtime' })).toBeInTheDocument();
    expect(await overlay().findByText('The PLC runtime was updated to version 3.5.20.0.', {}, { timeout: 6000 })).toBeInTheDocument();
  }, 10_000);
});
