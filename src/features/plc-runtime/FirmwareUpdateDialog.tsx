import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { RESTART_TIMEOUT_MS, plcRuntimeUpdate } from '../../../machines/plc-runtime-update.machine';
import type { SignedUpdateEvent, SignedUpdateSnapshot } from '../../../machines/signed-update.machine';
import { SignedUpdateFlowDialog } from '../../components/SignedUpdateFlowDialog';
import { errorText } from '../../i18n/error-text';
import { PLC_NS } from './messages';

interface Props {
  snapshot: SignedUpdateSnapshot;
  send(event: SignedUpdateEvent): void;
  fileName: string;
  /** The version installed before the update, for the failure line. */
  installedVersion: string;
  language: string;
}

/**
 * The blocking overlay of a firmware update: the bytes sent, the device installing the firmware,
 * the HMI restart waited through, then the outcome. It cannot be closed while the update runs.
 */
export function FirmwareUpdateDialog({ snapshot, send, fileName, installedVersion, language }: Props) {
  const { t } = useTranslation(PLC_NS);
  const { error, version } = snapshot.context;
  const minutes = RESTART_TIMEOUT_MS / 60_000;

  return (
    <SignedUpdateFlowDialog
      snapshot={snapshot}
      send={send}
      ns={PLC_NS}
      idPrefix="plc"
      stepIdPrefix="plc-step-"
      steps={plcRuntimeUpdate.flow.steps}
      fileName={fileName}
      language={language}
    >
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
        <Alert severity="error" role="alert">
          <AlertTitle>{t('progress.failed')}</AlertTitle>
          <Box component="span" sx={{ display: 'block' }}>
            {errorText(t, error ?? 'fail')}
          </Box>
          {error === 'firmware_update_failed' ? (
            <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
              {t('progress.installer_refused')}
            </Box>
          ) : null}
          {error !== 'interrupted' ? (
            <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
              {t('progress.unchanged', { version: installedVersion })}
            </Box>
          ) : null}
        </Alert>
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
