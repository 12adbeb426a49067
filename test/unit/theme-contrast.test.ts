/** Text on a coloured fill meets WCAG AA (4.5:1) in both colour schemes: the filled warning that
 * says the connection is not secure read white on orange (3:1) before. */
import { getContrastRatio, type Palette } from '@mui/material/styles';
import { theme } from '../../src/theme/theme';

/** The console's theme has both schemes (themeOptions.colorSchemes); MUI's Theme type leaves them out. */
const schemes = (theme as unknown as { colorSchemes: Record<'light' | 'dark', { palette: Palette }> }).colorSchemes;

const COLORS = ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const;

describe.each(['light', 'dark'] as const)('the %s scheme', (scheme) => {
  const { palette } = schemes[scheme];

  it('is the scheme asked for', () => expect(palette.mode).toBe(scheme));

  it.each(COLORS)('puts readable text on %s fills: contained buttons and filled alerts', (color) => {
    const { main, dark, contrastText } = palette[color];
    // A contained button: its contrast text on the main shade.
    expect(getContrastRatio(contrastText, main)).toBeGreaterThanOrEqual(4.5);
    // A filled alert (MUI's Alert): text chosen for the main shade, on the main shade in the light
    // scheme and on the dark shade in the dark one.
    if (color === 'primary' || color === 'secondary') return; // no alert has these
    const alertFill = scheme === 'light' ? main : dark;
    expect(getContrastRatio(palette.getContrastText(main), alertFill)).toBeGreaterThanOrEqual(4.5);
  });
});
