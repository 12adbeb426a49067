import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { projectUpdate } from '../../../machines/project-update.machine';
import { SignedUpdateFlowDialog, UpdateFailedAlert, type SignedUpdateArea, type SignedUpdateDialogProps } from '../../components/SignedUpdateFlowDialog';
import { errorText, type ErrorTexts } from '../../i18n/error-text';

/** The ids and texts of this update's dialog and the steps it lists. */
const PROJECT_UPDATE_DIALOG: SignedUpdateArea = { ns: 'project', idPrefix: 'update', stepIdPrefix: 'step-', steps: projectUpdate.flow.steps };

interface Props extends SignedUpdateDialogProps {
  /** The project that runs now, for the success line. */
  runningName: string | null;
}

/** How this page words a refusal of a project: what is wrong and what to do (the shell's texts
 * of these codes are the specification's short ones). */
export const PROJECT_ERROR_TEXTS: ErrorTexts = {
  codes: {
    crc_mismatch: 'project:errors.crc_mismatch',
    unsupported_file_type: 'project:errors.unsupported_file_type',
    project_file_missing: 'project:errors.project_file_missing',
    password_required: 'project:errors.password_required',
    wrong_password: 'project:errors.wrong_password',
    incompatible_model: 'project:errors.incompatible_model',
  },
};

/**
 * The blocking overlay of a project update (specification §4: the user must not do anything
 * else): the bytes sent, then the five steps ticking as the device reports them, then the
 * outcome. It cannot be closed while the update runs.
 */
export function UpdateProgressDialog({ runningName, ...flow }: Props) {
  const { snapshot, send } = flow;
  const { t } = useTranslation('project');
  const { job, error } = snapshot.context;
  const nothingChanged = snapshot.hasTag('failed') && !job?.rolled_back && !(job?.steps.some((s) => s.id === 'stop_project' && s.state !== 'pending') ?? false);
  // A protected project refused for its password: the password is asked for here, and the same
  // update goes again with it.
  const asksPassword = snapshot.hasTag('failed') && snapshot.can({ type: 'update.again', password: '' });
  const [password, setPassword] = useState('');
  const again = () => {
    send({ type: 'update.again', password });
    setPassword('');
  };

  return (
    <SignedUpdateFlowDialog
      area={PROJECT_UPDATE_DIALOG}
      {...flow}
      closeIsMain={!asksPassword}
      actions={
        asksPassword ? (
          <Button variant="contained" disabled={password === ''} onClick={again}>
            {t('progress.again')}
          </Button>
        ) : null
      }
    >
      {snapshot.hasTag('succeeded') ? (
        <Alert severity="success" role="status">
          {t('progress.succeeded', { name: runningName ?? '' })}
        </Alert>
      ) : null}
      {snapshot.hasTag('failed') ? (
        // §8's messages carry no full stop: the cause and what it means each get a line.
        <UpdateFailedAlert
          title={t('progress.failed')}
          cause={errorText(t, error ?? 'fail', PROJECT_ERROR_TEXTS)}
          notes={[job?.rolled_back ? t('progress.rolled_back') : nothingChanged ? t('progress.unchanged') : null]}
        />
      ) : null}
      {asksPassword ? (
        <Box
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (password !== '') again();
          }}
          sx={{ mt: 2 }}
        >
          <TextField
            label={t('update.password')}
            type="password"
            autoComplete="off"
            autoFocus
            fullWidth
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 64 } }}
          />
        </Box>
      ) : null}
      {snapshot.hasTag('unverified') ? (
        <Alert severity="warning" role="alert">
          {t('progress.unverified')}
        </Alert>
      ) : null}
    </SignedUpdateFlowDialog>
  );
}
