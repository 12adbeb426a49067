import {
  addressProblem,
  certificateExpired,
  discoveryUrlProblem,
  hasEndpoint,
  nameProblem,
  parseAddress,
  portProblem,
  tagNodeId,
  tagProblems,
  treeProblems,
  userProblems,
  type DriverEntry,
  type RuleNode,
  type TagFields,
} from '../../contract/rules/opcua';

const drivers: DriverEntry[] = [
  { device: 'Local HMI', address_types: [{ name: 'LB', kind: 'bit', min: 0, max: 12095 }, { name: 'LW', kind: 'word', min: 0, max: 10999 }] },
  { device: 'PLC1', address_types: [{ name: '0x', kind: 'bit', min: 1, max: 65535 }, { name: '4x', kind: 'word', min: 1, max: 65535 }] },
];

const tag = (over: Partial<TagFields> = {}): TagFields => ({ tag_name: 'T', plc: 'PLC1', address: '4x-1', index_register: null, data_type: 'int16', length: 1, ...over });

describe('addresses (§5 address error, §9 0 to 16 characters)', () => {
  test('parses type, number and bit', () => {
    expect(parseAddress('4x-100')).toEqual({ type: '4x', number: 100, bit: null });
    expect(parseAddress('4x-100.3')).toEqual({ type: '4x', number: 100, bit: 3 });
    expect(parseAddress('4x100')).toBeNull();
    expect(parseAddress('')).toBeNull();
  });

  test.each([
    ['4x-1', 'PLC1', 'int16', null],
    ['4x-65535', 'PLC1', 'uint16', null],
    ['4x-0', 'PLC1', 'int16', 'address_error'],
    ['4x-65536', 'PLC1', 'int16', 'address_error'],
    ['0x-5', 'PLC1', 'bit', null],
    ['0x-5', 'PLC1', 'int16', 'address_error'],
    ['4x-5.15', 'PLC1', 'bit', null],
    ['4x-5.16', 'PLC1', 'bit', 'address_error'],
    ['4x-5.1', 'PLC1', 'int16', 'address_error'],
    ['LW-10999', 'Local HMI', 'float', null],
    ['LW-1', 'PLC1', 'int16', 'address_error'],
    ['4x-1', 'PLC9', 'int16', 'address_error'],
    ['4x-12345678901234', 'PLC1', 'int16', 'address_too_long'],
  ] as const)('%s on %s as %s: %s', (address, plc, type, problem) => {
    expect(addressProblem(address, plc, type, drivers)).toBe(problem);
  });

  test('16 characters is the longest address', () => {
    expect(addressProblem('4x-1234567890123', 'PLC1', 'int16', drivers)).toBe('address_error');
    expect(addressProblem('4x-12345678901234', 'PLC1', 'int16', drivers)).toBe('address_too_long');
  });
});

describe('a tag', () => {
  test('a good tag has no problem', () => expect(tagProblems(tag(), drivers, new Set())).toEqual({}));
  test('length 1 to 255', () => {
    expect(tagProblems(tag({ length: 255 }), drivers, new Set())).toEqual({});
    expect(tagProblems(tag({ length: 0 }), drivers, new Set())).toEqual({ length: 'length_range' });
    expect(tagProblems(tag({ length: 256 }), drivers, new Set())).toEqual({ length: 'length_range' });
    expect(tagProblems(tag({ length: 1.5 }), drivers, new Set())).toEqual({ length: 'length_range' });
  });
  test('index register 0 to 31 or none', () => {
    expect(tagProblems(tag({ index_register: 0 }), drivers, new Set())).toEqual({});
    expect(tagProblems(tag({ index_register: 31 }), drivers, new Set())).toEqual({});
    expect(tagProblems(tag({ index_register: 32 }), drivers, new Set())).toEqual({ index_register: 'index_register_error' });
    expect(tagProblems(tag({ index_register: -1 }), drivers, new Set())).toEqual({ index_register: 'index_register_error' });
  });
  test('names: required, unique, at most 64, no slash', () => {
    expect(tagProblems(tag({ tag_name: '' }), drivers, new Set())).toEqual({ tag_name: 'required' });
    expect(tagProblems(tag({ tag_name: 'A' }), drivers, new Set(['A']))).toEqual({ tag_name: 'tag_name_duplicate' });
    expect(nameProblem('x'.repeat(64))).toBeNull();
    expect(nameProblem('x'.repeat(65))).toBe('name_too_long');
    expect(nameProblem('a/b')).toBe('name_characters');
    expect(nameProblem(' lead')).toBe('name_characters');
  });
  test('the PLC must exist', () => {
    expect(tagProblems(tag({ plc: '' }), drivers, new Set())).toEqual({ plc: 'required' });
    expect(tagProblems(tag({ plc: 'PLC7' }), drivers, new Set())).toEqual({ plc: 'plc_unknown' });
  });
});

describe('a tree', () => {
  const t = (id: string, name: string): RuleNode => ({ id, name, kind: 'tag', tag: tag({ tag_name: name }) });
  const f = (id: string, name: string, children: RuleNode[]): RuleNode => ({ id, name, kind: 'folder', children });

  test('tag names are unique over the whole tree; both are named', () => {
    const problems = treeProblems([f('r', 'Root', [f('a', 'A', [t('1', 'X')]), f('b', 'B', [t('2', 'X'), t('3', 'Y')])])], drivers);
    expect([...problems.keys()]).toEqual(['1', '2']);
    expect(problems.get('2')).toEqual({ tag: { tag_name: 'tag_name_duplicate' } });
  });

  test('folder names are unique among siblings only', () => {
    expect(treeProblems([f('r', 'Root', [f('a', 'A', [f('c', 'Same', [])]), f('b', 'B', [f('d', 'Same', [])])])], drivers).size).toBe(0);
    expect([...treeProblems([f('r', 'Root', [f('a', 'A', []), f('b', 'A', [])])], drivers).keys()]).toEqual(['a', 'b']);
  });
});

describe('server settings', () => {
  test('at least one endpoint', () => {
    expect(hasEndpoint({ none: false, basic256sha256: [], aes128_sha256_rsaoaep: [], aes256_sha256_rsapss: [] })).toBe(false);
    expect(hasEndpoint({ none: true, basic256sha256: [], aes128_sha256_rsaoaep: [], aes256_sha256_rsapss: [] })).toBe(true);
    expect(hasEndpoint({ none: false, basic256sha256: [], aes128_sha256_rsaoaep: ['sign'], aes256_sha256_rsapss: [] })).toBe(true);
  });

  test('users: a new one needs a password, a stored one keeps its own', () => {
    const stored = new Set(['old']);
    expect(userProblems([{ username: 'old' }], stored).size).toBe(0);
    expect(userProblems([{ username: 'new' }], stored).get(0)).toEqual({ password: 'password_required' });
    expect(userProblems([{ username: 'new', password: 'short' }], stored).get(0)).toEqual({ password: 'password_length' });
    expect(userProblems([{ username: 'a b', password: 'long-enough' }], stored).get(0)).toEqual({ username: 'username_characters' });
    expect(userProblems([{ username: '', password: 'long-enough' }], stored).get(0)).toEqual({ username: 'required' });
    expect(userProblems([{ username: 'x', password: 'long-enough' }, { username: 'x', password: 'long-enough' }], stored).get(1)).toEqual({ username: 'username_duplicate' });
  });

  test('discovery URLs and ports', () => {
    expect(discoveryUrlProblem('opc.tcp://lds.plant:4840')).toBeNull();
    expect(discoveryUrlProblem('opc.tcp://10.0.0.5:4840/UADiscovery')).toBeNull();
    expect(discoveryUrlProblem('http://lds:4840')).toBe('url_format');
    expect(discoveryUrlProblem('opc.tcp://lds')).toBe('url_format');
    expect(discoveryUrlProblem(' ')).toBe('required');
    expect(portProblem(4840)).toBeNull();
    expect(portProblem(0)).toBe('port_range');
    expect(portProblem(65536)).toBe('port_range');
  });

  test('expiry and NodeIds', () => {
    const now = Date.parse('2026-06-01T00:00:00Z');
    expect(certificateExpired({ valid_from: '2026-01-01T00:00:00Z', valid_to: '2027-01-01T00:00:00Z' }, now)).toBe(false);
    expect(certificateExpired({ valid_from: '2025-01-01T00:00:00Z', valid_to: '2026-01-01T00:00:00Z' }, now)).toBe(true);
    expect(certificateExpired({ valid_from: '2026-07-01T00:00:00Z', valid_to: '2027-01-01T00:00:00Z' }, now)).toBe(true);
    expect(tagNodeId('Tank1_Level')).toBe('ns=1;s=Tank1_Level');
  });
});
