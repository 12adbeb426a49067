import crypto from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../db/database';
import type { Clock } from '../lib/clock';
import type { SettingsService, DeviceSettings } from './settings';
import { setting } from '../http/area';
import { ethernetSettingsSchema, hotspotSettingsSchema, pendingChangeSchema, wifiConnectSchema } from '../../contract/api/network';
import { DEFAULT_ETHERNET_SETTINGS, DEFAULT_HOTSPOT_SETTINGS } from '../../contract/rules/network';
import type { OperationLog } from './operation-log';
import { ApiError } from '../lib/api-error';
import {
  SAFE_APPLY_SECONDS,
  type EthernetSettings,
  type HotspotSettings,
  type InterfaceStatus,
  type NetworkSection,
  type PendingNetworkChange,
  type WifiConnectSettings,
  type WifiState,
} from '../../contract/rules/network';
import type { wifiNetworkSchema, wifiSchema } from '../../contract/api/network';
import { attemptOutcome, findNetwork, scan } from '../hardware/radio';

export interface NetworkTiming {
  /** How long a safe change waits for its confirmation (90 s). */
  rollbackMs: number;
  /** How long the simulated radio takes to associate or fail. */
  connectMs: number;
}

export const DEFAULT_NETWORK_TIMING: NetworkTiming = { rollbackMs: SAFE_APPLY_SECONDS * 1000, connectMs: 2500 };

export const INTERFACE_NAMES = ['LAN1', 'LAN2'] as const;

/** The DHCP leases the simulated LAN segments give (link states are simulated:
 * docs/decisions.md#the-simulated-panel). */
const DHCP_LEASES = [
  { ip: '192.168.1.57', netmask: '255.255.255.0', gateway: '192.168.1.1', dns: ['192.168.1.1'] },
  { ip: '10.20.0.57', netmask: '255.255.0.0', gateway: '10.20.0.1', dns: ['10.20.0.1'] },
];

/** A pending network change as stored: the contract's pending change without its countdown (worked
 * out from the deadline when asked), plus what restoring or keeping it needs. */
const storedNetworkChangeSchema = pendingChangeSchema.omit({ seconds_left: true }).extend({
  /** The section's value it replaced, and its own (a section of NETWORK_SETTINGS). */
  before: z.unknown(),
  after: z.unknown(),
  deadline_ms: z.number(),
});
export type StoredNetworkChange = z.output<typeof storedNetworkChangeSchema>;

function randomPassphrase(length: number): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  return Array.from(crypto.randomBytes(length), (b) => alphabet[b % alphabet.length]).join('');
}

/** The network's settings (the network area keeps them, server/routes/network.ts). */
export const NETWORK_SETTINGS = {
  ethernet: setting(ethernetSettingsSchema, () => structuredClone(DEFAULT_ETHERNET_SETTINGS)),
  wifi: setting(z.object({ enabled: z.boolean(), connection: wifiConnectSchema.nullable(), attempt_started_ms: z.number() }), () => ({
    enabled: false,
    connection: null,
    attempt_started_ms: 0,
  })),
  // Printed on a panel's label; here made at first start, never a shared default.
  hotspot: setting(hotspotSettingsSchema, () => ({ ...DEFAULT_HOTSPOT_SETTINGS, password: randomPassphrase(12) })),
  /** A network change applied with the safety net, until confirmed or restored. */
  network_pending: setting(storedNetworkChangeSchema.nullable(), () => null),
};

type SectionValue = { ethernet: EthernetSettings; wifi: DeviceSettings['wifi']; hotspot: HotspotSettings };

/** The panel's network: interface settings and what they give, the simulated radio, and the safety
 * net. A change applied with `safe` is stored with what it replaced and a deadline; unless
 * confirmed before the deadline the previous settings come back and the operation log says so.
 * The deadline is checked on every use and by a timer, so a restart or a quiet console cannot
 * leave an unconfirmed change in place. */
export class NetworkService {
  private timer: NodeJS.Timeout | null = null;

  private readonly db: Db;
  private readonly settings: SettingsService;
  private readonly clock: Clock;
  private readonly oplog: OperationLog;
  private readonly timing: NetworkTiming;
  private readonly startedAt: number;

  constructor(deps: {
    db: Db;
    settings: SettingsService;
    clock: Clock;
    oplog: OperationLog;
    timing?: NetworkTiming;
    startedAt?: number;
  }) {
    this.db = deps.db;
    this.settings = deps.settings;
    this.clock = deps.clock;
    this.oplog = deps.oplog;
    this.timing = deps.timing ?? DEFAULT_NETWORK_TIMING;
    this.startedAt = deps.startedAt ?? deps.clock.now();
    // A change left unconfirmed by a restart is not confirmed: restore what it replaced.
    const pending = this.settings.get('network_pending');
    if (pending) this.restore(pending, 'restart');
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  // ------------------------------------------------------------ safety net

  pending(): PendingNetworkChange | null {
    this.expireIfDue();
    const p = this.settings.get('network_pending');
    if (!p) return null;
    return { id: p.id, section: p.section, seconds_left: Math.max(0, Math.ceil((p.deadline_ms - this.clock.now()) / 1000)), moved: p.moved };
  }

  /** Keeps the change: what it replaced is forgotten. */
  confirm(id: string): void {
    this.pendingById(id);
    this.settings.set('network_pending', null);
    this.stopTimer();
  }

  revert(id: string): void {
    this.restore(this.pendingById(id), 'revert');
  }

  private pendingById(id: string): StoredNetworkChange {
    this.expireIfDue();
    const p = this.settings.get('network_pending');
    if (!p || p.id !== id) throw new ApiError(409, 'no_pending_change', 'No network change is waiting for this confirmation');
    return p;
  }

  private expireIfDue(): void {
    const p = this.settings.get('network_pending');
    if (p && this.clock.now() >= p.deadline_ms) this.restore(p, 'timeout');
  }

  private restore(p: StoredNetworkChange, why: 'timeout' | 'restart' | 'revert'): void {
    this.db.transaction(() => {
      this.write(p.section, p.before as SectionValue[NetworkSection]);
      this.settings.set('network_pending', null);
    })();
    this.stopTimer();
    if (why !== 'revert') {
      // The console's own revert call writes its row; these happen without one.
      this.oplog.record({
        account: null,
        source: 'device',
        action: why === 'timeout' ? 'network_change_timed_out' : 'network_change_reverted_at_start',
        target: `network.${p.section}`,
        before: p.after,
        after: p.before,
        values: NETWORK_SETTINGS[p.section].schema,
        result: 'success',
      });
    }
  }

  private stopTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Applies a section's new value, with the safety net or without. One change waits at a time. */
  private apply<S extends NetworkSection>(section: S, after: SectionValue[S], safe: boolean, moved: PendingNetworkChange['moved']): void {
    this.expireIfDue();
    if (this.settings.get('network_pending')) {
      throw new ApiError(409, 'change_pending', 'Another network change is waiting for confirmation: keep or revert it first');
    }
    const before = this.read(section);
    if (!safe) {
      this.write(section, after);
      return;
    }
    const deadline = this.clock.now() + this.timing.rollbackMs;
    this.db.transaction(() => {
      this.write(section, after);
      this.settings.set('network_pending', { id: crypto.randomUUID(), section, before, after, deadline_ms: deadline, moved });
    })();
    this.stopTimer();
    this.timer = setTimeout(() => this.expireIfDue(), this.timing.rollbackMs + 50);
    this.timer.unref();
  }

  private read<S extends NetworkSection>(section: S): SectionValue[S] {
    return this.settings.get(section) as SectionValue[S];
  }

  private write(section: NetworkSection, value: SectionValue[NetworkSection]): void {
    this.settings.set(section, value as never);
  }

  // ------------------------------------------------------------ Ethernet

  ethernetSettings(): EthernetSettings {
    this.expireIfDue();
    return this.settings.get('ethernet');
  }

  /** The address each interface has with these settings: the static one, or DHCP's lease. */
  interfaces(settings: EthernetSettings = this.ethernetSettings()): InterfaceStatus[] {
    const macs = this.settings.get('device_identity').macs;
    return INTERFACE_NAMES.map((name, i) => {
      const own = settings.bridge && i > 0 ? settings.interfaces[0]! : settings.interfaces[i]!;
      const source = settings.bridge && i > 0 ? 0 : i;
      const lease = DHCP_LEASES[source]!;
      const address =
        own.mode === 'dhcp'
          ? { ip: lease.ip, netmask: lease.netmask, gateway: lease.gateway, dns: lease.dns }
          : { ip: own.ip, netmask: own.netmask, gateway: own.gateway, dns: [own.dns1, own.dns2].filter((d) => d !== '') };
      return { name, mac: macs[name] ?? '', link: true, ...address };
    });
  }

  setEthernet(next: EthernetSettings, safe: boolean): void {
    const before = this.interfaces();
    const after = this.interfaces(next);
    const moved = after
      .map((a, i) => ({ name: a.name, before: before[i]!.ip, after: a.ip }))
      .filter((m) => m.before !== m.after);
    this.apply('ethernet', next, safe, moved);
  }

  // ------------------------------------------------------------ Wi-Fi

  wifiState(): WifiState {
    this.expireIfDue();
    const wifi = this.settings.get('wifi');
    if (!wifi.enabled) return 'disabled';
    // The radio reports nothing in its first moments after power-up or being switched on.
    const poweredAt = Math.max(this.startedAt, wifi.attempt_started_ms);
    if (!wifi.connection && this.clock.now() - poweredAt < this.timing.connectMs / 2) return 'unknown';
    if (this.clock.now() - this.startedAt < this.timing.connectMs / 2) return 'unknown';
    if (!wifi.connection) return 'disconnected';
    if (this.clock.now() - wifi.attempt_started_ms < this.timing.connectMs) return 'connecting';
    return attemptOutcome(wifi.connection);
  }

  wifiAddress(): z.output<typeof wifiSchema>['address'] {
    const wifi = this.settings.get('wifi');
    if (this.wifiState() !== 'connected' || !wifi.connection) return { ip: '', netmask: '', gateway: '' };
    const c = wifi.connection;
    if (c.ip.mode === 'static') return { ip: c.ip.ip, netmask: c.ip.netmask, gateway: c.ip.gateway };
    const lease = findNetwork(c.ssid)!.lease;
    return { ip: lease.ip, netmask: lease.netmask, gateway: lease.gateway };
  }

  wifi(): DeviceSettings['wifi'] {
    this.expireIfDue();
    return this.settings.get('wifi');
  }

  /** A change of the radio while a Wi-Fi change waits would be undone by its restore. */
  private refuseDuringWifiChange(): void {
    if (this.settings.get('network_pending')?.section === 'wifi') {
      throw new ApiError(409, 'change_pending', 'A Wi-Fi change is waiting for confirmation: keep or revert it first');
    }
  }

  setWifiEnabled(enabled: boolean): void {
    const wifi = this.wifi();
    this.refuseDuringWifiChange();
    this.settings.set('wifi', { ...wifi, enabled, attempt_started_ms: this.clock.now() });
  }

  scan(): z.output<typeof wifiNetworkSchema>[] {
    const state = this.wifiState();
    if (state === 'disabled') throw new ApiError(409, 'wifi_disabled', 'Wi-Fi is off: turn it on to scan');
    const current = state === 'connected' ? this.wifi().connection?.ssid : undefined;
    return scan().map((n) => ({ ...n, connected: n.ssid === current }));
  }

  connect(connection: WifiConnectSettings, safe: boolean): void {
    const wifi = this.wifi();
    if (!wifi.enabled) throw new ApiError(409, 'wifi_disabled', 'Wi-Fi is off: turn it on to connect');
    const before = this.wifiAddress().ip;
    const next = { enabled: true, connection, attempt_started_ms: this.clock.now() };
    const lease = findNetwork(connection.ssid)?.lease;
    const after = connection.ip.mode === 'static' ? connection.ip.ip : (lease?.ip ?? '');
    this.apply('wifi', next, safe, before !== '' && before !== after ? [{ name: 'WLAN', before, after }] : []);
  }

  disconnect(): void {
    const wifi = this.wifi();
    if (!wifi.enabled) throw new ApiError(409, 'wifi_disabled', 'Wi-Fi is off');
    this.refuseDuringWifiChange();
    this.settings.set('wifi', { ...wifi, connection: null });
  }

  // ------------------------------------------------------------ Hotspot

  hotspot(): HotspotSettings {
    this.expireIfDue();
    return this.settings.get('hotspot');
  }

  setHotspot(next: HotspotSettings, safe: boolean): void {
    const before = this.hotspot();
    const moved =
      before.enabled && (!next.enabled || before.address !== next.address)
        ? [{ name: 'HOTSPOT', before: before.address, after: next.enabled ? next.address : '' }]
        : [];
    this.apply('hotspot', next, safe, moved);
  }
}
