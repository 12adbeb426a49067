import { useState } from 'react';
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
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../store';
import { selectLanguage } from '../../../store/app-slice';
import { noticeShown } from '../../../store/notice-actions';
import { useBackupRecipesToMediaMutation, useDownloadRecipeBackupMutation, useRecipeBackupsQuery, useRecipeBooksQuery } from '../../../store/api/recipe-endpoints';
import type { ResponseOf } from '../../../contract/api/define';
import type { backups as backupsCall } from '../../../contract/api/recipe';
import { MEDIA, type Medium } from '../../../contract/media';
import { FileButton } from '../../components/FileButton';
import { LoadFailed } from '../../components/LoadFailed';
import { Loading } from '../../components/Loading';
import { SectionCard } from '../../components/SectionCard';
import { UploadBytes } from '../../components/JobProgress';
import { percentOf } from '../../components/percent';
import { UploadIcon } from '../../components/icons';
import { errorMessage, errorText, type ErrorTexts } from '../../i18n/error-text';
import { displayTime, formatBytes } from '../../i18n/format';
import { useRecipeRestore } from './use-recipe-restore';
import { numberFormat } from '../../i18n/numbers';

const NS = 'recipe';

/** A file the device refuses by its content is, here, not a recipe backup. */
const RESTORE_ERROR_TEXTS: ErrorTexts = { codes: { unsupported_file_type: 'recipe:error_codes.invalid_backup' }, fallback: 'recipe:restore.failed_generic' };

type MediaBackup = ResponseOf<typeof backupsCall>['media'][number]['backups'][number];

/** Backup Recipe: every book to a download, the USB stick or the SD card; the backups on the
 * media, and a restore of one of them (or of a file of the computer), checked first, all or nothing. */
export default function BackupRecipePage() {
  const { t } = useTranslation(NS);
  const dispatch = useAppDispatch();
  const language = useAppSelector(selectLanguage);
  const books = useRecipeBooksQuery(undefined, { refetchOnMountOrArgChange: true });
  const backups = useRecipeBackupsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [toMedia, writing] = useBackupRecipesToMediaMutation();
  const [download, downloading] = useDownloadRecipeBackupMutation();
  const { actor, snapshot } = useRecipeRestore();
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const number = numberFormat(language);
  const busy = snapshot.hasTag('busy');
  const ctx = snapshot.context;
  const present = (m: Medium) => backups.data?.media.find((x) => x.medium === m)?.present ?? false;
  const records = books.data?.books.reduce((n, b) => n + b.record_count, 0) ?? 0;
  const sourceName = ctx.source ? (ctx.source.kind === 'file' ? ctx.source.file.name : ctx.source.fileName) : '';

  // Both reads fail with the same connection: either Retry reads both again.
  const retryAll = () => {
    void books.refetch();
    void backups.refetch();
  };

  const doDownload = async () => {
    const result = await download();
    if ('error' in result) dispatch(noticeShown({ ...errorMessage(result.error, { fallback: 'recipe:backup.failed' }), severity: 'error' }));
    else dispatch(noticeShown({ key: 'recipe:backup.downloaded', values: { file: result.data }, severity: 'success' }));
  };

  const doToMedium = async (medium: Medium) => {
    const result = await toMedia({ medium });
    if ('error' in result) dispatch(noticeShown({ ...errorMessage(result.error, { fallback: 'recipe:backup.failed' }), severity: 'error' }));
    else dispatch(noticeShown({ key: `recipe:backup.saved_${medium}`, values: { file: result.data.file_name }, severity: 'success' }));
  };

  const chooseFile = (file: File | undefined) => {
    setFileProblem(null);
    if (!file) return;
    if (!file.name.toLowerCase().endsWith('.cxob')) {
      setFileProblem(t('restore.wrong_type'));
      return;
    }
    actor.send({ type: 'restore.choose', source: { kind: 'file', file } });
  };

  const problemText = (b: MediaBackup): string | null => {
    if (b.kind === 'project') return t('restore.kind_project');
    if (b.kind === 'unreadable') return t('restore.kind_unreadable');
    return b.problem ? t(`restore.problems.${b.problem.code}`, { book: b.problem.book ?? '' }) : null;
  };

  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('menu.backup_recipe', { ns: 'shell' })}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 5 }}>
          <SectionCard titleId="backup-title" title={t('backup.title')}>
              {books.isError && !books.data ? (
                <LoadFailed message={t('load_failed')} error={books.error} onRetry={retryAll} />
              ) : !books.data ? (
                <Loading label={t('loading')} />
              ) : (
                <>
                  <Typography variant="body2" sx={{ mb: 2 }} data-testid="backup-summary">
                    {t('backup.summary', { project: books.data.project, count: books.data.books.length, books: number.format(books.data.books.length), records: number.format(records) })}
                  </Typography>
                  <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                    <Button variant="contained" onClick={() => void doDownload()} loading={downloading.isLoading} disabled={books.data.books.length === 0}>
                      {t('backup.download')}
                    </Button>
                    {MEDIA.map((m) => (
                      <Button
                        key={m}
                        variant="outlined"
                        onClick={() => void doToMedium(m)}
                        loading={writing.isLoading && writing.originalArgs?.medium === m}
                        disabled={books.data?.books.length === 0 || !present(m) || writing.isLoading}
                      >
                        {t(`backup.to_${m}`)}
                      </Button>
                    ))}
                  </Box>
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
                    {t('backup.help')}
                  </Typography>
                </>
              )}
          </SectionCard>
        </Grid>
        <Grid size={{ xs: 12, lg: 7 }}>
          <Card variant="outlined" component="section" aria-labelledby="restore-title">
            <CardContent>
              <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1, flexWrap: 'wrap' }}>
                <Typography id="restore-title" variant="h6" component="h2">
                  {t('restore.title')}
                </Typography>
                <Box sx={{ display: 'flex', gap: 1 }}>
                  <Button size="small" onClick={() => void backups.refetch()} loading={backups.isFetching}>
                    {t('restore.refresh')}
                  </Button>
                  <FileButton
                    size="small"
                    variant="outlined"
                    startIcon={<UploadIcon aria-hidden />}
                    disabled={busy}
                    label={t('restore.from_file')}
                    accept=".cxob"
                    testId="restore-file"
                    onFiles={(files) => chooseFile(files[0])}
                  />
                </Box>
              </Box>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {t('restore.help')}
              </Typography>
              {fileProblem ? (
                <Alert severity="error" sx={{ mb: 1 }} onClose={() => setFileProblem(null)}>
                  {fileProblem}
                </Alert>
              ) : null}
              {snapshot.hasTag('succeeded') && ctx.restored ? (
                <Alert severity="success" sx={{ mb: 1 }} onClose={() => actor.send({ type: 'restore.dismiss' })} data-testid="restore-outcome">
                  {t('restore.done', {
                    file: sourceName,
                    books: ctx.restored.books.map((b) => t('restore.book_records', { book: b.name, count: b.records, records: number.format(b.records) })).join(', '),
                  })}
                </Alert>
              ) : null}
              {snapshot.hasTag('failed') ? (
                <Alert severity="error" sx={{ mb: 1 }} onClose={() => actor.send({ type: 'restore.dismiss' })} data-testid="restore-outcome">
                  {t('restore.failed', { file: sourceName })} {errorText(t, ctx.error ?? 'fail', RESTORE_ERROR_TEXTS)}
                </Alert>
              ) : null}
              {backups.isError && !backups.data ? (
                <LoadFailed error={backups.error} onRetry={retryAll} />
              ) : !backups.data ? (
                <Loading label={t('loading')} />
              ) : (
                backups.data.media.map((m) => (
                  <Box key={m.medium} component="section" aria-label={t(`media.${m.medium}`)} sx={{ mb: 1 }}>
                    <Typography variant="subtitle2" component="h3">
                      {t(`media.${m.medium}`)}
                    </Typography>
                    {!m.present || m.backups.length === 0 ? (
                      <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
                        {m.present ? t('media.empty') : t('media.absent')}
                      </Typography>
                    ) : (
                      <List dense disablePadding>
                        {m.backups.map((b) => {
                          const problem = problemText(b);
                          const restorable = b.kind === 'recipe' && b.problem === null;
                          return (
                            <ListItem
                              key={b.file_name}
                              disableGutters
                              divider
                              sx={{ alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}
                            >
                              <ListItemText
                                sx={{ flex: '1 1 16rem', minWidth: 0 }}
                                primary={b.file_name}
                                secondary={
                                  <>
                                    <span>
                                      {[formatBytes(b.size, language), displayTime(b.created_at ?? b.modified_at), b.project].filter(Boolean).join(' · ')}
                                    </span>
                                    {b.books.length > 0 ? (
                                      <span style={{ display: 'block' }}>
                                        {b.books.map((x) => t('restore.book_records', { book: x.name, count: x.records, records: number.format(x.records) })).join(', ')}
                                      </span>
                                    ) : null}
                                  </>
                                }
                                slotProps={{ primary: { sx: { wordBreak: 'break-all' } } }}
                              />
                              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                                {problem ? <Chip size="small" color="warning" label={problem} /> : null}
                                <Button
                                  size="small"
                                  variant="outlined"
                                  disabled={busy || !restorable}
                                  onClick={() => actor.send({ type: 'restore.choose', source: { kind: 'medium', medium: m.medium, fileName: b.file_name } })}
                                  aria-label={t('restore.restore_named', { file: b.file_name })}
                                >
                                  {t('restore.action')}
                                </Button>
                              </Box>
                            </ListItem>
                          );
                        })}
                      </List>
                    )}
                  </Box>
                ))
              )}
            </CardContent>
          </Card>
        </Grid>
      </Grid>

      <Dialog
        open={snapshot.hasTag('confirming') || busy}
        onClose={() => (busy ? undefined : actor.send({ type: 'restore.cancel' }))}
        aria-labelledby="restore-dialog-title"
        aria-describedby="restore-dialog-text"
      >
        <DialogTitle id="restore-dialog-title">{t('restore.confirm_title', { file: sourceName })}</DialogTitle>
        <DialogContent>
          <DialogContentText id="restore-dialog-text">{t('restore.confirm_text')}</DialogContentText>
          {busy ? (
            <Box sx={{ mt: 2 }} role="status" aria-live="polite">
              {ctx.source?.kind === 'file' && ctx.loaded < ctx.total ? (
                <UploadBytes
                  label={t('restore.sending', { file: sourceName })}
                  percent={percentOf(ctx.loaded, ctx.total)}
                  bytesText={t('restore.bytes', { loaded: formatBytes(ctx.loaded, language), total: formatBytes(ctx.total, language), percent: percentOf(ctx.loaded, ctx.total) })}
                />
              ) : (
                <>
                  <Typography variant="body2" sx={{ mb: 1 }}>
                    {t('restore.checking')}
                  </Typography>
                  <LinearProgress aria-label={t('restore.checking')} />
                </>
              )}
            </Box>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => actor.send({ type: 'restore.cancel' })} disabled={busy && ctx.source?.kind !== 'file'}>
            {t('restore.cancel')}
          </Button>
          <Button variant="contained" onClick={() => actor.send({ type: 'restore.confirm' })} loading={busy}>
            {t('restore.action')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
