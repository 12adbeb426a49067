import { useId, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

export interface LightTextFieldProps {
  label: string;
  value: string;
  onChange?: (value: string) => void;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  readOnly?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  endAdornment?: ReactNode;
  size?: 'small' | 'medium';
}

/** An outlined text field built from MUI's parts. MUI's TextField always brings its Select (and
 * with it Menu, Popover, Modal, focus trap: about 25 KB gzipped); the sign-in page, whose bundle
 * has a budget, needs none of that. */
export function LightTextField({ label, value, onChange, type = 'text', autoComplete, autoFocus, required, readOnly, error, helperText, endAdornment, size }: LightTextFieldProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <FormControl variant="outlined" fullWidth required={required} error={error} size={size}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={required ? `${label} *` : label}
        type={type}
        value={value}
        onChange={onChange ? (e) => onChange(e.target.value) : undefined}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        readOnly={readOnly}
        endAdornment={endAdornment}
        aria-describedby={helperText ? helperId : undefined}
      />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
