import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TouchCalibrationStatus } from '../../../contract/api/touch-calibration';
import { FactRow } from '../../components/FactRow';
import { FeatureNotEnabled } from '../../components/FeatureNotEnabled';
import { FormDialog } from '../../components/FormDialog';
import { LoadFailed } from '../../components/LoadFailed';
import { errorText } from '../../i18n/error-text';
import { displayTime } from '../../i18n/format';
import { numberFormat } from '../../i18n/numbers';
import { CALIBRATION_TIMEOUT_MS } from '../../../contract/rules/touch-calibration';
import { useTouchCalibration, type TouchCalibrationView, type TouchPhase } from './use-touch-calibration';

const NS = 'touch-calibration';
const TOUCH = { minHeight: 44 } as const;

const PHASE_COLOR: Record<TouchPhase, 'default' | 'info' | 'success' | 'warning' | 'error'> = {
  loading: 'default',
  idle: 'default',
  confirm: 'default',
  starting: 'info',
  calibrating: 'info',
  confirm_cancel: 'info',
  cancelling: 'info',
  done: 'success',
  failed: 'error',
  timed_out: 'warning',
  cancelled: 'default',
};

/** A small drawing of the panel's screen with its five targets: touched ones filled, the next one
 * ringed. Not a control (the targets are touched on the panel, never here). */
function PanelSchematic({ status, running, phase }: { status: TouchCalibrationStatus; running: boolean; phase: TouchPhase }) {
  const { t } = useTranslation(NS);
  const { width, height } = status.screen;
  // The touches of this run, or of the run whose outcome is shown; none before a run starts.
  const touched = running || phase === 'done' || phase === 'failed' || phase === 'timed_out' || phase === 'cancelled' ? status.touched : 0;
  return (
    <Box
      role="img"
      aria-label={t('schematic.label', { count: touched, total: status.targets.length })}
      data-testid="touch-schematic"
      sx={{ position: 'relative', width: '100%', maxWidth: 360, aspectRatio: `${width} / ${height}`, border: 3, borderColor: 'text.primary', borderRadius: 1, bgcolor: 'action.hover' }}
    >
      {status.targets.map((p, i) => {
        const done = i < touched;
        const next = running && status.next === i;
        return (
          <Box
            key={i}
            data-testid={`touch-target-${i}`}
            data-state={done ? 'done' : next ? 'next' : 'waiting'}
            sx={{
              position: 'absolute',
              left: `${(p.x / width) * 100}%`,
              top: `${(p.y / height) * 100}%`,
              width: 20,
              height: 20,
              transform: 'translate(-50%, -50%)',
              borderRadius: '50%',
              border: 2,
              borderColor: done ? 'success.main' : next ? 'primary.main' : 'text.disabled',
              bgcolor: done ? 'success.main' : 'background.paper',
              boxShadow: next ? (theme) => `0 0 0 4px ${theme.palette.primary.light}` : 'none',
              display: 'grid',
              placeItems: 'center',
              fontSize: 11,
              fontWeight: 700,
              color: done ? 'success.contrastText' : 'text.secondary',
            }}
          >
            {i + 1}
          </Box>
        );
      })}
    </Box>
  );
}

function Outcome({ view }: { view: TouchCalibrationView }) {
  const { t, i18n } = useTranslation(NS);
  const s = view.status;
  const px = (v: number | undefined) => numberFormat(i18n.language, 1).format(v ?? 0);
  switch (view.phase) {
    case 'done':
      return (
        <Alert severity="success" data-testid="touch-outcome">
          {t('outcome.done', { residual: px(s?.max_residual) })}
        </Alert>
      );
    case 'failed':
      return (
        <Alert severity="error" data-testid="touch-outcome">
          {s?.reason === 'outside_screen' ? t('outcome.outside_screen') : t('outcome.inconsistent', { residual: px(s?.max_residual), threshold: px(s?.threshold) })}
        </Alert>
      );
    case 'timed_out':
      return (
        <Alert severity="warning" data-testid="touch-outcome">
          {t('outcome.timed_out', { count: s?.touched ?? 0 })}
        </Alert>
      );
    case 'cancelled':
      return (
        <Alert severity="info" data-testid="touch-outcome">
          {t('outcome.cancelled')}
        </Alert>
      );
    default:
      return null;
  }
}

function CalibrationCard({ view }: { view: TouchCalibrationView }) {
  const { t } = useTranslation(NS);
  const { phase, status } = view;
  const running = phase === 'calibrating' || phase === 'confirm_cancel' || phase === 'cancelling';
  const total = status?.targets.length ?? 5;
  const enabled = status?.project_enabled ?? true;
  const canStart = enabled && (phase === 'idle' || phase === 'done' || phase === 'cancelled' || phase === 'failed' || phase === 'timed_out');
  const canRetry = enabled && (phase === 'failed' || phase === 'timed_out');
  return (
    <Card>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
          <Typography variant="h6" component="h2">
            {t('card.title')}
          </Typography>
          {phase === 'loading' ? null : <Chip label={t(`phase.${phase}`)} color={PHASE_COLOR[phase]} data-testid="touch-phase" data-phase={phase} />}
        </Box>
        {phase === 'loading' && view.failed ? <LoadFailed error={view.error ?? undefined} message={t('load_failed')} onRetry={view.retry} /> : null}
        {phase === 'loading' && !view.failed ? <LinearProgress aria-label={t('phase.loading')} /> : null}
        {status ? (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 360px) 1fr' }, alignItems: 'start' }}>
            <PanelSchematic status={status} running={running} phase={phase} />
            <Box sx={{ display: 'grid', gap: 1.5 }}>
              {running ? (
                <>
                  <Alert severity="warning" data-testid="touch-screen-locked">
                    {t('running.locked')}
                  </Alert>
                  <Typography role="status" data-testid="touch-progress">
                    {t('running.progress', { count: status.touched, total })}
                  </Typography>
                  <LinearProgress variant="determinate" value={(status.touched / total) * 100} aria-label={t('running.progress', { count: status.touched, total })} />
                  {status.seconds_left !== undefined ? (
                    <Typography variant="body2" color="text.secondary">
                      {t('running.seconds_left', { count: status.seconds_left })}
                    </Typography>
                  ) : null}
                  <Typography variant="body2">{t('running.instructions')}</Typography>
                </>
              ) : (
                <Typography variant="body2">{t('idle.explain', { total })}</Typography>
              )}
              {phase === 'calibrating' && view.failed ? (
                <Alert
                  severity="warning"
                  action={
                    <Button color="inherit" onClick={view.retry} sx={TOUCH}>
                      {t('action.retry_request')}
                    </Button>
                  }
                >
                  {t('running.poll_failed', { reason: errorText(t, view.error) })}
                </Alert>
              ) : null}
              <Outcome view={view} />
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                {canRetry ? (
                  <Button variant="contained" onClick={view.retry} sx={TOUCH} data-testid="touch-retry">
                    {t('action.retry')}
                  </Button>
                ) : null}
                {canStart ? (
                  <Button variant={canRetry ? 'outlined' : 'contained'} onClick={view.start} sx={TOUCH} data-testid="touch-start">
                    {t('action.start')}
                  </Button>
                ) : null}
                {running ? (
                  <Button variant="outlined" color="error" onClick={view.cancel} sx={TOUCH} data-testid="touch-cancel">
                    {t('action.cancel')}
                  </Button>
                ) : null}
              </Box>
              <Box component="dl" sx={{ m: 0 }}>
                <FactRow label={t('fact.calibration')}>
                  <span data-testid="touch-stored">
                    {status.calibration ? t('fact.calibrated_at', { at: displayTime(status.calibration.at) }) : t('fact.factory')}
                  </span>
                </FactRow>
              </Box>
            </Box>
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}

function Dialogs({ view }: { view: TouchCalibrationView }) {
  const { t } = useTranslation(NS);
  const { phase } = view;
  const error = view.failed && view.error ? errorText(t, view.error) : null;
  if (phase === 'confirm' || phase === 'starting') {
    return (
      <FormDialog
        title={t('confirm.title')}
        submitLabel={view.failed ? t('action.retry_request') : t('confirm.submit')}
        cancelLabel={t('confirm.dismiss')}
        busy={view.busy}
        error={error}
        onSubmit={phase === 'confirm' ? view.confirm : view.retry}
        onClose={view.dismiss}
        testId="touch-confirm"
      >
        <Alert severity="warning">{t('confirm.warning', { seconds: CALIBRATION_TIMEOUT_MS / 1000 })}</Alert>
        <Typography>{t('confirm.body')}</Typography>
      </FormDialog>
    );
  }
  if (phase === 'confirm_cancel' || phase === 'cancelling') {
    return (
      <FormDialog
        title={t('cancel.title')}
        submitLabel={view.failed ? t('action.retry_request') : t('cancel.submit')}
        cancelLabel={t('cancel.keep')}
        busy={view.busy}
        error={error}
        onSubmit={phase === 'confirm_cancel' ? view.confirm : view.retry}
        onClose={phase === 'confirm_cancel' ? view.keep : view.dismiss}
        danger
        testId="touch-cancel-confirm"
      >
        <Typography>{t('cancel.body')}</Typography>
      </FormDialog>
    );
  }
  return null;
}

export default function TouchCalibrationPage() {
  const { t } = useTranslation(NS);
  const view = useTouchCalibration();
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('menu.touch_calibration', { ns: 'shell' })}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2 }}>
        {view.status && !view.status.project_enabled ? (
          <Box data-testid="touch-not-enabled">
            <FeatureNotEnabled message={t('not_enabled')} />
          </Box>
        ) : null}
        <CalibrationCard view={view} />
      </Box>
      <Dialogs view={view} />
    </Box>
  );
}
