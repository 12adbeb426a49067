import { useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PEM_MAX_LENGTH } from '../../../contract/rules/network';
import { NETWORK_NS } from './messages';

interface Props {
  label: string;
  /** The file's text ('' when none is chosen). */
  value: string;
  onChange(text: string): void;
  error?: string | undefined;
  helper?: string;
  disabled?: boolean;
}

/** Chooses a PEM file (certificate or key) and keeps its text; refuses files over the bound. */
export function PemFileField({ label, value, onChange, error, helper, disabled }: Props) {
  const { t } = useTranslation(NETWORK_NS);
  const input = useRef<HTMLInputElement>(null);
  const [name, setName] = useState<string | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const labelId = useId();
  const helpId = useId();

  const choose = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > PEM_MAX_LENGTH) {
      setTooLarge(true);
      return;
    }
    setTooLarge(false);
    setName(file.name);
    onChange(await file.text());
  };

  const message = tooLarge ? t('problem.file_too_large', { kb: PEM_MAX_LENGTH / 1024 }) : error;
  return (
    <Box role="group" aria-labelledby={labelId} aria-describedby={helpId}>
      <Typography id={labelId} variant="body2" sx={{ mb: 0.5, fontWeight: 500 }}>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button variant="outlined" size="small" onClick={() => input.current?.click()} disabled={disabled} sx={{ minHeight: 40 }}>
          {t('wifi.choose_file')}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
          {value ? (name ?? t('wifi.file_loaded')) : t('wifi.no_file')}
        </Typography>
        {value ? (
          <Button
            size="small"
            onClick={() => {
              setName(null);
              onChange('');
            }}
            disabled={disabled}
          >
            {t('wifi.remove_file')}
          </Button>
        ) : null}
      </Box>
      <input
        ref={input}
        type="file"
        hidden
        accept=".pem,.crt,.cer,.key,application/x-pem-file,application/x-x509-ca-cert"
        aria-label={label}
        onChange={(e) => {
          void choose(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <FormHelperText id={helpId} error={Boolean(message)}>
        {message ?? helper ?? ' '}
      </FormHelperText>
    </Box>
  );
}
