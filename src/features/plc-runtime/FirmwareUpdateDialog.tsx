import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { RESTART_TIMEOUT_MS, plcRuntimeUpdate } from '../../../machines/plc-runtime-update.machine';
import { SignedUpdateFlowDialog, UpdateFailedAlert, type SignedUpdateArea, type SignedUpdateDialogProps } from '../../components/SignedUpdateFlowDialog';
import { errorText } from '../../i18n/error-text';
import { PLC_NS } from './messages';

/** The ids and texts of this update's dialog and the steps it lists. */
const FIRMWARE_UPDATE_DIALOG: SignedUpdateArea = { ns: PLC_NS, idPrefix: 'plc', stepIdPrefix: 'plc-step-', steps: plcRuntimeUpdate.flow.steps };

interface Props extends SignedUpdateDialogProps {
  /** The version installed before the update, for the failure line. */
  installedVersion: string;
}

/**
 * The blocking overlay of a firmware update: the bytes sent, the device installing the firmware,
 * the HMI restart waited through, then the outcome. It cannot be closed while the update runs.
 */
export function FirmwareUpdateDialog({ installedVersion, ...flow }: Props) {
  const { snapshot } = flow;
  const { t } = useTranslation(PLC_NS);
  const { error, version } = snapshot.context;
  const minutes = RESTART_TIMEOUT_MS / 60_000;

  return (
    <SignedUpdateFlowDialog area={FIRMWARE_UPDATE_DIALOG} {...flow}>
      {snapshot.hasTag('restarting') ? (
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {t('progress.restarting', { minutes })}
        </Typography>
      ) : null}
      {snapshot.hasTag('succeeded') ? (
        <Alert severity="success" role="status">
          {t('progress.succeeded', { version: version ?? '' })}
        </Alert>
      ) : null}
      {snapshot.hasTag('failed') ? (
        <UpdateFailedAlert
          title={t('progress.failed')}
          cause={errorText(t, error ?? 'fail')}
          notes={[
            error === 'firmware_update_failed' ? t('progress.installer_refused') : null,
            error !== 'interrupted' ? t('progress.unchanged', { version: installedVersion }) : null,
          ]}
        />
      ) : null}
      {snapshot.hasTag('unverified') ? (
        <Alert severity="warning" role="alert">
          <AlertTitle>{t('progress.unverified', { minutes })}</AlertTitle>
          {t('progress.unverified_hint')}
        </Alert>
      ) : null}
    </SignedUpdateFlowDialog>
  );
}
