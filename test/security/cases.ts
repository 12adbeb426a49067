/**
 * The security cases of issue 27's research list (test/security/case-list.md), one entry each: the tests
 * that prove it (each names the case ID in its title, `[AUTH-02] …`), how the device meets it, or
 * why it does not apply to this device. One source of truth for `npm run test:security`
 * (test/tools/security-suite.ts), for `npm run test:unit` (which leaves these tests to it) and for
 * docs/security.md. test/unit/security-cases.test.ts checks it against the research list and the
 * test files.
 */
export interface SecurityCase {
  id: string;
  title: string;
  /** How the device meets the case, in a sentence or two. */
  how: string;
  /** The test files holding tests named with the ID (repository-relative). */
  files: readonly string[];
  /** Why the case, or the part of it named, cannot be tested or does not apply here. */
  notApplicable?: string;
  /** A part of an applicable case that is not tested here, and why. */
  outOfScope?: string;
}

const S = (name: string) => `test/server/${name}.test.ts`;
const U = (name: string) => `test/unit/${name}.test.ts`;

export const SECURITY_CASES: readonly SecurityCase[] = [
  // A. Authentication, tokens, sessions
  {
    id: 'AUTH-01',
    title: 'route inventory unauth',
    how: 'Every call of the contract answers 401 without a token (the test enumerates the contract, so a new call is covered when it is declared); the allowlist is the access kind `public` of the contract.',
    files: [S('contract-calls'), S('account-management'), S('api-keys'), S('webview-screens')],
  },
  {
    id: 'AUTH-02',
    title: 'role × route matrix',
    how: "Every call × every account the call's access refuses answers 403 before the body is read, and a refused change leaves the setting alone and writes an operation-log row; the WebView socket and the OPC UA mapping apply the same rights.",
    files: [S('contract-calls'), S('account-management'), S('api-keys'), S('cloud'), S('security-accounts'), S('security-opcua'), S('webview-screens'), S('webview-socket')],
  },
  {
    id: 'JWT-01',
    title: 'alg none / unsigned',
    how: 'fast-jwt verifies HS256 only; `alg:none`, a missing or stripped signature answer 400 `invalid_token` (the answer docs/decisions.md#tokens gives a forged token: it opens the forced re-login dialog), never 200.',
    files: [S('auth-tokens')],
  },
  {
    id: 'JWT-02',
    title: 'algorithm confusion & key injection',
    how: 'The key is the device secret alone: headers `jwk`, `jku`, `x5u`, `kid` are ignored, another `alg` (HS512, RS256) and an HS256 signature made with a public key PEM are refused (400 `invalid_token`).',
    files: [S('auth-tokens')],
  },
  {
    id: 'JWT-03',
    title: 'claim tampering / stale role',
    how: "An edited payload fails the signature; the role and menus are read from the database at each call, so a downgrade or a granted menu holds at the session's next call.",
    files: [S('auth-tokens'), S('account-management'), S('webview-users')],
  },
  {
    id: 'JWT-04',
    title: 'exp/type/aud',
    how: 'An expired access token answers 401; a refresh token (random, not a JWT) is no access token and an access token renews nothing; an expired API key is refused. The tokens carry no `aud`: one device, one audience.',
    files: [S('auth-tokens'), S('api-keys')],
  },
  {
    id: 'JWT-05',
    title: 'malformed-token fuzz',
    how: '10,000 fast-check tokens (random and binary strings, bad base64, 100 KB, a 10,000-deep JSON header) answer 400 or 401, p99 under 50 ms; the fuzz of every call adds a garbage token.',
    files: [S('auth-tokens')],
  },
  {
    id: 'SESS-01',
    title: 'logout revokes immediately',
    how: "Sign-out revokes the session's access and refresh tokens at once (the access token's session is checked at each call) and closes its time socket; the console clears its stored tokens on sign-out (store/token-storage.ts).",
    files: [S('auth-tokens'), S('api-keys'), S('datetime-socket')],
  },
  {
    id: 'SESS-02',
    title: 'forced re-login propagation',
    how: 'A password change, a reset, a disabled account or a lost role ends the other sessions at once: their next call is refused and their time and WebView sockets close (4401/4403).',
    files: [S('account-management'), S('datetime-socket'), S('webview-socket'), S('webview-users')],
  },
  {
    id: 'SESS-03',
    title: 'refresh rotation reuse',
    how: 'Each renewal spends the refresh token; a spent one coming back revokes its whole family (the other sessions of the account stay).',
    files: [S('auth-tokens')],
  },
  {
    id: 'SESS-04',
    title: 'idle/absolute timeout + bounds',
    how: 'Access tokens live 15 minutes, a session at most 7 days (the refresh token is refused after); the WebView idle timeout closes an idle viewer (4408) and an out-of-range timeout is refused (400).',
    files: [S('auth-tokens'), S('webview-socket'), S('webview-users')],
  },
  {
    id: 'SESS-05',
    title: 'concurrent sessions',
    how: 'Sessions per account are not capped (docs/security.md); Account Management lists every live session with its address and browser and signs one out at once.',
    files: [S('account-management')],
  },
  // B. Lockout and credentials
  {
    id: 'LOCK-01',
    title: '5-in-10 lockout',
    how: 'Five wrong passwords from one address lock the account from it for 10 minutes (429 `login_locked`, the right password too); the lock is in SQLite and survives a restart; it ends by itself after 10 minutes.',
    files: [S('lockout'), S('security-accounts'), S('webview-users')],
  },
  {
    id: 'LOCK-02',
    title: 'window and reset',
    how: 'A success clears the count; failures older than 10 minutes do not count; the count starts afresh after a lock.',
    files: [S('lockout')],
  },
  {
    id: 'LOCK-03',
    title: 'all interfaces',
    how: "Console sign-in, the password-change calls, FTP and OPC UA user sign-ins count in the console's lockout and per-address limits. The WebView and time sockets take a token, never a password.",
    files: [S('lockout'), S('ftp'), S('opcua'), S('opcua-config')],
  },
  {
    id: 'LOCK-04',
    title: 'XFF spoofing',
    how: "The key is the socket's address (`trustProxy` off): `X-Forwarded-For` and `X-Real-IP` are ignored.",
    files: [S('lockout'), S('remote-access')],
  },
  {
    id: 'LOCK-05',
    title: 'malicious-lockout resistance',
    how: "A lock holds one address only; the per-account throttle hands one window at a time to waiting addresses, so the administrator gets in from another address; Account Management's Unlock ends a lock.",
    files: [S('lockout'), S('sign-in-limits'), S('account-management')],
  },
  {
    id: 'AUTH-03',
    title: 'no enumeration',
    how: 'An unknown name counts against the lockout like a wrong password, under one shared key (no row per name). The user-mode sign-in says "User is not in the user list" because the specification asks for it (§ sign-in): the user list is shown on that page anyway.',
    files: [S('lockout'), S('sign-in-limits'), S('auth-tokens')],
    outOfScope: 'No timing comparison of unknown user vs wrong password: the user-mode page names the users by design.',
  },
  {
    id: 'AUTH-04',
    title: 'no truncation',
    how: 'scrypt hashes the whole password: prefixes and a case-flipped password of a 40-character one are refused, 64 and 128-character passwords work whole.',
    files: [S('password-change')],
  },
  {
    id: 'AUTH-05',
    title: 'no default/hard-coded creds',
    how: 'Every device makes its own initial passwords at the first start (a file readable by the device alone, removed once each is changed); admin never signs in to FTP; the self-check names accounts still on their initial password.',
    files: [S('initial-credentials'), S('durability'), S('ftp'), S('diagnostics-report')],
  },
  {
    id: 'PW-01',
    title: 'policy',
    how: 'At least 8 characters always, the strength rules once switched on, the password history; a change needs the current password.',
    files: [S('password-change'), S('webview-users')],
  },
  {
    id: 'PW-02',
    title: 'expiry option',
    how: 'Password expiry is off by default; once on, a password older than the period allows only the calls the change dialog needs, by the device clock.',
    files: [S('password-expiry-enforced'), S('system-settings')],
  },
  {
    id: 'PW-03',
    title: 'storage audit',
    how: 'Passwords are stored as scrypt hashes (N=2^15, r=8, p=3, a random salt each; the case names argon2id, scrypt at this cost meets the same OWASP bar); weaker hashes are replaced at the next sign-in; no password or secret is in the diagnostic bundle, the exports or the operation log.',
    files: [S('password-hashing'), S('api-keys'), S('diagnostics-report'), S('security-accounts'), S('webview-users')],
  },
  // C. Input validation and injection
  {
    id: 'INJ-01',
    title: 'HMI name injection',
    how: 'The one rule (contract/rules/hmi-name.ts) keeps `[A-Za-z0-9.-]`, every other character becomes `x`, 1–32 characters; the device runs no shell command with it.',
    files: [S('system-hmi-name'), S('fuzz-calls'), U('hmi-name')],
  },
  {
    id: 'INJ-02',
    title: 'time setting injection',
    how: 'The time is a `YYYY.MM.DD-HH:mm:ss` string checked by the contract and stored as an offset (the host clock is never set, no command runs); admin only; the operation log keeps old → new and the account.',
    files: [S('system-settings')],
  },
  {
    id: 'INJ-03',
    title: 'network/DHCP/SMTP/FTP fields',
    how: 'The contract refuses out-of-schema network fields, a line break in a mail address or contact (and in the recipient of a test mail, test/server/email-smtp.test.ts), and shell metacharacters in a cloud host.',
    files: [S('network'), S('email'), S('cloud')],
  },
  {
    id: 'XSS-01',
    title: 'stored XSS sweep',
    how: "React renders every stored value as text, and the console's code has no raw-HTML path (checked); the page's CSP allows no inline script (HDR-01).",
    files: [U('xss-01')],
    outOfScope: 'No Playwright sweep of stored payloads in this suite (the security suite runs under jest).',
  },
  {
    id: 'API-01',
    title: 'schema fuzz',
    how: "fast-check sends hostile bodies, queries, parameters and content types to every call of the contract with and without a token: no 5xx, no stack trace; every call with input answers 400 naming the field; the served OpenAPI document passes Spectral's oas rules.",
    files: [S('fuzz-calls'), S('contract-calls'), S('openapi-lint')],
  },
  {
    id: 'API-02',
    title: 'oversize / deep / prototype poisoning',
    how: 'A body past the limit answers 413, a `__proto__` key is refused (JSON and form bodies) and pollutes nothing; oversized or deep imports are refused whole.',
    files: [S('fuzz-calls'), S('security-accounts')],
  },
  // D. Files, updates, backup
  {
    id: 'UP-01',
    title: 'traversal / zip slip / symlink',
    how: 'File names from the media are checked by the contract and links not followed; archives are never unpacked to disk, they are read as streams (server/lib/bounded-archive.ts), and uploads are staged under generated names.',
    files: [S('project-update')],
  },
  {
    id: 'UP-02',
    title: 'type / size / bombs',
    how: 'Wrong CRC or format, size past the limit (413), gzip bombs and many-entry archives are refused within a budget; the staging room is checked before writing; RSS stays under 250 MB.',
    files: [S('archive-bombs'), S('upload-hardening'), S('project-update'), S('recipes'), S('security-accounts'), U('project-pack')],
  },
  {
    id: 'UP-03',
    title: 'upload authz',
    how: 'OS image and project uploads answer 401/403 before reading the body, nothing staged, the connection still usable.',
    files: [S('os-update'), S('project-update'), S('upload-hardening')],
  },
  {
    id: 'UP-04',
    title: 'update authenticity',
    how: 'An OS image is Ed25519-signed: a bad signature, another model, a truncated image or a payload whose SHA-256 differs is refused before any job or write, with an operation-log row.',
    files: [S('os-update')],
    outOfScope: 'An older version is not refused: the device allows a downgrade (the specification names no version rule for OS images).',
  },
  {
    id: 'DL-01',
    title: 'arbitrary download',
    how: 'Downloads are by ID or by a name the contract checks; the console serves no dot file nor a path outside its folder; FTP roots are the device folders (no /etc, no data folder).',
    files: [S('console-static'), S('ftp')],
  },
  {
    id: 'BK-01',
    title: 'backup integrity and content',
    how: 'A recipe backup is checked whole (manifest, SHA-256, books, fields, values) before one transaction replaces the records, so a damaged one changes nothing and a kill mid-restore leaves the old or the new records (REL-01); exports and the diagnostic bundle hold hashes only, never a password or secret.',
    files: [S('recipes'), S('security-accounts'), S('diagnostics-report')],
  },
  // E. Transport, headers, WebSocket, services, DoS
  {
    id: 'TLS-01',
    title: 'HTTPS mode',
    how: "The HTTPS listener uses Node's defaults (TLS 1.2 minimum, no NULL or anonymous suites): TLS 1.0/1.1, NULL and anonymous suites are refused by a server alert; TLS 1.3, and TLS 1.2 with ECDHE and AEAD, are agreed.",
    files: [S('tls-01')],
  },
  {
    id: 'HDR-01',
    title: 'headers',
    how: "CSP (script-src 'self'; API answers default-src 'none'), nosniff, Referrer-Policy same-origin, frame-ancestors from the Misc setting, Cache-Control no-store on every API answer. No HSTS by decision: the certificate is self-signed (docs/decisions.md#https).",
    files: [S('console-static'), S('transport-hardening'), S('misc')],
  },
  {
    id: 'HTTP-01',
    title: 'HTTP↔HTTPS switch safety',
    how: 'With plain HTTP off an API call over HTTP is refused (403 `https_required`), never redirected; pages are redirected only to the device\'s own names; the sockets answer 404 over HTTP.',
    files: [S('transport-hardening'), S('system-settings'), S('datetime-socket')],
    outOfScope: 'No certificate upload for the console exists (the certificate is made by the device), so there is no bad-certificate path to test.',
  },
  {
    id: 'WS-01',
    title: 'WebSocket auth & origin',
    how: 'Both sockets take a token as their first message within 5 s (not from the URL), close 4401 on a bad one, refuse a foreign Origin at the upgrade, and close a revoked session at once.',
    files: [S('transport-hardening'), S('datetime-socket'), S('webview-socket')],
  },
  {
    id: 'WS-02',
    title: 'WebSocket flood',
    how: 'The WebView socket closes a message too large (1009) or unreadable (1008), closes a flooding viewer, and caps the viewers (4429).',
    files: [S('webview-socket')],
  },
  {
    id: 'OPC-01',
    title: 'OPC UA hardening',
    how: 'Security None serves discovery only and is off by default; anonymous is refused by default; an unknown client certificate is rejected and listed until trusted. Refusals reach a client as Part 6 says: a policy or mode not offered and an untrusted certificate get an ERR message (BadSecurityPolicyRejected, BadSecurityChecksFailed) and a close, the session past the cap BadTooManySessions. A named user has its own rights whether anonymous is on or not; a string past its tag\'s length is refused (BadOutOfRange).',
    files: [S('opcua'), S('opcua-interop')],
  },
  {
    id: 'SVC-01',
    title: 'least functionality',
    how: 'FTP, OPC UA and SECS/GEM are off on a new device and nothing listens on their ports until enabled; the device listens on its HTTP and HTTPS ports only.',
    files: [S('ftp'), S('opcua'), S('security-opcua'), S('secs')],
    outOfScope: 'No nmap of a device image: the device is a process here, its listeners are its own (the test starts it and checks each optional service).',
  },
  {
    id: 'RL-01',
    title: 'login flood / hash DoS',
    how: 'Per-address and per-account sign-in limits answer 429 without checking the password, at most a few scrypt jobs run at once, slow headers (408) and trickling bodies are cut.',
    files: [S('sign-in-limits'), S('password-hashing'), S('upload-hardening')],
  },
  {
    id: 'KIOSK-01',
    title: 'WebView escape',
    how: 'See notApplicable.',
    files: [],
    notApplicable:
      "The device has no browser on its own screen: the panel shows the HMI runtime (simulated, docs/decisions.md#the-simulated-panel), and WebView is a page of the console in the viewer's own browser. What a WebView user may reach from it is AUTH-02 (403 on every other call, view_only writes refused) and HDR-01 (CSP, frame-ancestors).",
  },
  // F. Audit
  {
    id: 'AUD-01',
    title: 'completeness and injection',
    how: 'Every mutating call writes exactly one operation-log row (UTC time, source address, account, action, target, result) with secrets masked; refused sign-ins and changes too; CSV exports neutralise formulas; only admin reads or clears the log.',
    files: [S('operation-log'), S('csv-injection'), S('webview-users')],
  },
  {
    id: 'AUD-02',
    title: 'storage full',
    how: 'The sign-in tables and the operation log are capped and pruned by rows and days, each pruning logged in one row, so the audit storage never fills; a write the full disk refuses leaves a data log as it was and the recorder running (test/server/data.test.ts, a step of the data-log tests that cannot run alone).',
    files: [S('sign-in-limits')],
  },
  // G. Reliability
  {
    id: 'REL-01',
    title: 'crash & power-cut consistency',
    how: 'kill -9 loops on the real server process at a project update, an OS update, a mail in hand, an answered write, a data backup to the USB stick, an OPC UA settings save and a recipe restore: integrity_check ok, old or new, every answered write kept, no empty file, the device starts. 100 kills in CI, 1,000 with `--long` (test/support/kill-budget.ts).',
    files: [S('rel-01-kill'), S('update-kill'), S('os-update-kill'), S('email-kill'), S('durability')],
    outOfScope: '(b) VM hard reset or relay power cut: not possible in CI; SQLite runs with synchronous=FULL in WAL mode, which is what a power cut needs beyond a kill -9.',
  },
  {
    id: 'REL-02',
    title: 'update power-cut matrix & rollback',
    how: 'The OS update is simulated (docs/decisions.md#the-simulated-panel): the verified image is installed in one step and the version switches in one transaction, so a kill at upload, verify, write or reboot leaves the old or the new version and the job interrupted; a project that cannot start gives way to the previous one.',
    files: [S('os-update-kill'), S('os-update'), S('update-kill'), S('project-update')],
    outOfScope: 'Boot slots, bootcount and first-boot health checks belong to the real bootloader, which the simulated panel does not have.',
  },
  // The list's optional extra
  {
    id: 'REL-03',
    title: 'clock jumps (optional)',
    how: 'Lockouts, sign-in limits and token lifetimes run on the host clock, durations on a monotonic stopwatch; the device time is an offset (docs/decisions.md#device-time): setting it a year back or ten years on neither ends a session nor lengthens a lock.',
    files: [S('lockout')],
  },
];
