/** The remote-access rules (specification §5) the form and the server share, the back-off, and
 * the development service's command line. */
import { normalizeRemoteAccess, partnerNameProblem, reconnectDelayMs, remoteAccessProblems, RECONNECT_MAX_MS } from '../../contract/rules/remote-access';
import { parseArgs } from '../../server/tools/remote-service/main';
import { remoteInput } from '../support/remote-access';

const none = { partner: false, proxy: false };

describe('partner user name', () => {
  it.each([
    ['', 'required'],
    ['abc', 'too_short'],
    ['abcd', undefined],
    ['A_b_9', undefined],
    ['x'.repeat(30), undefined],
    ['x'.repeat(31), 'too_long'],
    ['ab-cd', 'invalid'],
    ['ab cd', 'invalid'],
    ['äbcd', 'invalid'],
  ])('%j → %s', (name, problem) => expect(partnerNameProblem(name)).toBe(problem));

  it('is stored in lower case (case-insensitive)', () => {
    expect(normalizeRemoteAccess(remoteInput({ partner_name: ' Line_PARTNER ' })).partner_name).toBe('line_partner');
  });
});

describe('partner password', () => {
  it.each([
    ['', 'required'],
    ['12345', 'too_short'],
    ['123456', undefined],
    ['x'.repeat(16), undefined],
    ['x'.repeat(17), 'too_long'],
    ['abc\ndef', 'invalid'],
  ])('%j → %s', (password, problem) => expect(remoteAccessProblems(remoteInput({ partner_password: password }), none).partner_password).toBe(problem));

  it('an empty one keeps a stored one', () => {
    expect(remoteAccessProblems(remoteInput({ partner_password: '' }), { partner: true, proxy: false })).toEqual({});
  });
});

describe('proxy', () => {
  const proxy = (patch: Record<string, unknown>) => remoteInput({ proxy: { protocol: 'http', host: 'proxy.plant.local', port: 3128, user: '', password: '', ...patch } });
  it('is not judged when there is none', () => {
    expect(remoteAccessProblems(remoteInput({ proxy: { protocol: 'none', host: '', port: 0, user: '', password: '' } }), none)).toEqual({});
  });
  it('needs a host and a port', () => {
    expect(remoteAccessProblems(proxy({ host: '' }), none)).toEqual({ proxy_host: 'required' });
    expect(remoteAccessProblems(proxy({ host: 'bad host' }), none)).toEqual({ proxy_host: 'invalid' });
    expect(remoteAccessProblems(proxy({ port: NaN }), none)).toEqual({ proxy_port: 'out_of_range' });
    expect(remoteAccessProblems(proxy({ port: 65536 }), none)).toEqual({ proxy_port: 'out_of_range' });
    expect(remoteAccessProblems(proxy({ protocol: 'socks5', port: 1080 }), none)).toEqual({});
  });
  it('user and password at most 32', () => {
    expect(remoteAccessProblems(proxy({ user: 'u'.repeat(32), password: 'p'.repeat(32) }), none)).toEqual({});
    expect(remoteAccessProblems(proxy({ user: 'u'.repeat(33), password: 'p'.repeat(33) }), none)).toEqual({ proxy_user: 'too_long', proxy_password: 'too_long' });
    // A colon would end the user in HTTP Basic credentials.
    expect(remoteAccessProblems(proxy({ user: 'a:b' }), none)).toEqual({ proxy_user: 'invalid' });
  });
});

describe('region', () => {
  it('Custom needs a host and a port; Global and China need neither', () => {
    expect(remoteAccessProblems(remoteInput({ region: 'custom', custom_host: '', custom_port: 0 }), none)).toEqual({ custom_host: 'required', custom_port: 'out_of_range' });
    expect(remoteAccessProblems(remoteInput({ region: 'custom', custom_host: 'relay.example.com', custom_port: 7000 }), none)).toEqual({});
    expect(remoteAccessProblems(remoteInput({ region: 'china', custom_host: '', custom_port: 0 }), none)).toEqual({});
  });
});

describe('reconnection back-off', () => {
  it('doubles from 1 s and stops growing at the maximum', () => {
    expect([1, 2, 3, 4].map(reconnectDelayMs)).toEqual([1000, 2000, 4000, 8000]);
    expect(reconnectDelayMs(30)).toBe(RECONNECT_MAX_MS);
  });
});

describe('npm run remote-access-service: its arguments', () => {
  it('reads the port, the partners (a password may hold colons) and the other options', () => {
    expect(parseArgs(['--port', '7100', '--partner', 'Demo:Pass:1', '--partner=other:Other-1', '--domain', 'relay.test'])).toEqual({
      port: 7100,
      cloudArgs: [],
      partners: [
        { name: 'Demo', password: 'Pass:1' },
        { name: 'other', password: 'Other-1' },
      ],
      domain: 'relay.test',
    });
  });
  it('refuses what it does not know, a missing value and a partner without a password', () => {
    expect(() => parseArgs(['--nope', '1'])).toThrow(/unknown option --nope/);
    expect(() => parseArgs(['--port'])).toThrow(/needs a value/);
    expect(() => parseArgs(['--partner', 'demo'])).toThrow(/NAME:PASSWORD/);
    expect(() => parseArgs(['--port', '70000'])).toThrow(/port/);
  });
});
