/** The on-screen entry of a numeric entry element: the value typed, checked against the element's
 * range and the tag's format as it is typed; Set writes it. */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { TagValue } from '../../../machines/webview-session.machine';
import type { WebviewElement, WebviewTagFormat } from '../../../store/api/webview-endpoints';
import { checkEntry, fixedFormat } from './format';

interface Props {
  element: WebviewElement;
  format: WebviewTagFormat | undefined;
  value: TagValue | undefined;
  language: string;
  onCancel(): void;
  onSet(value: number): void;
}

export function NumericEntryDialog({ element, format, value, language, onCancel, onSet }: Props) {
  const { t } = useTranslation('webview-live');
  const [text, setText] = useState(typeof value === 'number' ? String(value) : '');
  const [tried, setTried] = useState(false);
  const n = fixedFormat(language, format?.decimals ?? 0);
  const checked = checkEntry(text, element, format);
  const problem = 'problem' in checked ? checked.problem : null;
  const problemText =
    problem === null
      ? null
      : problem.key === 'too_small'
        ? t('entry.too_small', { min: n.format(problem.min) })
        : problem.key === 'too_large'
          ? t('entry.too_large', { max: n.format(problem.max) })
          : problem.key === 'too_many_decimals'
            ? t('entry.too_many_decimals', { decimals: problem.count })
            : t(`entry.${problem.key}`);
  const range =
    element.min !== undefined && element.max !== undefined ? t('entry.range', { min: n.format(element.min), max: n.format(element.max) }) : undefined;
  const showProblem = (tried || text !== '') && problemText !== null;
  const name = element.text ?? element.tag ?? '';
  return (
    <Dialog open onClose={onCancel} aria-labelledby="webview-entry-title">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          if ('value' in checked) onSet(checked.value);
        }}
      >
        <DialogTitle id="webview-entry-title">{t('entry.title', { name })}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t('entry.label')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            error={showProblem}
            helperText={showProblem ? problemText : range}
            slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-invalid': showProblem || undefined }, input: { endAdornment: format?.unit } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} sx={{ minHeight: 44 }}>
            {t('entry.cancel')}
          </Button>
          <Button type="submit" variant="contained" sx={{ minHeight: 44 }}>
            {t('entry.set')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
