import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { AddressField, AddressMode, AddressSettings } from '../../../contract/rules/network';
import { NETWORK_NS, problemText } from './messages';



const FIELDS: AddressField[] = ['ip', 'netmask', 'gateway', 'dns1', 'dns2'];

interface Props {
  /** Names the fields for screen readers when several interfaces are on one page. */
  idPrefix: string;
  value: AddressSettings;
  onChange(patch: Partial<AddressSettings>): void;
  problems: Partial<Record<AddressField, string>>;
  disabled?: boolean;
}

/** Automatic (DHCP) or static, and the static address fields with the shared rules' messages. */
export function AddressFields({ idPrefix, value, onChange, problems, disabled }: Props) {
  const { t } = useTranslation(NETWORK_NS);
  return (
    <>
      <FormControl component="fieldset" disabled={disabled} sx={{ mb: 1 }}>
        <FormLabel component="legend">{t('fields.mode')}</FormLabel>
        <RadioGroup row value={value.mode} onChange={(e) => onChange({ mode: e.target.value as AddressMode })}>
          <FormControlLabel value="dhcp" control={<Radio />} label={t('fields.dhcp')} sx={{ minHeight: 44 }} />
          <FormControlLabel value="static" control={<Radio />} label={t('fields.static')} sx={{ minHeight: 44 }} />
        </RadioGroup>
      </FormControl>
      {value.mode === 'static' ? (
        <Grid container spacing={2}>
          {FIELDS.map((f) => (
            <Grid key={f} size={{ xs: 12, sm: 6 }}>
              <TextField
                id={`${idPrefix}-${f}`}
                fullWidth
                label={t(`fields.${f}`)}
                value={value[f]}
                onChange={(e) => onChange({ [f]: e.target.value })}
                error={Boolean(problems[f])}
                helperText={problemText(t, problems[f]) ?? (f === 'gateway' || f.startsWith('dns') ? t('fields.optional') : ' ')}
                disabled={disabled}
                slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off', spellCheck: false } }}
              />
            </Grid>
          ))}
        </Grid>
      ) : null}
    </>
  );
}
