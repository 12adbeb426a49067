/** The SECS/GEM settings rule (contract/rules/secs.ts): E37's timer ranges at their edges, the
 * linktest's 0 = off, and the remote host judged only in active mode. */
import { DEFAULT_SECS_SETTINGS, isHostName, SECS_TIMER_RANGES, SECS_TIMERS, secsSettingsProblems } from '../../contract/rules/secs';

const of = (patch: Partial<typeof DEFAULT_SECS_SETTINGS>) => secsSettingsProblems({ ...DEFAULT_SECS_SETTINGS, ...patch });

test('a new device has no problem, and the defaults are E37\'s', () => {
  expect(of({})).toEqual({});
  expect(SECS_TIMERS.map((t) => DEFAULT_SECS_SETTINGS[t])).toEqual([45, 10, 5, 10, 5]);
});

test.each(SECS_TIMERS)('%s: its range ends are accepted, one past either is not, nor a fraction', (timer) => {
  const { min, max } = SECS_TIMER_RANGES[timer];
  expect(of({ [timer]: min })).toEqual({});
  expect(of({ [timer]: max })).toEqual({});
  expect(of({ [timer]: min - 1 })).toEqual({ [timer]: 'timer_range' });
  expect(of({ [timer]: max + 1 })).toEqual({ [timer]: 'timer_range' });
  expect(of({ [timer]: min + 0.5 })).toEqual({ [timer]: 'timer_range' });
  expect(of({ [timer]: NaN })).toEqual({ [timer]: 'timer_range' });
});

test('device ID 0–32767; linktest 0 (off) or 1–3600', () => {
  expect(of({ device_id: 32767 })).toEqual({});
  expect(of({ device_id: -1 })).toEqual({ device_id: 'device_id_range' });
  expect(of({ linktest_interval: 0 })).toEqual({});
  expect(of({ linktest_interval: 3600 })).toEqual({});
  expect(of({ linktest_interval: 3601 })).toEqual({ linktest_interval: 'linktest_range' });
});

test('the remote host and port are judged in active mode only; the listen port in passive mode only', () => {
  expect(of({ remote_host: '', remote_port: 0 })).toEqual({});
  expect(of({ mode: 'active', remote_host: '' })).toEqual({ remote_host: 'remote_host_required' });
  expect(of({ mode: 'active', remote_host: '  ' })).toEqual({ remote_host: 'remote_host_required' });
  expect(of({ mode: 'active', remote_host: 'mes.example', remote_port: 0 })).toEqual({ remote_port: 'port_range' });
  expect(of({ mode: 'active', remote_host: 'mes.example', port: 0 })).toEqual({});
  expect(of({ port: 70000 })).toEqual({ port: 'port_range' });
});

test.each([
  ['mes.example', true],
  ['192.168.0.10', true],
  ['fe80::1', true],
  ['host-1', true],
  ['http://mes', false],
  ['mes:5000', false],
  ['beef:5000', false],
  ['::ffff:10.0.0.1', true],
  ['-bad.example', false],
  ['a b', false],
  ['', false],
])('host %j: %s', (host, ok) => {
  expect(isHostName(host)).toBe(ok);
});
