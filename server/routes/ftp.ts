import * as ftp from '../../contract/api/ftp';
import { DEFAULT_FTP_SETTINGS, FTP_ACCOUNTS, ftpSettingsProblems, tlsRequired, type FtpAccount } from '../../contract/rules/ftp';
import { defineServerArea, setting } from '../http/area';
import { registerCall } from '../http/register-call';
import { ApiError } from '../lib/api-error';
import { ensureCertificate } from '../tls';
import { selfCheckItem, type SelfCheckItem } from '../../contract/api/self-check';
import type { CoreDevice } from '../device';
import type { DataLogService } from '../services/datalog';
import type { AlarmService } from '../services/alarms';
import { HistoryFiles } from '../services/ftp/history';
import { FtpService, SignInRefused } from '../services/ftp/server';

/** A password sign-in as the console's token call makes it (server/routes/auth.ts): the same
 * per-address and per-account limits, the same lockout rows, the same password check and the same
 * answer for a disabled account as for a wrong password. An account FTP does not let in (admin, an
 * account the settings do not allow, an unknown name) is a failed sign-in too, without its password
 * being checked: FTP is no way to test the console's passwords. */
export async function ftpSignIn(
  device: Pick<CoreDevice, 'signInLimits' | 'lockout' | 'accounts' | 'settings'>,
  username: string,
  password: string,
  source: string,
): Promise<FtpAccount> {
  const { signInLimits: limits, lockout, accounts } = device;
  try {
    limits.admit(source, username);
  } catch (err) {
    throw new SignInRefused('too_many_requests', err instanceof Error ? err.message : 'Too many sign-in attempts', false);
  }
  let ended = false;
  const failed = (result: 'invalid_credentials' | 'account_not_allowed'): never => {
    ended = true;
    limits.failed(username, source);
    try {
      lockout.recordFailure(source, username);
    } catch (err) {
      throw new SignInRefused('login_locked', err instanceof Error ? err.message : 'Locked');
    }
    throw new SignInRefused(result, 'User does not exist or password is incorrect');
  };
  try {
    try {
      lockout.assertNotLocked(source, username);
    } catch (err) {
      throw new SignInRefused('login_locked', err instanceof Error ? err.message : 'Locked');
    }
    const allowed = device.settings.get('ftp').accounts;
    if (!(FTP_ACCOUNTS as readonly string[]).includes(username) || !allowed[username as FtpAccount]) failed('account_not_allowed');
    const account = accounts.get(username);
    if (!account || !(await accounts.verify(username, password)) || !account.enabled) failed('invalid_credentials');
    lockout.recordSuccess(source, username);
    ended = true;
    limits.succeeded(source, username);
    return username as FtpAccount;
  } finally {
    if (!ended) limits.abandoned(username);
  }
}

export const ftpArea = defineServerArea({
  name: 'ftp',
  settings: {
    /** The FTP server's settings; off on a new device (contract/rules/ftp.ts). */
    ftp: setting(ftp.ftpSettingsSchema, () => structuredClone(DEFAULT_FTP_SETTINGS)),
  },
  services: (device: CoreDevice & { dataLogs: DataLogService; alarms: AlarmService }, options): { ftp: FtpService } => {
    const { settings, oplog, time, project } = device;
    return {
      /** The FTP server: its state and its sessions. */
      ftp: new FtpService({
        settings: () => settings.get('ftp'),
        httpEnabled: () => settings.get('http_enabled'),
        projectEnabled: () => (project.runtime.project ?? project.project).ftp_enabled,
        certificate: () => ensureCertificate(device.dataDir),
        signIn: (username, password, source) => ftpSignIn(device, username, password, source),
        recordSignIn: (account, source, result, secure) =>
          oplog.record({
            account: account.slice(0, 64) || null,
            source,
            action: 'ftp_sign_in',
            target: 'ftp.server',
            after: { secure },
            values: null,
            result,
          }),
        fs: {
          mediumDir: (medium) => project.media.dir(medium),
          history: new HistoryFiles(device.dataLogs, device.alarms, () => time.nowMs()),
          now: () => time.nowMs(),
        },
        now: () => time.nowMs(),
        host: options.host ?? '127.0.0.1',
      }),
    };
  },
  async start(device) {
    // A project that starts (or stops) may enable or disable FTP.
    device.project.runtime.on('state', () => device.ftp.reconcile());
    await device.ftp.start();
  },
  close: ({ ftp: server }) => server.close(),
  health: ({ ftp: server }) => [server.health()],
  selfCheck: {
    ids: ['ftp_without_tls'],
    // Sign-in passwords and files in clear: the server is on and does not require AUTH TLS (which
    // it does anyway while plain HTTP is off, contract/rules/ftp.ts).
    check(device): SelfCheckItem[] {
      const settings = device.settings.get('ftp');
      return settings.enabled && !tlsRequired(settings.require_tls, device.settings.get('http_enabled'))
        ? [selfCheckItem('ftp', 'ftp_without_tls', 'high', 'ftp.require_tls', 'ftp')]
        : [];
    },
  },
  register(app, device) {
    registerCall(app, device, ftp.getSettings, () => device.settings.get('ftp'));

    // As registerSettingPair stores a setting, and then waits for the server to apply it (start,
    // stop or restart), so the answer comes when the status already says what became of it.
    registerCall(app, device, ftp.setSettings, async ({ body, audit }) => {
      const problem = Object.entries(ftpSettingsProblems(body))[0];
      if (problem) throw ApiError.rule(problem[0], problem[1]!);
      const { before, after } = device.db.transaction(() => {
        const current = device.settings.get('ftp');
        device.settings.set('ftp', body);
        return { before: current, after: body };
      })();
      audit({ before, after, values: device.settings.schemaOf('ftp') });
      device.ftp.reconcile();
      await device.ftp.settled();
      return after;
    });

    registerCall(app, device, ftp.status, async () => {
      await device.ftp.settled();
      return device.ftp.status();
    });
  },
});
