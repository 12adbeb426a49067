import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { NETWORK_NS } from './messages';

interface Props {
  label: string;
  value: string;
  onChange(value: string): void;
  /** The rule's message, or the hint when there is none. */
  helperText: string;
  error: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
}

/** A network password (Wi-Fi, hotspot) with a Show / Hide toggle: such passwords are read off the
 * screen to be typed on other devices. */
export function PasswordField({ label, value, onChange, helperText, error, disabled, fullWidth }: Props) {
  const { t } = useTranslation(NETWORK_NS);
  const [shown, setShown] = useState(false);
  return (
    <TextField
      fullWidth={fullWidth ?? false}
      label={label}
      type={shown ? 'text' : 'password'}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      helperText={helperText}
      disabled={disabled ?? false}
      slotProps={{
        htmlInput: { autoComplete: 'new-password' },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton onClick={() => setShown((v) => !v)} aria-label={shown ? t('wifi.hide_password') : t('wifi.show_password')} edge="end">
                <Box component="span" aria-hidden sx={{ fontSize: 14, fontWeight: 600 }}>
                  {shown ? t('wifi.hide') : t('wifi.show')}
                </Box>
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
