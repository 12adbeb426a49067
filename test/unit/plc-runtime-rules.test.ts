/** The shared PLC runtime rules of contract/rules/plc-runtime.ts: the console runs them as the user
 * types, the server on every write, so both must agree on every code below. */
import {
  LICENCE_ALPHABET,
  LICENCE_FORMATS,
  activationProblem,
  groupLicenceText,
  hasValidCheckCharacter,
  licenceCheckCharacter,
  normalizeLicenceText,
  normalizePlcLan1,
  plcLan1Problems,
  type PlcLan1Settings,
} from '../../contract/rules/plc-runtime';
import { plcLan1 } from '../support/settings';

/** A well-formed text of `length` characters: `payload` padded, then its check character. */
function wellFormed(length: number, payload = 'K7M2Q9TZ4XB6C8DR1HN3'): string {
  const body = payload.slice(0, length - 1);
  return body + licenceCheckCharacter(body);
}

describe('normalizeLicenceText', () => {
  it('reads a text as the device does: capitals, no spaces or dashes, O as 0, I and L as 1', () => {
    expect(normalizeLicenceText(' abcd-efgh ijkm\tnpqr ')).toBe('ABCDEFGHIJKMNPQR'.replace('I', '1'));
    expect(normalizeLicenceText('o0-Il-1')).toBe('00111');
  });
});

describe('the check character (Luhn mod 32)', () => {
  it('makes every payload valid and is one of the alphabet', () => {
    for (const payload of ['0', '7', 'ZZZZ', 'K7M2Q9TZ4XB6C8D', '000000000000000000']) {
      const check = licenceCheckCharacter(payload);
      expect(LICENCE_ALPHABET).toContain(check);
      expect(hasValidCheckCharacter(payload + check)).toBe(true);
    }
  });

  it('catches every single changed character', () => {
    const text = wellFormed(16);
    for (let i = 0; i < text.length; i++) {
      for (const c of LICENCE_ALPHABET) {
        if (c === text[i]) continue;
        expect(hasValidCheckCharacter(text.slice(0, i) + c + text.slice(i + 1))).toBe(false);
      }
    }
  });

  it('catches two neighbours swapped, but for the one pair Luhn mod 32 cannot tell (0 and Z)', () => {
    for (const payload of ['K7M2Q9TZ4XB6C8DR1HN', '0Z1Y2X3W4V5T6S7R8Q9', 'Z0ABZ0CD0ZEF1234567']) {
      const text = wellFormed(20, payload);
      for (let i = 0; i + 1 < text.length; i++) {
        const [a, b] = [text[i]!, text[i + 1]!];
        if (a === b) continue;
        const swapped = text.slice(0, i) + b + a + text.slice(i + 2);
        const blind = (a === '0' && b === 'Z') || (a === 'Z' && b === '0');
        expect({ swapped, caught: !hasValidCheckCharacter(swapped) }).toEqual({ swapped, caught: !blind });
      }
    }
  });

  it('refuses characters outside the alphabet and a text of one character', () => {
    expect(hasValidCheckCharacter('ABCU')).toBe(false);
    expect(hasValidCheckCharacter('0')).toBe(false);
  });
});

describe('activationProblem', () => {
  const serial = wellFormed(LICENCE_FORMATS.serial_number.length);
  const code = wellFormed(LICENCE_FORMATS.code.length);

  it('accepts a well-formed serial number and code, grouped or not, in any case', () => {
    expect(activationProblem('serial_number', serial)).toBeNull();
    expect(activationProblem('serial_number', groupLicenceText('serial_number', serial).toLowerCase())).toBeNull();
    expect(groupLicenceText('serial_number', serial)).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    expect(activationProblem('code', code)).toBeNull();
    expect(groupLicenceText('code', code)).toMatch(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){3}$/);
    expect(activationProblem('code', ` ${groupLicenceText('code', code)} `)).toBeNull();
  });

  it('requires a value', () => {
    expect(activationProblem('serial_number', '')).toBe('required');
    expect(activationProblem('code', ' - ')).toBe('required');
  });

  it.each([
    ['too short', serial.slice(0, -1)],
    ['too long', `${serial}0`],
    ['a code where a serial number goes', code],
    ['a character outside the alphabet', `${serial.slice(0, 3)}U${serial.slice(4)}`],
    ['punctuation', `${serial.slice(0, 3)}*${serial.slice(4)}`],
    ['more than 64 characters typed', `${serial}${' '.repeat(60)}`],
  ])('says serial_format for %s', (_label, text) => {
    expect(activationProblem('serial_number', text)).toBe('serial_format');
  });

  it('says code_format for a serial number where a code goes', () => {
    expect(activationProblem('code', serial)).toBe('code_format');
  });

  it('says *_check for a well-formed text with a typing mistake', () => {
    const typo = (text: string) => text.slice(0, 2) + (text[2] === '7' ? '8' : '7') + text.slice(3);
    expect(activationProblem('serial_number', typo(serial))).toBe('serial_check');
    expect(activationProblem('code', typo(code))).toBe('code_check');
  });
});

describe('plcLan1Problems', () => {
  const lan1 = (patch: Partial<PlcLan1Settings> = {}): PlcLan1Settings => plcLan1({ ip: '192.168.1.10', netmask: '255.255.255.0', gateway: '192.168.1.1', ...patch });

  it('accepts a host address, its netmask and a gateway in its subnet, or no gateway', () => {
    expect(plcLan1Problems(lan1())).toEqual({});
    expect(plcLan1Problems(lan1({ gateway: '' }))).toEqual({});
  });

  it('judges each field by the network rules every interface follows', () => {
    expect(plcLan1Problems(lan1({ ip: '' }))).toEqual({ ip: 'required' });
    expect(plcLan1Problems(lan1({ ip: '192.168.1.300' }))).toEqual({ ip: 'ipv4_format' });
    expect(plcLan1Problems(lan1({ ip: '192.168.1.255' }))).toEqual({ ip: 'address_not_host' });
    expect(plcLan1Problems(lan1({ netmask: '255.0.255.0' }))).toEqual({ netmask: 'netmask_contiguous' });
    expect(plcLan1Problems(lan1({ netmask: '' }))).toEqual({ netmask: 'required' });
    expect(plcLan1Problems(lan1({ gateway: '10.0.0.1' }))).toEqual({ gateway: 'gateway_subnet' });
    expect(plcLan1Problems(lan1({ gateway: '192.168.1.10' }))).toEqual({ gateway: 'gateway_subnet' });
    expect(plcLan1Problems(lan1({ gateway: '192.168.1' }))).toEqual({ gateway: 'ipv4_format' });
  });

  it('has nothing to say while the gateway OS controls LAN1 (its address is not used)', () => {
    expect(plcLan1Problems(lan1({ owner: 'gateway_os', ip: 'nonsense', netmask: '', gateway: 'x' }))).toEqual({});
  });

  it('judges addresses without their surrounding spaces once normalised', () => {
    const value = normalizePlcLan1(lan1({ ip: ' 192.168.1.10 ', gateway: ' 192.168.1.1' }));
    expect(value).toEqual(lan1());
    expect(plcLan1Problems(value)).toEqual({});
  });
});
