import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { fromPromise } from 'xstate';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/SectionCard';
import { useAppDispatch } from '../../../store';
import { systemApi, useIdentifyLightQuery } from '../../../store/api/system-endpoints';
import { identifyLightMachine } from '../../../machines/identify-light.machine';
import { useMachineActor } from '../../app/use-machine-actor';
import { errorText, type ErrorTexts } from '../../i18n/error-text';

export const IDENTIFY_DURATIONS = [10, 30, 60, 300, 600] as const;

/** A Start or Stop that did not work: the LED may not have changed. */
const IDENTIFY_ERROR_TEXTS: ErrorTexts = { fallback: 'system:identify.failed' };

/** "Identify": the panel's LED blinks for the chosen time, counted down here, with Stop. */
export function IdentifyLightCard() {
  const { t } = useTranslation('system');
  const dispatch = useAppDispatch();
  // Asked again at every visit: the light may have been started or stopped meanwhile.
  const status = useIdentifyLightQuery(undefined, { refetchOnMountOrArgChange: true });
  const [mountedAt] = useState(() => Date.now());
  const [seconds, setSeconds] = useState<number>(30);
  const actor = useMachineActor(identifyLightMachine, {
    actors: {
      startLight: fromPromise<{ seconds_left: number }, { seconds: number }>(async ({ input }) => {
        const { seconds_left } = await dispatch(systemApi.endpoints.startIdentifyLight.initiate(input)).unwrap();
        return { seconds_left };
      }),
      stopLight: fromPromise(async () => {
        await dispatch(systemApi.endpoints.stopIdentifyLight.initiate()).unwrap();
      }),
    },
  });
  const snapshot = useSelector(actor, (s) => s);
  const { secondsLeft, error } = snapshot.context;
  useEffect(() => {
    const at = status.fulfilledTimeStamp;
    // Only an answer given since this page opened; the seconds it took to arrive are counted off.
    if (!status.data?.active || !at || at < mountedAt) return;
    const left = status.data.seconds_left - Math.floor((Date.now() - at) / 1000);
    if (left > 0) actor.send({ type: 'light.resume', secondsLeft: left });
  }, [status.fulfilledTimeStamp, status.data, mountedAt, actor]);

  const blinking = snapshot.hasTag('lit');
  const duration = (s: number) => (s >= 60 ? t('identify.minutes', { count: s / 60 }) : t('identify.seconds', { count: s }));

  return (
    <SectionCard titleId="identify-title" title={t('identify.title')} sx={{ height: '100%' }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('identify.help')}
        </Typography>
        {blinking ? (
          <Box aria-live="polite">
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
              <Box
                aria-hidden
                sx={{
                  width: 14,
                  height: 14,
                  borderRadius: '50%',
                  bgcolor: 'warning.main',
                  '@keyframes blink': { '50%': { opacity: 0.2 } },
                  animation: 'blink 1s steps(1) infinite',
                  '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
                }}
              />
              <Typography data-testid="identify-countdown">{t('identify.blinking', { seconds: secondsLeft })}</Typography>
            </Box>
            <LinearProgress
              variant="determinate"
              value={Math.min(100, (secondsLeft / Math.max(seconds, secondsLeft)) * 100)}
              aria-label={t('identify.blinking', { seconds: secondsLeft })}
              sx={{ mb: 2 }}
            />
            <Button variant="contained" color="warning" onClick={() => actor.send({ type: 'light.stop' })} loading={snapshot.matches('stopping')}>
              {t('identify.stop')}
            </Button>
          </Box>
        ) : (
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <TextField select size="small" label={t('identify.duration')} value={seconds} onChange={(e) => setSeconds(Number(e.target.value))} sx={{ minWidth: 160 }}>
              {IDENTIFY_DURATIONS.map((s) => (
                <MenuItem key={s} value={s}>
                  {duration(s)}
                </MenuItem>
              ))}
            </TextField>
            <Button variant="contained" onClick={() => actor.send({ type: 'light.start', seconds })} loading={snapshot.matches('starting')}>
              {t('identify.start')}
            </Button>
          </Box>
        )}
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorText(t, error, IDENTIFY_ERROR_TEXTS)}
          </Alert>
        ) : null}
    </SectionCard>
  );
}
