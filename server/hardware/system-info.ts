import os from 'node:os';
import fs from 'node:fs';

/** The simulated panel's model and OS; everything else is read from the host
 * (docs/decisions.md#the-simulated-panel). */
export const DEVICE_MODEL = 'HMI-X1070';
/** The OS version the device leaves the factory with; the installed one is the `os_version` setting. */
export const FACTORY_OS_VERSION = '20261101';
/** The remote-access service is simulated (docs/decisions.md#the-simulated-panel); this is the
 * version it reports. */
export const REMOTE_ACCESS_VERSION = '2.14.1';
export const WEB_SPECIFICATION = { usermode: true, ethernet_count: 2, wifi_count: 1, led: true } as const;

export interface HostFacts {
  hostname: string;
  uptimeSeconds: number;
  memory: { total: number; free: number };
  disk: { total: number; free: number };
}

export function readHostFacts(dataDir: string): HostFacts {
  const stat = fs.statfsSync(dataDir);
  return {
    hostname: os.hostname(),
    uptimeSeconds: Math.floor(os.uptime()),
    memory: { total: os.totalmem(), free: os.freemem() },
    disk: { total: stat.blocks * stat.bsize, free: stat.bavail * stat.bsize },
  };
}
