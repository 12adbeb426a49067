import QRCode from 'qrcode';

/**
 * A QR code drawn on the device, as SVG markup (no network, no remote chart service): the
 * remote-access session URL and the cloud dashboard's address are shown with it. The console puts
 * it in an <img> as a data URL, where an SVG cannot run script.
 */
export async function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}
