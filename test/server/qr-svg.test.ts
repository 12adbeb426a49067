import { qrSvg } from '../../server/lib/qr-svg';

describe('qrSvg', () => {
  it('draws an SVG whose modules depend on the text', async () => {
    const a = await qrSvg('http://127.0.0.1:4100/s/ABC123');
    const b = await qrSvg('http://127.0.0.1:4100/s/ABC124');
    expect(a.startsWith('<svg')).toBe(true);
    expect(a).toContain('<path');
    expect(a).not.toEqual(b);
    expect(a).not.toMatch(/<script|href=/i);
  });
});
