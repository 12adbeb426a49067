import { useState, type DragEvent } from 'react';
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
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../store';
import { selectLanguage } from '../../../store/app-slice';
import { useOsInfoQuery } from '../../../store/api/os-endpoints';
import { FactRow } from '../../components/FactRow';
import { FileButton } from '../../components/FileButton';
import { LoadFailed } from '../../components/LoadFailed';
import { Loading } from '../../components/Loading';
import { UploadIcon } from '../../components/icons';
import { errorText } from '../../i18n/error-text';
import { formatBytes } from '../../i18n/format';
import { OsUpdateDialog } from './OsUpdateDialog';
import { useOsUpdate } from './use-os-update';

const NS = 'os';


/** OS Update: the installed version, and an update from a .bin image through the device's reboot. */
export default function OsUpdatePage() {
  const { t } = useTranslation(NS);
  const language = useAppSelector(selectLanguage);
  const info = useOsInfoQuery(undefined, { refetchOnMountOrArgChange: true });
  const { actor, snapshot } = useOsUpdate();
  const [image, setImage] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const d = info.data;
  const busy = snapshot.hasTag('busy');

  const take = (file: File | undefined) => {
    setProblem(null);
    if (!file) return;
    if (!file.name.toLowerCase().endsWith('.bin')) {
      setProblem(t('choose.wrong_type'));
      return;
    }
    if (d && file.size > d.max_image_bytes) {
      setProblem(`${errorText(t, 'image_too_large')}: ${t('choose.too_large', { max: formatBytes(d.max_image_bytes, language) })}`);
      return;
    }
    setImage(file);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    take(e.dataTransfer.files[0]);
  };

  const start = () => {
    setConfirming(false);
    if (image) actor.send({ type: 'update.upload', files: { image } });
  };

  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('menu.os_update', { ns: 'shell' })}
      </Typography>
      {info.isError && !d ? (
        <LoadFailed message={t('load_failed')} error={info.error} onRetry={() => void info.refetch()} />
      ) : !d ? (
        <Loading label={t('loading')} />
      ) : (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, lg: 5 }}>
            <Card variant="outlined" component="section" aria-labelledby="installed-title">
              <CardContent>
                <Typography id="installed-title" variant="h6" component="h2" sx={{ mb: 1 }}>
                  {t('installed.title')}
                </Typography>
                <Box component="dl" sx={{ m: 0 }}>
                  <FactRow label={t('installed.version')}>
                    <span data-testid="os-version">{d.os_version}</span>
                  </FactRow>
                  <FactRow label={t('installed.model')}>{d.model}</FactRow>
                  <FactRow label={t('installed.max_image')}>{formatBytes(d.max_image_bytes, language)}</FactRow>
                </Box>
              </CardContent>
            </Card>
          </Grid>
          <Grid size={{ xs: 12, lg: 7 }}>
            <Card variant="outlined" component="section" aria-labelledby="update-title">
              <CardContent>
                <Typography id="update-title" variant="h6" component="h2" sx={{ mb: 1 }}>
                  {t('choose.title')}
                </Typography>
                <Alert severity="info" role="note" sx={{ mb: 2 }}>
                  {t('choose.reboot_note', { seconds: d.reboot_seconds })}
                </Alert>
                <Box
                  onDragOver={(e) => {
                    e.preventDefault();
                    setDragging(true);
                  }}
                  onDragLeave={() => setDragging(false)}
                  onDrop={onDrop}
                  data-testid="image-drop"
                  sx={{ border: 2, borderStyle: 'dashed', borderColor: dragging ? 'primary.main' : 'divider', borderRadius: 1, p: 2, mb: 2 }}
                >
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
                    <UploadIcon aria-hidden />
                    <Typography variant="body2">{t('choose.help')}</Typography>
                  </Box>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
                    <FileButton variant="outlined" disabled={busy} label={t('choose.action')} accept=".bin" testId="image-input" onFiles={(files) => take(files[0])} />
                    <Typography variant="body2" data-testid="chosen-image" sx={{ wordBreak: 'break-all' }}>
                      {image ? `${image.name} (${formatBytes(image.size, language)})` : t('choose.none')}
                    </Typography>
                  </Box>
                </Box>
                {problem ? (
                  <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                    {problem}
                  </Alert>
                ) : null}
                <Button variant="contained" disabled={!image || busy} onClick={() => setConfirming(true)}>
                  {t('choose.start')}
                </Button>
              </CardContent>
            </Card>
          </Grid>
        </Grid>
      )}
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="os-confirm-title">
        <DialogTitle id="os-confirm-title">{t('confirm.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('confirm.text', { name: image?.name ?? '', seconds: d?.reboot_seconds ?? 0 })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('confirm.cancel')}</Button>
          <Button variant="contained" onClick={start}>
            {t('confirm.start')}
          </Button>
        </DialogActions>
      </Dialog>
      <OsUpdateDialog snapshot={snapshot} send={(e) => actor.send(e)} fileName={image?.name ?? ''} language={language} />
    </Box>
  );
}
