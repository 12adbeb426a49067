import type { AreaCases } from './types';

/** PLC1 of the sample project (Modbus TCP/IP on Ethernet), as the PUT sets it. */
export const PLC1_SETTINGS = {
  interface: 'ethernet',
  default_station: 1,
  ip: '192.168.1.11',
  port: 502,
  baud_rate: null,
  data_bits: null,
  parity: null,
  stop_bits: null,
  timeout_100ms: 10,
  turnaround_delay_ms: 0,
  parameter_1: 0,
  parameter_2: 0,
  send_ack_delay_ms: 0,
};

export const communicationCases: AreaCases = {
  'communication.devices': { account: 'admin' },
  'communication.setDevice': {
    account: 'admin',
    url: '/api/v1/communication/devices/PLC1',
    body: PLC1_SETTINGS,
    invalid: { url: '/api/v1/communication/devices/PLC1', body: { ...PLC1_SETTINGS, ip: '192.168.1.300' }, field: 'ip' },
  },
};
