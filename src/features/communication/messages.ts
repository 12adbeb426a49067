import type { TFunction } from 'i18next';
import {
  comPortOf,
  DEVICE_RANGES,
  portConflict,
  portPeers,
  timeoutMs,
  type CommInterface,
  type DeviceField,
  type DeviceProblem,
  type DeviceSettings,
  type Parity,
  type PortUser,
  type RangedField,
} from '../../../contract/rules/communication';

export const COMMUNICATION_NS = 'communication';

/** Numbers in the chosen language (19,200 / 19.200 / 19 200): the console's one format. */
export { numberFormat } from '../../i18n/numbers';

export function interfaceLabel(t: TFunction, iface: CommInterface): string {
  return t(`interface.${iface}`, { ns: COMMUNICATION_NS });
}

export function portLabel(t: TFunction, iface: CommInterface): string {
  const port = comPortOf(iface);
  return port ? t(`com_port.${port}`, { ns: COMMUNICATION_NS }) : interfaceLabel(t, iface);
}

export function parityLabel(t: TFunction, parity: Parity): string {
  return t(`parity.${parity}`, { ns: COMMUNICATION_NS });
}

/** A value of a serial field as the screen shows it. */
export function serialValueText(t: TFunction, n: Intl.NumberFormat, field: 'baud_rate' | 'data_bits' | 'parity' | 'stop_bits', value: number | string | null | undefined): string {
  if (value === null || value === undefined) return '—';
  if (field === 'parity') return parityLabel(t, value as Parity);
  if (field === 'baud_rate') return t('value.baud', { ns: COMMUNICATION_NS, value: n.format(Number(value)) });
  return n.format(Number(value));
}

/** The timeout as the screen shows it: its milliseconds (§9: units of 100 ms). */
export function timeoutText(t: TFunction, n: Intl.NumberFormat, timeout100ms: number): string {
  return t('value.ms', { ns: COMMUNICATION_NS, value: n.format(timeoutMs(timeout100ms)) });
}

/**
 * The message of a rule's problem code (contract/rules/communication.ts) for one field, in the
 * chosen language: a range says its bounds, a shared COM port names the device the value must
 * match and its value.
 */
export function problemText(
  t: TFunction,
  n: Intl.NumberFormat,
  field: DeviceField,
  problem: DeviceProblem | undefined,
  settings: DeviceSettings,
  others: readonly PortUser[],
): string | undefined {
  if (!problem) return undefined;
  const ns = COMMUNICATION_NS;
  switch (problem) {
    case 'range': {
      const range = DEVICE_RANGES[field as RangedField] ?? { min: 0, max: 0 };
      return t('problem.range', { ns, min: n.format(range.min), max: n.format(range.max) });
    }
    case 'port_shared': {
      if (field !== 'baud_rate' && field !== 'data_bits' && field !== 'parity' && field !== 'stop_bits') break;
      const peer = portConflict(settings.interface, field, settings[field], others);
      if (!peer) break;
      return t('problem.port_shared', { ns, device: peer.name, port: portLabel(t, settings.interface), value: serialValueText(t, n, field, peer[field]) });
    }
    case 'port_mode': {
      const peer = portPeers(settings.interface, others).find((o) => o.interface !== settings.interface);
      if (!peer) break;
      return t('problem.port_mode', { ns, device: peer.name, interface: interfaceLabel(t, peer.interface) });
    }
    default:
      return t(`problem.${problem}`, { ns, defaultValue: t('problem.invalid', { ns }) });
  }
  return t('problem.invalid', { ns });
}
