/**
 * Licences of the simulated PLC runtime: what the vendor's licence service would tell, decided on
 * the device with a key of the vendor (here a development key, see below).
 *
 * Both texts are Crockford base 32 with a Luhn mod 32 check character (contract/rules/plc-runtime.ts,
 * which the console runs too and which catches typing mistakes). Beyond the form:
 * - a **serial number** is a licence for any panel: 10 characters of licence number, then the
 *   first 5 characters of HMAC-SHA256(key, "plc-serial:" + number), then the check character;
 * - an **activation code** is bound to one panel: the first 19 characters of
 *   HMAC-SHA256(key, "plc-activation:" + the panel's serial number), then the check character.
 * `npm run make:plc-activation` prints a valid serial number and the code of a data folder's panel.
 *
 * The key is committed on purpose, like the OS signing key of server/keys: it is not a secret, and
 * a real panel asks the vendor's licence service instead of holding it.
 */
import crypto from 'node:crypto';
import { LICENCE_ALPHABET, LICENCE_FORMATS, licenceCheckCharacter } from '../../contract/rules/plc-runtime';

/** DEVELOPMENT ONLY: the simulated vendor's licence key. */
const DEVELOPMENT_LICENCE_KEY = Buffer.from('hmi-simulated-plc-runtime-licence-key/DEVELOPMENT-ONLY/2026', 'utf8');

const SERIAL_NUMBER_DIGITS = 10;
const SERIAL_SIGNATURE_DIGITS = LICENCE_FORMATS.serial_number.length - 1 - SERIAL_NUMBER_DIGITS;
const CODE_DIGITS = LICENCE_FORMATS.code.length - 1;

/** Bytes as Crockford base 32, five bits a character, most significant first. */
function base32(bytes: Buffer): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += LICENCE_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return out;
}

function mac(purpose: string, text: string, digits: number): string {
  return base32(crypto.createHmac('sha256', DEVELOPMENT_LICENCE_KEY).update(`${purpose}:${text}`).digest()).slice(0, digits);
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/** A serial number the simulated vendor issued (normalised: no dashes). `number` is the licence
 * number (10 characters of the alphabet); a random one by default. */
export function issueSerialNumber(number?: string): string {
  const id = number ?? Array.from(crypto.randomBytes(SERIAL_NUMBER_DIGITS), (b) => LICENCE_ALPHABET[b & 31]).join('');
  if (id.length !== SERIAL_NUMBER_DIGITS || ![...id].every((c) => LICENCE_ALPHABET.includes(c))) throw new Error('a licence number is 10 characters of the licence alphabet');
  const payload = id + mac('plc-serial', id, SERIAL_SIGNATURE_DIGITS);
  return payload + licenceCheckCharacter(payload);
}

/** Whether a well-formed serial number (normalised) is one the vendor issued. */
export function isIssuedSerialNumber(normalized: string): boolean {
  if (normalized.length !== LICENCE_FORMATS.serial_number.length) return false;
  const id = normalized.slice(0, SERIAL_NUMBER_DIGITS);
  return sameText(normalized.slice(SERIAL_NUMBER_DIGITS, -1), mac('plc-serial', id, SERIAL_SIGNATURE_DIGITS));
}

/** The activation code the vendor issues for the panel with this serial number (normalised). */
export function activationCodeFor(deviceSerialNumber: string): string {
  const payload = mac('plc-activation', deviceSerialNumber, CODE_DIGITS);
  return payload + licenceCheckCharacter(payload);
}

/** Whether a well-formed activation code (normalised) was issued for this panel. */
export function isActivationCodeFor(normalized: string, deviceSerialNumber: string): boolean {
  return sameText(normalized, activationCodeFor(deviceSerialNumber));
}
