import path from 'node:path';

export interface ServerConfig {
  port: number;
  httpsPort: number;
  host: string;
  dataDir: string;
  initialPassword: string | undefined;
  consoleDir: string;
  logLevel: string;
}

function port(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`${name} must be a port number (0–65535), not '${value}'`);
  return n;
}

/** The environment of DESIGN §10. */
export function readConfig(env: NodeJS.ProcessEnv, repoRoot: string): ServerConfig {
  return {
    port: port('PORT', env.PORT, 8080),
    httpsPort: port('HTTPS_PORT', env.HTTPS_PORT, 8443),
    host: env.HOST || '127.0.0.1',
    dataDir: path.resolve(env.HMI_DATA_DIR || path.join(repoRoot, 'data')),
    initialPassword: env.HMI_INITIAL_PASSWORD || undefined,
    consoleDir: path.resolve(env.HMI_CONSOLE_DIR || path.join(repoRoot, 'dist')),
    logLevel: env.LOG_LEVEL || 'info',
  };
}
