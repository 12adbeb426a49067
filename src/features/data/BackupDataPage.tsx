import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { fromPromise } from 'xstate';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/SectionCard';
import { useAppDispatch, useAppSelector } from '../../../store';
import { selectLanguage } from '../../../store/app-slice';
import { dataApi, useDataMediaQuery } from '../../../store/api/data-endpoints';
import { projectApi } from '../../../store/api/project-endpoints';
import type { Job } from '../../../contract/api/jobs';
import { DATA_BACKUP_STEPS } from '../../../contract/api/data.routes';
import type { JobStepState } from '../../../contract/jobs';
import { MEDIA, type Medium } from '../../../contract/media';
import { BACKUP_CONTENTS, quickRange, type BackupContent } from '../../../contract/rules/data';
import { dataBackupJobMachine, type MediaBackupRequest } from '../../../machines/data-backup-job.machine';
import type { ExportRequest } from '../../../machines/file-export.machine';
import { useMachineActor } from '../../app/use-machine-actor';
import { StepIcon } from '../../components/JobProgress';
import { percentOf } from '../../components/percent';
import { DownloadIcon } from '../../components/icons';
import { errorText, type ErrorTexts } from '../../i18n/error-text';
import { formatBytes } from '../../i18n/format';
import { useDeviceNow } from './device-now';
import { RangeBar } from './RangeBar';
import { useRangeChoice } from './list-view';
import { useFileExport } from '../../app/use-file-export';
import { DATA_EXPORT_ROUTES } from './export-routes';
import { numberFormat } from '../../i18n/numbers';

const NS = 'data';

type Target = 'download' | Medium;
const TARGETS: readonly Target[] = ['download', ...MEDIA];

/** A medium that is not in and another backup being written are said the backup's way. */
const BACKUP_ERROR_TEXTS: ErrorTexts = { codes: { not_found: 'data:backup.errors.no_medium', job_running: 'data:backup.errors.job_running' } };

/** The media backup flow of this page: the machine, with its actors talking to the device. */
function useDataBackupJob() {
  const dispatch = useAppDispatch();
  const actor = useMachineActor(dataBackupJobMachine, {
    actors: {
      startBackup: fromPromise<{ job_id: string }, MediaBackupRequest>(async ({ input }) => dispatch(dataApi.endpoints.backupDataToMedia.initiate(input)).unwrap()),
      fetchJob: fromPromise<Job, { jobId: string }>(async ({ input }) =>
        dispatch(projectApi.endpoints.job.initiate(input.jobId, { forceRefetch: true, subscribe: false })).unwrap(),
      ),
    },
  });
  const snapshot = useSelector(actor, (s) => s);
  return { actor, snapshot };
}

/** Whether the USB stick and the SD card are in; `null` while the device has not said. */
function useMediaPresence(): (medium: Medium) => boolean | null {
  const media = useDataMediaQuery(undefined, { refetchOnMountOrArgChange: true });
  return (medium) => media.data?.media.find((m) => m.medium === medium)?.present ?? null;
}

/** Backup Data: the data logs, the event log and the operation log of a range, as one archive to
 * download or to write to the USB stick or the SD card (a job whose two steps the page follows). */
export default function BackupDataPage() {
  const { t } = useTranslation(NS);
  const language = useAppSelector(selectLanguage);
  const deviceNow = useDeviceNow();
  const [what, setWhat] = useState<ReadonlySet<BackupContent>>(() => new Set(BACKUP_CONTENTS));
  const { range, quick, choose, bad } = useRangeChoice({ range: quickRange('7d', deviceNow()), quick: '7d' });
  const [target, setTarget] = useState<Target>('download');
  const present = useMediaPresence();
  const download = useFileExport(DATA_EXPORT_ROUTES);
  const job = useDataBackupJob();
  const number = numberFormat(language);

  const downloadBusy = download.snapshot.hasTag('busy');
  const jobBusy = job.snapshot.hasTag('busy');
  const busy = downloadBusy || jobBusy;
  const absent = (m: Medium) => present(m) === false;
  const rangeOk = range.from !== null && range.to !== null && !bad;
  const chosen = BACKUP_CONTENTS.filter((c) => what.has(c));
  const ready = chosen.length > 0 && rangeOk && !(target !== 'download' && absent(target));

  const toggle = (content: BackupContent, on: boolean) =>
    setWhat((before) => {
      const next = new Set(before);
      if (on) next.add(content);
      else next.delete(content);
      return next;
    });

  const start = () => {
    if (!ready || range.from === null || range.to === null) return;
    const body = { what: chosen, from: new Date(range.from).toISOString(), to: new Date(range.to).toISOString() };
    if (target === 'download') {
      const request: ExportRequest = { call: 'data.backup', body: { ...body, target: 'download' }, fallbackName: 'data-backup.tar.gz' };
      job.actor.send({ type: 'backup.dismiss' });
      download.actor.send({ type: 'export.start', request });
    } else {
      download.actor.send({ type: 'export.dismiss' });
      job.actor.send({ type: 'backup.start', request: { ...body, target } });
    }
  };

  const { progress, file, error: downloadError } = download.snapshot.context;
  const jobCtx = job.snapshot.context;
  const stepStates = new Map(jobCtx.job?.steps.map((s) => [s.id, s.state]) ?? []);
  const steps = DATA_BACKUP_STEPS.map((id) => ({ id, state: (stepStates.get(id) ?? 'pending') as JobStepState }));
  const jobShown = !job.snapshot.matches('idle');
  const jobMedium = jobCtx.request?.target ?? 'usb';
  const counts = jobCtx.job?.state === 'running' && jobCtx.job.bytes ? { step: jobCtx.job.current_step, ...jobCtx.job.bytes } : null;

  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('menu.backup_data', { ns: 'shell' })}
      </Typography>
      <SectionCard titleId="data-backup-title" title={t('backup.title')} sx={{ maxWidth: 960 }}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('backup.help')}
          </Typography>

          <FormControl component="fieldset" error={chosen.length === 0} disabled={busy} sx={{ mb: 2, display: 'block' }}>
            <FormLabel component="legend">{t('backup.what_label')}</FormLabel>
            <FormGroup row>
              {BACKUP_CONTENTS.map((c) => (
                <FormControlLabel key={c} control={<Checkbox checked={what.has(c)} onChange={(e) => toggle(c, e.target.checked)} />} label={t(`backup.what.${c}`)} />
              ))}
            </FormGroup>
            {chosen.length === 0 ? <FormHelperText>{t('backup.what_none')}</FormHelperText> : null}
          </FormControl>

          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2, minWidth: 0 }}>
            <FormLabel component="legend" sx={{ mb: 1 }}>
              {t('backup.range_label')}
            </FormLabel>
            <RangeBar
              value={range}
              active={quick}
              allowAll={false}
              disabled={busy}
              onChange={choose}
            />
          </Box>

          <FormControl component="fieldset" disabled={busy} sx={{ mb: 2, display: 'block' }}>
            <FormLabel component="legend" id="data-backup-target">
              {t('backup.target_label')}
            </FormLabel>
            <RadioGroup row aria-labelledby="data-backup-target" value={target} onChange={(e) => setTarget(e.target.value as Target)}>
              {TARGETS.map((x) => (
                <FormControlLabel
                  key={x}
                  value={x}
                  control={<Radio />}
                  disabled={x !== 'download' && absent(x)}
                  label={x !== 'download' && absent(x) ? t(`backup.target_absent.${x}`) : t(`backup.target.${x}`)}
                />
              ))}
            </RadioGroup>
          </FormControl>

          <Button variant="contained" startIcon={target === 'download' ? <DownloadIcon /> : undefined} onClick={start} disabled={!ready} loading={busy}>
            {t('backup.start')}
          </Button>

          {downloadBusy ? (
            <Box sx={{ mt: 2, maxWidth: 480 }} role="status" aria-live="polite">
              <Typography variant="body2" sx={{ mb: 0.5 }}>
                {t('backup.downloading')}
              </Typography>
              <LinearProgress
                variant={progress.totalBytes > 0 ? 'determinate' : 'indeterminate'}
                value={percentOf(progress.bytes, progress.totalBytes)}
                aria-label={t('backup.downloading')}
              />
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5 }}>
                <Typography variant="body2" color="text.secondary" data-testid="backup-bytes" sx={{ flex: 1, fontVariantNumeric: 'tabular-nums' }}>
                  {progress.totalBytes > 0
                    ? t('backup.bytes', { loaded: formatBytes(progress.bytes, language), total: formatBytes(progress.totalBytes, language), percent: percentOf(progress.bytes, progress.totalBytes) })
                    : t('backup.bytes_open', { loaded: formatBytes(progress.bytes, language) })}
                </Typography>
                <Button size="small" onClick={() => download.actor.send({ type: 'export.cancel' })}>
                  {t('backup.cancel')}
                </Button>
              </Box>
            </Box>
          ) : null}
          {download.snapshot.hasTag('succeeded') && file ? (
            <Alert severity="success" sx={{ mt: 2 }} onClose={() => download.actor.send({ type: 'export.dismiss' })} data-testid="backup-outcome">
              {t('backup.downloaded', { file: file.name, size: formatBytes(file.bytes, language) })}
            </Alert>
          ) : null}
          {download.snapshot.hasTag('failed') ? (
            <Alert
              severity="error"
              sx={{ mt: 2 }}
              data-testid="backup-outcome"
              action={
                <Button color="inherit" size="small" onClick={() => download.actor.send({ type: 'export.retry' })}>
                  {t('common.retry', { ns: 'translation' })}
                </Button>
              }
            >
              {t('backup.download_failed', { reason: errorText(t, downloadError ?? 'fail', BACKUP_ERROR_TEXTS) })}
            </Alert>
          ) : null}

          {jobShown ? (
            <Box component="section" aria-label={t('backup.progress_label')} sx={{ mt: 2, maxWidth: 560 }}>
              <List dense aria-label={t('backup.steps_label')}>
                {steps.map((s) => (
                  <ListItem key={s.id} data-testid={`step-${s.id}`} data-state={s.state} disableGutters>
                    <ListItemIcon sx={{ minWidth: 36 }}>
                      <StepIcon state={s.state} />
                    </ListItemIcon>
                    <ListItemText primary={t(`backup.steps.${s.id}`)} secondary={t(`backup.step_state.${s.state}`)} />
                  </ListItem>
                ))}
              </List>
              {counts ? (
                <Box role="status" aria-live="polite">
                  <LinearProgress variant="determinate" value={percentOf(counts.done, counts.total)} aria-label={t(`backup.steps.${counts.step === 'write_archive' ? 'write_archive' : 'prepare'}`)} />
                  <Typography variant="body2" color="text.secondary" data-testid="job-counts" sx={{ mt: 0.5, fontVariantNumeric: 'tabular-nums' }}>
                    {counts.step === 'write_archive'
                      ? t('backup.written', { done: formatBytes(counts.done, language), total: formatBytes(counts.total, language) })
                      : t('backup.rows', { done: number.format(counts.done), total: number.format(counts.total) })}
                  </Typography>
                </Box>
              ) : null}
              {job.snapshot.hasTag('succeeded') ? (
                <Alert severity="success" sx={{ mt: 1 }} onClose={() => job.actor.send({ type: 'backup.dismiss' })} data-testid="backup-outcome">
                  {t(`backup.saved_${jobMedium}`, { file: jobCtx.job?.result?.file_name ?? '', size: formatBytes(jobCtx.job?.result?.size ?? 0, language) })}
                </Alert>
              ) : null}
              {job.snapshot.hasTag('failed') ? (
                <Alert
                  severity="error"
                  sx={{ mt: 1 }}
                  onClose={() => job.actor.send({ type: 'backup.dismiss' })}
                  data-testid="backup-outcome"
                  action={
                    <Button color="inherit" size="small" onClick={() => job.actor.send({ type: 'backup.retry' })}>
                      {t('common.retry', { ns: 'translation' })}
                    </Button>
                  }
                >
                  {t('backup.failed', { reason: errorText(t, jobCtx.error ?? 'fail', BACKUP_ERROR_TEXTS) })}
                </Alert>
              ) : null}
              {job.snapshot.hasTag('unverified') ? (
                <Alert
                  severity="warning"
                  sx={{ mt: 1 }}
                  onClose={() => job.actor.send({ type: 'backup.dismiss' })}
                  data-testid="backup-outcome"
                  action={
                    <Button color="inherit" size="small" onClick={() => job.actor.send({ type: 'backup.retry' })}>
                      {t('backup.ask_again')}
                    </Button>
                  }
                >
                  {t('backup.unverified')}
                </Alert>
              ) : null}
            </Box>
          ) : null}
      </SectionCard>
    </Box>
  );
}
