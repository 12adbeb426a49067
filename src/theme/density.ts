import type { ThemeOptions } from '@mui/material/styles';
import type { ComponentSize } from '../../store/app-slice';

/** The controls that take MUI's `size`, drawn small in the compact layout. */
const SIZED = ['MuiButton', 'MuiIconButton', 'MuiTextField', 'MuiFormControl', 'MuiSelect', 'MuiChip', 'MuiSwitch', 'MuiCheckbox', 'MuiRadio', 'MuiToggleButton', 'MuiToggleButtonGroup', 'MuiTable'] as const;

/** The theme's part that follows the application state's size (specification §3): nothing for
 * medium, MUI's small size of every sized control for small. On a touch screen the theme's
 * coarse-pointer rules keep every target at 44 px whatever the size. */
export function densityOptions(size: ComponentSize): ThemeOptions {
  if (size === 'medium') return {};
  return { components: Object.fromEntries(SIZED.map((name) => [name, { defaultProps: { size: 'small' } }])) };
}
