import type * as QRCodeModule from 'qrcode';

/** qrcode (and pngjs under it), loaded the first time a code is drawn: a device that never shows one
 * does not carry it. */
const loadQRCode = (): typeof QRCodeModule => require('qrcode') as typeof QRCodeModule;

/**
 * A QR code drawn on the device, as SVG markup (no network, no remote chart service): the
 * remote-access session URL and the cloud dashboard's address are shown with it. The console puts
 * it in an <img> as a data URL, where an SVG cannot run script.
 */
export async function qrSvg(text: string): Promise<string> {
  return loadQRCode().toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}
