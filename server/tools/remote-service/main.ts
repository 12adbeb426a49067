/**
 * `npm run remote-access-service -- --port 7000 --partner demo_partner:Secret1 [--partner …]
 * [--host 127.0.0.1] [--domain NAME] [--public-host NAME] [--session-port-base N]
 * [--cloud-state ID=STATE[:DAYS]] [--cloud-activated ID] [--cloud-domain NAME]`
 *
 * Starts the development remote-access service (./service.ts) and prints the session URL of each
 * panel that connects: open it in a browser to reach that panel's console through the relay. Its
 * main port also plays the vendor's cloud (./cloud.ts, paths under /cloud/), told its panels' states
 * by the --cloud-* flags or over /cloud/dev.
 */
import { createCloudService, parseCloudArgs } from './cloud';
import { startRemoteService, type RemoteServiceOptions } from './service';

/** The command line's options, one parser per flag: a new flag is one more entry. */
export interface CliOptions extends RemoteServiceOptions {
  partners: Array<{ name: string; password: string }>;
  /** The --cloud-* flags as given, read by the cloud part's own parser (parseCloudArgs). */
  cloudArgs: string[];
}

type Flag = (value: string, into: CliOptions) => void;

export const FLAGS: Record<string, Flag> = {
  '--port': (v, o) => (o.port = Number(v)),
  '--host': (v, o) => (o.host = v),
  '--domain': (v, o) => (o.domain = v),
  '--public-host': (v, o) => (o.publicHost = v),
  '--session-port-base': (v, o) => (o.sessionPortBase = Number(v)),
  '--cloud-state': (v, o) => o.cloudArgs.push('--cloud-state', v),
  '--cloud-activated': (v, o) => o.cloudArgs.push('--cloud-activated', v),
  '--cloud-domain': (v, o) => o.cloudArgs.push('--cloud-domain', v),
  '--partner': (v, o) => {
    const i = v.indexOf(':');
    if (i <= 0) throw new Error(`--partner ${v}: write NAME:PASSWORD`);
    o.partners.push({ name: v.slice(0, i), password: v.slice(i + 1) });
  },
};

export function parseArgs(argv: readonly string[], flags: Record<string, Flag> = FLAGS): CliOptions {
  const options: CliOptions = { port: 7000, partners: [], cloudArgs: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [name, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const flag = flags[name];
    if (!flag) throw new Error(`unknown option ${arg} (known: ${Object.keys(flags).join(', ')})`);
    const value = inline ?? argv[++i];
    if (value === undefined) throw new Error(`${name} needs a value`);
    flag(value, options);
  }
  if (!Number.isInteger(options.port) || options.port! < 0 || options.port! > 65535) throw new Error('--port: a port number');
  parseCloudArgs(options.cloudArgs); // a malformed --cloud-* value is refused here, before anything listens
  return options;
}

async function main(): Promise<void> {
  let options: CliOptions;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (err) {
    console.error((err as Error).message);
    process.exit(2);
  }
  if (options.partners.length === 0) console.warn('No --partner NAME:PASSWORD given: every panel will be refused (partner not found).');
  const cloud = createCloudService({ ...parseCloudArgs(options.cloudArgs), log: (text) => console.log(text) });
  const service = await startRemoteService({
    ...options,
    handlers: [(req, res) => cloud.handle(req, res)],
    log: (text) => console.log(text),
    onSession: (s) => console.log(`Session URL of partner ${s.partner} (session ${s.session_id}): ${s.url}`),
  });
  console.log(`Remote-access service (development) listening on ${service.url}`);
  console.log(`Partners: ${options.partners.map((p) => p.name).join(', ') || '(none)'}`);
  console.log('On the panel: Features / Remote Access, region Custom with this host and port, the partner account, then Connect.');
  console.log('Cloud dashboard: Features / Cloud Service, region Custom with this host and port, then Activate.');
  const stop = () => void service.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (require.main === module) void main();
