/**
 * The fake devices of the component tests answer only what the contract allows: an answer that
 * breaks its call's schema, an error body that is not the contract's, or a path no call has is
 * reported with the call and the zod issues, and fails the test (component-setup.ts runs
 * assertNoContractViolations after each one; here the tests run it themselves to see it throw).
 */
import { screen } from '@testing-library/react';
import { useSystemInfoQuery } from '../../../store/api/system-endpoints';
import { renderScreen } from '../../support/render';
import {
  assertNoContractViolations,
  contractViolation,
  fakeDevice,
  findCall,
  takeContractViolations,
} from '../../support/fake-device';
import { shellDevice } from '../../support/shell-device';

const INFO = '/api/v1/system/info';

/** The smallest screen that reads the system info and shows it. */
function HostName() {
  const info = useSystemInfoQuery();
  return <p>{info.data ? `host ${info.data.hostname}` : 'waiting'}</p>;
}

/** A system info answer as the device gave it before it had a serial number and MAC addresses. */
const infoWithoutIdentity = {
  hmi_name: 'HMI-Line-3',
  model: 'cMT3072XH',
  os_version: '20250101',
  web_version: '1.0.0',
  hostname: 'hmi-panel',
  uptime_seconds: 93784,
  remote_access_version: '2.1.0',
  disk: { total_bytes: 100, used_bytes: 10 },
  memory: { total_bytes: 100, used_bytes: 10 },
};

describe('a fake answer that breaks the contract', () => {
  test('a system info missing required fields fails the render that used it, naming the call and the fields', async () => {
    fakeDevice({ [`GET ${INFO}`]: () => ({ body: infoWithoutIdentity }) });
    renderScreen(<HostName />);
    // The console shows what it got; the check is what catches the fake.
    expect(await screen.findByText('host hmi-panel')).toBeInTheDocument();
    let failure: unknown;
    try {
      assertNoContractViolations();
    } catch (e) {
      failure = e;
    }
    expect(failure).toBeInstanceOf(Error);
    const message = (failure as Error).message;
    expect(message).toContain(`GET ${INFO} (system.info) answered 200, which breaks the response of system.info`);
    expect(message).toMatch(/serial_number: .*expected string/);
    expect(message).toMatch(/macs: .*expected array/);
    // Reported once, then forgotten: the test itself ends green.
    expect(takeContractViolations()).toEqual([]);
  });

  test('the default shell device answers system info as the contract says', async () => {
    shellDevice();
    const answer = await fetch(INFO);
    expect(await answer.json()).toMatchObject({ serial_number: expect.any(String), macs: expect.any(Array) });
    expect(takeContractViolations()).toEqual([]);
  });

  test('an error answer must be the contract error body', async () => {
    fakeDevice({ [`GET ${INFO}`]: () => ({ status: 500, body: { message: 'down', error_code: 'out_of_order' } }) });
    await fetch(INFO);
    const [found, ...more] = takeContractViolations();
    expect(more).toEqual([]);
    expect(found?.problem).toContain(`GET ${INFO} (system.info) answered 500, which breaks the error body`);
    expect(found?.problem).toContain('error_code:');
  });

  test('a 2xx answer is checked against the call it answers, not any call', () => {
    expect(contractViolation('GET', '/api/v1/system/hmi/name', 200, { name: 'HMI' })).toBeNull();
    expect(contractViolation('GET', '/api/v1/system/hmi/name', 200, { hmi_name: 'HMI' })).toMatch(
      /system\.getHmiName.*\n\s+name: /,
    );
    expect(contractViolation('GET', '/api/v1/system/hmi/name', 302, { name: 'HMI' })).toMatch(/no answer with this status/);
  });

  test('a field the contract does not name is reported, however deep', () => {
    expect(contractViolation('GET', '/api/v1/system/hmi/name', 200, { name: 'HMI', colour: 'red' })).toBe(
      'GET /api/v1/system/hmi/name (system.getHmiName) answered 200 with fields the response of system.getHmiName does not have:\n    colour',
    );
    const macs = [{ name: 'LAN1', mac: '02:1a:7c:00:00:01', speed: 100 }];
    expect(contractViolation('GET', INFO, 200, { ...infoWithoutIdentity, serial_number: 'X1', macs })).toMatch(/\n {4}macs\[0\]\.speed$/);
    expect(contractViolation('GET', INFO, 500, { message: 'x', error_code: 'fail', hint: 'y' })).toMatch(/the error body does not have:\n {4}hint$/);
  });
});

describe('paths', () => {
  test('a request to a path no call of the contract has is reported', async () => {
    fakeDevice({ 'GET /api/v1/system/nothing': () => ({ body: {} }) });
    await fetch('/api/v1/system/nothing');
    expect(takeContractViolations().map((v) => v.problem)).toEqual([
      'GET /api/v1/system/nothing: no call of the contract has this method and path',
    ]);
  });

  test('a test may send to an unknown path on purpose', async () => {
    fakeDevice({ 'GET /api/v1/system/nothing': () => ({ body: {} }) }, { unknownPaths: ['GET /api/v1/system/nothing'] });
    await fetch('/api/v1/system/nothing');
    expect(takeContractViolations()).toEqual([]);
  });

  test('a call without a handler answers 404 not_found, which the contract allows', async () => {
    fakeDevice({});
    expect((await fetch(INFO)).status).toBe(404);
    expect(takeContractViolations()).toEqual([]);
  });

  test('Fastify-style parameters match one segment, and a literal segment wins over a parameter', () => {
    expect(findCall('POST', '/api/v1/network/pending/change-1/confirm')?.id).toBe('network.confirmChange');
    expect(findCall('POST', '/api/v1/network/pending/change-1/revert')?.id).toBe('network.revertChange');
    expect(findCall('POST', '/api/v1/auth/token/admin')?.id).toBe('auth.tokenAdmin');
    expect(findCall('POST', '/api/v1/auth/token/app')?.id).toBe('auth.tokenApp');
    expect(findCall('GET', '/api/v1/auth/token/check')?.id).toBe('auth.tokenCheck');
    expect(findCall('GET', '/api/v1/network/pending/change-1/confirm')).toBeUndefined();
    expect(findCall('POST', '/api/v1/network/pending/a/b/confirm')).toBeUndefined();
  });
});
