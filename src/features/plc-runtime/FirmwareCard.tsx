import { useId, useState, type DragEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FileButton } from '../../components/FileButton';
import { UploadIcon } from '../../components/icons';
import { errorText } from '../../i18n/error-text';
import { formatBytes } from '../../i18n/format';
import { FirmwareUpdateDialog } from './FirmwareUpdateDialog';
import { PLC_NS } from './messages';
import type { PlcRuntimeStatus } from './types';
import { usePlcRuntimeUpdate } from './use-plc-runtime-update';

/** Firmware update: choose a .bin, confirm, then the update's overlay through the HMI restart. */
export function FirmwareCard({ status, canChange, language }: { status: PlcRuntimeStatus; canChange: boolean; language: string }) {
  const { t } = useTranslation(PLC_NS);
  const titleId = useId();
  const { actor, snapshot } = usePlcRuntimeUpdate();
  const [firmware, setFirmware] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const busy = snapshot.hasTag('busy');

  const take = (file: File | undefined) => {
    setProblem(null);
    if (!file) return;
    if (!file.name.toLowerCase().endsWith('.bin')) {
      setProblem(t('firmware.wrong_type'));
      return;
    }
    if (file.size > status.max_firmware_bytes) {
      setProblem(`${errorText(t, 'firmware_too_large')}: ${t('firmware.too_large', { max: formatBytes(status.max_firmware_bytes, language) })}`);
      return;
    }
    setFirmware(file);
  };

  const start = () => {
    setConfirming(false);
    if (firmware) actor.send({ type: 'update.upload', files: { firmware } });
  };

  const locked = !canChange || busy;

  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId} sx={{ height: '100%' }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {t('firmware.title')}
        </Typography>
        <Alert severity="info" role="note" sx={{ mb: 2 }}>
          {t('firmware.restart_note', { seconds: status.restart_seconds })}
        </Alert>
        <Box
          onDragOver={(e: DragEvent) => {
            e.preventDefault();
            if (!locked) setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(e: DragEvent) => {
            e.preventDefault();
            setDragging(false);
            if (!locked) take(e.dataTransfer.files[0]);
          }}
          data-testid="firmware-drop"
          sx={{ border: 2, borderStyle: 'dashed', borderColor: dragging ? 'primary.main' : 'divider', borderRadius: 1, p: 2, mb: 2 }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
            <UploadIcon aria-hidden />
            <Typography variant="body2">{t('firmware.help', { max: formatBytes(status.max_firmware_bytes, language) })}</Typography>
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
            <FileButton variant="outlined" disabled={locked} label={t('firmware.choose')} accept=".bin" testId="firmware-input" onFiles={(files) => take(files[0])} />
            <Typography variant="body2" data-testid="chosen-firmware" sx={{ wordBreak: 'break-all' }}>
              {firmware ? `${firmware.name} (${formatBytes(firmware.size, language)})` : t('firmware.none')}
            </Typography>
          </Box>
        </Box>
        {problem ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {problem}
          </Alert>
        ) : null}
        <Button variant="contained" disabled={!firmware || locked} onClick={() => setConfirming(true)}>
          {t('firmware.start')}
        </Button>
      </CardContent>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="plc-confirm-title">
        <DialogTitle id="plc-confirm-title">{t('firmware.confirm.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('firmware.confirm.text', { name: firmware?.name ?? '', seconds: status.restart_seconds })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('firmware.confirm.cancel')}</Button>
          <Button variant="contained" onClick={start}>
            {t('firmware.confirm.start')}
          </Button>
        </DialogActions>
      </Dialog>
      <FirmwareUpdateDialog
        snapshot={snapshot}
        send={(e) => {
          // The chosen file is spent once the update ended well.
          if (e.type === 'update.dismiss' && snapshot.hasTag('succeeded')) setFirmware(null);
          actor.send(e);
        }}
        fileName={firmware?.name ?? ''}
        installedVersion={status.runtime.version}
        language={language}
      />
    </Card>
  );
}
