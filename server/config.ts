import path from 'node:path';

export interface ServerConfig {
  port: number;
  httpsPort: number;
  host: string;
  dataDir: string;
  initialPassword: string | undefined;
  consoleDir: string;
  logLevel: string;
  /** HMI_RECOVER_ADMIN=1: recover administrator access at this start. */
  recoverAdmin: boolean;
  project: { maxUploadBytes: number };
  /** HMI_SECS_LICENSE=true|false: the simulated panel's SECS/GEM licence is set so at this start;
   * unset: the stored licence stays (a new device has none). */
  secsLicense: boolean | undefined;
  os: { maxImageBytes: number; rebootMs: number; trustedKeyPaths: string[] };
  /** HMI_SIMULATE_TOUCH=1: the simulated panel takes its touches from the simulate-touch call
   * (`npm start` and the browser tests; docs/decisions.md#touch-calibration). */
  touchCalibration: { simulateTouch: boolean };
}

function port(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`${name} must be a port number (0–65535), not '${value}'`);
  return n;
}

function megabytes(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback * 1024 * 1024;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || n > 65536) throw new Error(`${name} must be a size in MB (up to 65536), not '${value}'`);
  return Math.round(n * 1024 * 1024);
}

function seconds(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback * 1000;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 3600) throw new Error(`${name} must be a number of seconds (0–3600), not '${value}'`);
  return Math.round(n * 1000);
}

function flag(name: string, value: string | undefined): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new Error(`${name} must be true or false, not '${value}'`);
}

/** The environment (docs/decisions.md#environment-variables). */
export function readConfig(env: NodeJS.ProcessEnv, repoRoot: string): ServerConfig {
  return {
    port: port('PORT', env.PORT, 8080),
    httpsPort: port('HTTPS_PORT', env.HTTPS_PORT, 8443),
    host: env.HOST || '127.0.0.1',
    dataDir: path.resolve(env.HMI_DATA_DIR || path.join(repoRoot, 'data')),
    initialPassword: env.HMI_INITIAL_PASSWORD || undefined,
    consoleDir: path.resolve(env.HMI_CONSOLE_DIR || path.join(repoRoot, 'dist')),
    logLevel: env.LOG_LEVEL || 'info',
    recoverAdmin: env.HMI_RECOVER_ADMIN === '1',
    project: { maxUploadBytes: megabytes('HMI_MAX_PROJECT_MB', env.HMI_MAX_PROJECT_MB, 256) },
    secsLicense: flag('HMI_SECS_LICENSE', env.HMI_SECS_LICENSE),
    os: {
      maxImageBytes: megabytes('HMI_MAX_OS_IMAGE_MB', env.HMI_MAX_OS_IMAGE_MB, 512),
      rebootMs: seconds('HMI_OS_REBOOT_S', env.HMI_OS_REBOOT_S, 20),
      trustedKeyPaths: (env.HMI_OS_TRUSTED_KEYS ?? '')
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p) => path.resolve(p)),
    },
    touchCalibration: { simulateTouch: env.HMI_SIMULATE_TOUCH === '1' },
  };
}
