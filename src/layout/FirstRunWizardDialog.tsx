import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { firstRunWizardMachine, wizardStep, type FirstRunWizardInput } from '../../machines/first-run-wizard.machine';
import { useAppDispatch } from '../../store';
import { useHttpSettingQuery } from '../../store/api/system-endpoints';
import { PasswordChangeFields } from '../components/password/PasswordChangeFields';
import { accountActors, httpsAddress, openAddress } from './account-actors';
import { useMachineActor } from '../app/use-machine-actor';

/** Where the console goes when HTTPS only is set from a page that came over plain HTTP, and the
 * fingerprint to compare with the browser's certificate warning. */
function HttpsMove({ port, fingerprint, intro }: { port: number; fingerprint: string | null; intro: string }) {
  const { t } = useTranslation();
  return (
    <Box data-testid="https-move">
      <Typography sx={{ mb: 1 }}>{intro}</Typography>
      <Typography sx={{ mb: 1, fontFamily: 'monospace', wordBreak: 'break-all' }}>{httpsAddress(port)}</Typography>
      {fingerprint ? (
        <>
          <Typography variant="body2" color="text.secondary">{t('wizard.certificate_warning')}</Typography>
          <Typography
            variant="body2"
            aria-label={t('wizard.fingerprint_label')}
            sx={{ mt: 0.5, fontFamily: 'monospace' }}
          >
            {/* Lines break between byte pairs only, and a copy keeps the text as it is. */}
            {fingerprint.split(':').map((pair, i) => (
              <span key={i}>
                {i > 0 ? ':' : null}
                {i > 0 ? <wbr /> : null}
                {pair}
              </span>
            ))}
          </Typography>
        </>
      ) : null}
    </Box>
  );
}

/** The first-run wizard (specification §2): the machine decides, this only renders and sends. */
export function FirstRunWizardDialog({ input, onDone }: { input: FirstRunWizardInput; onDone: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { passwordChange, completeFirstRun, setHttp } = accountActors(dispatch);
  const wizard = useMachineActor(firstRunWizardMachine, {
    actors: { passwordChange, completeFirstRun, setHttp },
    actions: {
      openHttps: ({ context }) => {
        if (context.httpsPort !== null) openAddress(httpsAddress(context.httpsPort));
      },
    },
    input,
    onSnapshot: (snapshot) => {
      if (snapshot.status === 'done') onDone();
    },
  });
  const snapshot = useSelector(wizard, (s) => s);
  const flow = snapshot.children.passwordChange;
  const sending = useSelector(flow, (s) => s?.hasTag('busy') ?? false);
  const { context } = snapshot;
  const step = wizardStep(snapshot);
  const busy = snapshot.hasTag('busy') || sending;
  const send = wizard.send;
  // The HTTPS address and the certificate's fingerprint, said before Finish when the page will move.
  const willMove = context.isAdmin && context.https && context.onPlainHttp;
  const http = useHttpSettingQuery(undefined, { skip: !willMove });

  // Said beside the password form (on a wide window) rather than above it, so that the whole step,
  // the change-all switch included, fits a 1280×800 window.
  const moveShown = snapshot.hasTag('form') && willMove && http.data !== undefined;

  if (snapshot.status === 'done') return null;
  return (
    <Dialog open fullWidth maxWidth={moveShown ? 'md' : 'sm'} onClose={() => undefined} aria-labelledby="wizard-title">
      {/* Admin secures the panel; the other accounts are asked for a password of their own, and why. */}
      <DialogTitle id="wizard-title">{t(context.isAdmin ? 'wizard.title' : 'wizard.title_own_password')}</DialogTitle>
      {busy ? <LinearProgress aria-label={t('common.loading')} /> : null}
      <DialogContent>
        {context.isAdmin ? (
          <Stepper activeStep={step} sx={{ mb: 2 }}>
            {(['welcome', 'protocol', 'password'] as const).map((s) => (
              <Step key={s} completed={snapshot.hasTag('moving') ? true : undefined}>
                <StepLabel>{t(`wizard.step_${s}`)}</StepLabel>
              </Step>
            ))}
          </Stepper>
        ) : null}

        {snapshot.matches('welcome') ? (
          <>
            <Typography sx={{ mb: 1 }}>{t('wizard.welcome')}</Typography>
            <Typography component="ul" sx={{ pl: 3, m: 0 }}>
              <li>{t('wizard.recommend_https')}</li>
              <li>{t('wizard.recommend_passwords')}</li>
            </Typography>
          </>
        ) : null}

        {snapshot.matches('protocol') ? (
          <>
            <Typography sx={{ mb: 2 }}>{t('wizard.protocol_intro')}</Typography>
            <RadioGroup
              aria-label={t('wizard.step_protocol')}
              value={context.https ? 'https' : 'http'}
              onChange={(e) => send({ type: 'wizard.chooseProtocol', https: e.target.value === 'https' })}
            >
              <FormControlLabel value="https" control={<Radio />} label={t('wizard.protocol_https')} />
              <FormControlLabel value="http" control={<Radio />} label={t('wizard.protocol_http')} />
            </RadioGroup>
          </>
        ) : null}

        {snapshot.hasTag('form') ? (
          <>
            {!context.isAdmin ? (
              <Typography sx={{ mb: 2 }} data-testid="own-password-reason">
                {t('wizard.own_password_reason')}
              </Typography>
            ) : null}
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: moveShown ? 'minmax(0, 5fr) minmax(0, 7fr)' : '1fr' }, alignItems: 'start' }}>
              {moveShown && http.data ? (
                <Alert severity="info" sx={{ pt: 1 }}>
                  <HttpsMove port={http.data.https_port} fingerprint={http.data.certificate_sha256} intro={t('wizard.https_move')} />
                </Alert>
              ) : null}
              <Box sx={{ pt: 1 }}>
                <PasswordChangeFields flow={flow} />
              </Box>
            </Box>
          </>
        ) : null}

        {snapshot.matches('completionFailed') ? <Alert severity="error">{t('wizard.completion_failed')}</Alert> : null}
        {snapshot.matches('httpFailed') ? <Alert severity="error">{t('wizard.http_failed')}</Alert> : null}
        {snapshot.hasTag('moving') && context.httpsPort !== null ? (
          <>
            <Alert severity="success" sx={{ mb: 2 }}>{t('wizard.password_changed')}</Alert>
            <HttpsMove
              port={context.httpsPort}
              fingerprint={http.data?.certificate_sha256 ?? null}
              intro={t('wizard.https_moved')}
            />
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        {snapshot.matches('welcome') ? (
          <>
            <Button onClick={() => send({ type: 'wizard.skip' })}>{t('common.skip')}</Button>
            <Button variant="contained" onClick={() => send({ type: 'wizard.next' })}>{t('common.next')}</Button>
          </>
        ) : null}
        {snapshot.matches('protocol') ? (
          <>
            <Button onClick={() => send({ type: 'wizard.previous' })}>{t('common.previous')}</Button>
            <Button variant="contained" onClick={() => send({ type: 'wizard.next' })}>{t('common.next')}</Button>
          </>
        ) : null}
        {snapshot.hasTag('form') || snapshot.hasTag('busy') ? (
          <>
            {context.isAdmin ? (
              <Button disabled={busy} onClick={() => send({ type: 'wizard.previous' })}>{t('common.previous')}</Button>
            ) : (
              <Button disabled={busy} onClick={() => send({ type: 'wizard.skip' })}>{t('common.skip')}</Button>
            )}
            <Button variant="contained" loading={busy} onClick={() => flow?.send({ type: 'password.submit' })}>
              {t('common.finish')}
            </Button>
          </>
        ) : null}
        {snapshot.hasTag('failed') ? (
          <>
            <Button onClick={() => send({ type: 'wizard.close' })}>{t('common.close')}</Button>
            <Button variant="contained" onClick={() => send({ type: 'wizard.retry' })}>{t('common.retry')}</Button>
          </>
        ) : null}
        {snapshot.hasTag('moving') ? (
          <Button variant="contained" onClick={() => send({ type: 'wizard.continue' })}>{t('wizard.continue_https')}</Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
