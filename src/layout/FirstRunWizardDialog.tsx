import Alert from '@mui/material/Alert';
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
import { PasswordChangeForm } from '../features/account/PasswordChangeForm';
import { accountActors } from './account-actors';
import { useMachineActor } from '../app/use-machine-actor';

/** The first-run wizard (specification §2): the machine decides, this only renders and sends. */
export function FirstRunWizardDialog({ input, onDone }: { input: FirstRunWizardInput; onDone: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const wizard = useMachineActor(firstRunWizardMachine, {
    actors: accountActors(dispatch),
    input,
    onSnapshot: (snapshot) => {
      if (snapshot.status === 'done') onDone();
    },
  });
  const snapshot = useSelector(wizard, (s) => s);
  const { context } = snapshot;
  const step = wizardStep(snapshot);
  const busy = snapshot.hasTag('busy');
  const send = wizard.send;

  if (snapshot.status === 'done') return null;
  return (
    <Dialog open fullWidth maxWidth="sm" onClose={() => undefined} aria-labelledby="wizard-title">
      <DialogTitle id="wizard-title">{t('wizard.title')}</DialogTitle>
      {busy ? <LinearProgress aria-label={t('common.loading')} /> : null}
      <DialogContent>
        {context.isAdmin ? (
          <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
            {(['welcome', 'protocol', 'password'] as const).map((s) => (
              <Step key={s}>
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

        {step === 2 && !snapshot.hasTag('failed') ? (
          <PasswordChangeForm
            values={context.form}
            errors={context.errors}
            serverError={context.serverError}
            rules={context.rules}
            showChangeAll={context.isAdmin}
            onEdit={(field, value) => send({ type: 'wizard.edit', field, value })}
            onToggleChangeAll={(value) => send({ type: 'wizard.toggleChangeAll', value })}
            disabled={!snapshot.hasTag('editable')}
          />
        ) : null}

        {snapshot.matches('completionFailed') ? <Alert severity="error">{t('wizard.completion_failed')}</Alert> : null}
        {snapshot.matches('httpFailed') ? <Alert severity="error">{t('wizard.http_failed')}</Alert> : null}
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
        {snapshot.matches('password') || busy ? (
          <>
            {context.isAdmin ? (
              <Button disabled={busy} onClick={() => send({ type: 'wizard.previous' })}>{t('common.previous')}</Button>
            ) : (
              <Button disabled={busy} onClick={() => send({ type: 'wizard.skip' })}>{t('common.skip')}</Button>
            )}
            <Button variant="contained" loading={busy} onClick={() => send({ type: 'wizard.finish' })}>
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
      </DialogActions>
    </Dialog>
  );
}
