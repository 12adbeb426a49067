import { useState, type DragEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../store';
import { selectLanguage } from '../../../store/app-slice';
import { noticeShown } from '../../../store/notice-actions';
import { useBackupProjectMutation, useProjectInfoQuery, useProjectMediaQuery, useRestartProjectMutation } from '../../../store/api/project-endpoints';
import type { Medium } from '../../../contract/media';
import { FactRow } from '../../components/FactRow';
import { FileButton } from '../../components/FileButton';
import { LoadFailed } from '../../components/LoadFailed';
import { Loading } from '../../components/Loading';
import { QueryPage } from '../../components/QueryPage';
import { SectionCard } from '../../components/SectionCard';
import { UploadIcon } from '../../components/icons';
import { errorMessage } from '../../i18n/error-text';
import { displayTime, formatBytes } from '../../i18n/format';
import { UpdateProgressDialog } from './UpdateProgressDialog';
import { useProjectUpdate } from './use-project-update';
import { numberFormat } from '../../i18n/numbers';

const NS = 'project';

/** Which of the two a dropped or chosen file is, by its ending (the device checks the content). */
function kindOf(file: File): 'app' | 'crc' | null {
  const name = file.name.toLowerCase();
  return name.endsWith('.app') ? 'app' : name.endsWith('.crc') ? 'crc' : null;
}

/** The password of a protected project, asked for an update from a file or from a medium. */
function ProjectPasswordField({ value, onChange, sx }: { value: string; onChange(value: string): void; sx?: SxProps<Theme> }) {
  const { t } = useTranslation(NS);
  return (
    <TextField
      label={t('update.password')}
      type="password"
      autoComplete="off"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      helperText={t('update.password_help')}
      size="small"
      fullWidth
      slotProps={{ htmlInput: { maxLength: 64 } }}
      sx={sx}
    />
  );
}

/** Project Management: what runs, restart, backup, and the update from files or a medium. */
export default function ProjectManagementPage() {
  const { t } = useTranslation(NS);
  const dispatch = useAppDispatch();
  const language = useAppSelector(selectLanguage);
  const info = useProjectInfoQuery(undefined, { refetchOnMountOrArgChange: true });
  const media = useProjectMediaQuery(undefined, { refetchOnMountOrArgChange: true });
  const [restart, restarting] = useRestartProjectMutation();
  const [backup, backingUp] = useBackupProjectMutation();
  const { actor, snapshot } = useProjectUpdate();
  const [confirmRestart, setConfirmRestart] = useState(false);
  const [files, setFiles] = useState<{ app: File | null; crc: File | null }>({ app: null, crc: null });
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [fromMedium, setFromMedium] = useState<{ medium: Medium; name: string } | null>(null);
  const [mediumPassword, setMediumPassword] = useState('');
  const busy = snapshot.hasTag('busy');

  const take = (chosen: readonly File[]) => {
    setProblem(null);
    const next = { ...files };
    for (const file of chosen) {
      const kind = kindOf(file);
      if (!kind) {
        setProblem(t('update.wrong_type', { name: file.name }));
        return;
      }
      next[kind] = file;
    }
    if (next.app && info.data && next.app.size > info.data.max_upload_bytes) {
      setProblem(t('update.too_large', { max: formatBytes(info.data.max_upload_bytes, language) }));
      return;
    }
    setFiles(next);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    take([...e.dataTransfer.files]);
  };

  const startUpload = () => {
    if (!files.app || !files.crc) {
      setProblem(t('update.both_needed'));
      return;
    }
    actor.send({ type: 'update.upload', files: { app: files.app, crc: files.crc }, password });
  };

  const doRestart = async () => {
    setConfirmRestart(false);
    const result = await restart();
    if ('error' in result) dispatch(noticeShown({ key: 'project:error_codes.restart_failed', severity: 'error' }));
    else dispatch(noticeShown({ key: 'project:restart.success', severity: 'success' }));
  };

  const doBackup = async () => {
    const result = await backup(`${info.data?.file_name ?? 'project'}.cxob`);
    if ('error' in result) dispatch(noticeShown({ ...errorMessage(result.error, { fallback: 'project:error_codes.packing_failed' }), severity: 'error' }));
    else dispatch(noticeShown({ key: 'project:backup.saved', values: { file: result.data }, severity: 'success' }));
  };

  const startFromMedium = () => {
    if (!fromMedium) return;
    actor.send({ type: 'update.fromMedia', medium: fromMedium.medium, name: fromMedium.name, password: mediumPassword });
    setFromMedium(null);
    setMediumPassword('');
  };

  const uploadingName = snapshot.hasTag('uploading') ? (files.app?.name ?? '') : '';

  const after = (
    <>
      <Dialog open={confirmRestart} onClose={() => setConfirmRestart(false)} aria-labelledby="restart-title">
        <DialogTitle id="restart-title">{t('restart.confirm_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('restart.confirm_text', { name: info.data?.name ?? '' })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmRestart(false)}>{t('restart.cancel')}</Button>
          <Button variant="contained" onClick={() => void doRestart()}>
            {t('restart.action')}
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={fromMedium !== null} onClose={() => setFromMedium(null)} aria-labelledby="medium-title">
        <DialogTitle id="medium-title">{fromMedium ? t('media.dialog_title', { medium: t(`media.${fromMedium.medium}`) }) : ''}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('media.dialog_text', { name: fromMedium ? `${fromMedium.name}.app` : '' })}</DialogContentText>
          <ProjectPasswordField value={mediumPassword} onChange={setMediumPassword} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setFromMedium(null)}>{t('media.cancel')}</Button>
          <Button variant="contained" onClick={startFromMedium}>
            {t('media.start')}
          </Button>
        </DialogActions>
      </Dialog>

      <UpdateProgressDialog
        snapshot={snapshot}
        send={(e) => {
          // The chosen files are spent once the update ended well.
          if (e.type === 'update.dismiss' && snapshot.hasTag('succeeded')) setFiles({ app: null, crc: null });
          actor.send(e);
        }}
        fileName={uploadingName} runningName={info.data?.name ?? null} language={language} />
    </>
  );

  return (
    <QueryPage
      title={t('menu.project_management', { ns: 'shell' })}
      query={info}
      failedText={t('load_failed')}
      loadingText={t('loading')}
      onRetry={() => {
        // The media list failed with the same connection: read both again.
        void info.refetch();
        void media.refetch();
      }}
      after={after}
    >
      {(d) => (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, lg: 6 }}>
            <SectionCard titleId="running-title" title={t('running.title')}>
                <Box component="dl" sx={{ m: 0, mb: 2 }}>
                  <FactRow label={t('running.name')}>
                    <span data-testid="project-name">{d.name}</span>
                  </FactRow>
                  <FactRow label={t('running.state')}>
                    <Chip size="small" color={d.state === 'running' ? 'success' : 'default'} label={t(`states.${d.state}`)} data-testid="project-state" />
                  </FactRow>
                  <FactRow label={t('running.model')}>{d.model}</FactRow>
                  <FactRow label={t('running.design_version')}>V{d.design_software_version}</FactRow>
                  <FactRow label={t('running.file')}>{`${d.file_name}.app`}</FactRow>
                  <FactRow label={t('running.size')}>{formatBytes(d.app_size, language)}</FactRow>
                  <FactRow label={t('running.crc')}>
                    <Box component="span" sx={{ fontFamily: 'monospace' }}>
                      {d.crc}
                    </Box>
                  </FactRow>
                  <FactRow label={t('running.tags')}>{numberFormat(language).format(d.tags)}</FactRow>
                  <FactRow label={t('running.uploaded_at')}>{displayTime(d.uploaded_at)}</FactRow>
                  <FactRow label={t('running.source')}>{t(`sources.${d.source}`)}</FactRow>
                  <FactRow label={t('running.protected')}>{d.protected ? t('running.yes') : t('running.no')}</FactRow>
                </Box>
                <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                  <Button variant="outlined" onClick={() => setConfirmRestart(true)} loading={restarting.isLoading} disabled={busy}>
                    {t('restart.action')}
                  </Button>
                  <Button variant="outlined" onClick={() => void doBackup()} loading={backingUp.isLoading} disabled={busy} aria-describedby="backup-help">
                    {t('backup.action')}
                  </Button>
                </Box>
                <Typography id="backup-help" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  {t('backup.help')}
                </Typography>
            </SectionCard>
          </Grid>
          <Grid size={{ xs: 12, lg: 6 }}>
            <Box sx={{ display: 'grid', gap: 2 }}>
              <SectionCard titleId="update-title" title={t('update.title')}>
                  <Box
                    onDragOver={(e) => {
                      e.preventDefault();
                      setDragging(true);
                    }}
                    onDragLeave={() => setDragging(false)}
                    onDrop={onDrop}
                    data-testid="drop-zone"
                    sx={{
                      border: 2,
                      borderStyle: 'dashed',
                      borderColor: dragging ? 'primary.main' : 'divider',
                      borderRadius: 1,
                      p: 2,
                      mb: 2,
                      bgcolor: dragging ? 'action.hover' : 'transparent',
                    }}
                  >
                    <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5, display: 'flex', alignItems: 'center', gap: 1 }}>
                      <UploadIcon fontSize="small" aria-hidden />
                      {dragging ? t('update.drop') : t('update.help')}
                    </Typography>
                    {(['app', 'crc'] as const).map((kind) => (
                      <Box key={kind} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1, flexWrap: 'wrap' }}>
                        <FileButton
                          variant="outlined"
                          size="small"
                          disabled={busy}
                          label={t(kind === 'app' ? 'update.choose_app' : 'update.choose_crc')}
                          accept={`.${kind}`}
                          testId={`file-${kind}`}
                          onFiles={take}
                        />
                        <Typography variant="body2" data-testid={`chosen-${kind}`} sx={{ wordBreak: 'break-all' }}>
                          {files[kind] ? `${files[kind]!.name} (${formatBytes(files[kind]!.size, language)})` : t('update.no_file')}
                        </Typography>
                      </Box>
                    ))}
                  </Box>
                  <ProjectPasswordField value={password} onChange={setPassword} sx={{ mb: 2 }} />
                  {problem ? (
                    <Alert severity="error" sx={{ mb: 2 }} role="alert">
                      {problem}
                    </Alert>
                  ) : null}
                  <Button variant="contained" onClick={startUpload} disabled={busy || !files.app || !files.crc}>
                    {t('update.start')}
                  </Button>
              </SectionCard>
              <Card variant="outlined" component="section" aria-labelledby="media-title">
                <CardContent>
                  <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
                    <Typography id="media-title" variant="h6" component="h2">
                      {t('media.title')}
                    </Typography>
                    <Button size="small" onClick={() => void media.refetch()} loading={media.isFetching}>
                      {t('media.refresh')}
                    </Button>
                  </Box>
                  <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                    {t('media.help')}
                  </Typography>
                  {media.isError && !media.data ? (
                    <LoadFailed error={media.error} onRetry={() => void media.refetch()} />
                  ) : !media.data ? (
                    <Loading label={t('loading')} />
                  ) : (
                    media.data.media.map((m) => (
                      <Box key={m.medium} component="section" aria-label={t(`media.${m.medium}`)} sx={{ mb: 1 }}>
                        <Typography variant="subtitle2" component="h3">
                          {t(`media.${m.medium}`)}
                        </Typography>
                        {!m.present || m.projects.length === 0 ? (
                          <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
                            {m.present ? t('media.empty') : t('media.absent')}
                          </Typography>
                        ) : (
                          <List dense disablePadding>
                            {m.projects.map((p) => (
                              <ListItem
                                key={p.name}
                                disableGutters
                                secondaryAction={
                                  <Button
                                    size="small"
                                    variant="outlined"
                                    disabled={busy || !p.crc_present}
                                    onClick={() => setFromMedium({ medium: m.medium, name: p.name })}
                                    aria-label={t('media.update', { name: p.name })}
                                  >
                                    {t('media.start')}
                                  </Button>
                                }
                                sx={{ pr: 12 }}
                              >
                                <ListItemText
                                  primary={`${p.name}.app`}
                                  secondary={`${formatBytes(p.app_size, language)} · ${displayTime(p.modified_at)}${p.crc_present ? '' : ` · ${t('media.no_crc')}`}`}
                                  slotProps={{ primary: { sx: { wordBreak: 'break-all' } } }}
                                />
                              </ListItem>
                            ))}
                          </List>
                        )}
                      </Box>
                    ))
                  )}
                </CardContent>
              </Card>
            </Box>
          </Grid>
        </Grid>
      )}
    </QueryPage>
  );
}

