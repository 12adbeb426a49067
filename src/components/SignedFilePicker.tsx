import { useState, type DragEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { formatBytes } from '../i18n/format';
import { FileButton } from './FileButton';
import { UploadIcon } from './icons';

/** What the area says around the chooser (already translated). */
export interface SignedFilePickerTexts {
  help: string;
  choose: string;
  none: string;
  start: string;
  wrongType: string;
  /** The refusal of a file past `maxBytes`. */
  tooLarge: string;
  confirmTitle: string;
  confirmText(name: string): string;
  confirmCancel: string;
  confirmStart: string;
}

interface Props {
  /** The chosen file (the area keeps it: its progress dialog names it). */
  file: File | null;
  onFile(file: File): void;
  /** Confirmed: send `file`. */
  onStart(file: File): void;
  maxBytes: number;
  disabled: boolean;
  language: string;
  texts: SignedFilePickerTexts;
  /** Test ids of the drop zone, the file input and the chosen file's line. */
  testIds: { drop: string; input: string; chosen: string };
  /** The id of the confirmation's title. */
  confirmId: string;
}

/**
 * The chooser of a signed `.bin` file (an OS image, a PLC runtime firmware): a drop zone with a
 * file button and the chosen file, the refusal of a wrong ending or a file too large, the start
 * button and the confirmation before the update starts.
 */
export function SignedFilePicker({ file, onFile, onStart, maxBytes, disabled, language, texts, testIds, confirmId }: Props) {
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const take = (chosen: File | undefined) => {
    setProblem(null);
    if (!chosen) return;
    if (!chosen.name.toLowerCase().endsWith('.bin')) setProblem(texts.wrongType);
    else if (chosen.size > maxBytes) setProblem(texts.tooLarge);
    else onFile(chosen);
  };

  const start = () => {
    setConfirming(false);
    if (file) onStart(file);
  };

  return (
    <>
      <Box
        onDragOver={(e: DragEvent) => {
          e.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e: DragEvent) => {
          e.preventDefault();
          setDragging(false);
          if (!disabled) take(e.dataTransfer.files[0]);
        }}
        data-testid={testIds.drop}
        sx={{ border: 2, borderStyle: 'dashed', borderColor: dragging ? 'primary.main' : 'divider', borderRadius: 1, p: 2, mb: 2 }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <UploadIcon aria-hidden />
          <Typography variant="body2">{texts.help}</Typography>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <FileButton variant="outlined" disabled={disabled} label={texts.choose} accept=".bin" testId={testIds.input} onFiles={(files) => take(files[0])} />
          <Typography variant="body2" data-testid={testIds.chosen} sx={{ wordBreak: 'break-all' }}>
            {file ? `${file.name} (${formatBytes(file.size, language)})` : texts.none}
          </Typography>
        </Box>
      </Box>
      {problem ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {problem}
        </Alert>
      ) : null}
      <Button variant="contained" disabled={!file || disabled} onClick={() => setConfirming(true)}>
        {texts.start}
      </Button>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby={confirmId}>
        <DialogTitle id={confirmId}>{texts.confirmTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{texts.confirmText(file?.name ?? '')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{texts.confirmCancel}</Button>
          <Button variant="contained" onClick={start}>
            {texts.confirmStart}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
