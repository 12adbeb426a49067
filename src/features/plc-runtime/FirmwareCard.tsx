import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/SectionCard';
import { SignedFilePicker } from '../../components/SignedFilePicker';
import { errorText } from '../../i18n/error-text';
import { formatBytes } from '../../i18n/format';
import { FirmwareUpdateDialog } from './FirmwareUpdateDialog';
import { PLC_NS } from './messages';
import type { PlcRuntimeStatus } from './types';
import { usePlcRuntimeUpdate } from './use-plc-runtime-update';

/** Firmware update: choose a .bin, confirm, then the update's overlay through the HMI restart. */
export function FirmwareCard({ status, canChange, language }: { status: PlcRuntimeStatus; canChange: boolean; language: string }) {
  const { t } = useTranslation(PLC_NS);
  const titleId = useId();
  const { actor, snapshot } = usePlcRuntimeUpdate();
  const [firmware, setFirmware] = useState<File | null>(null);
  const busy = snapshot.hasTag('busy');

  const locked = !canChange || busy;

  return (
    <SectionCard titleId={titleId} title={t('firmware.title')} sx={{ height: '100%' }} contentSx={{ p: { xs: 2, sm: 3 } }} titleGap={1.5}>
        <Alert severity="info" role="note" sx={{ mb: 2 }}>
          {t('firmware.restart_note', { seconds: status.restart_seconds })}
        </Alert>
        <SignedFilePicker
          file={firmware}
          onFile={setFirmware}
          onStart={(file) => actor.send({ type: 'update.upload', files: { firmware: file } })}
          maxBytes={status.max_firmware_bytes}
          disabled={locked}
          language={language}
          testIds={{ drop: 'firmware-drop', input: 'firmware-input', chosen: 'chosen-firmware' }}
          confirmId="plc-confirm-title"
          texts={{
            help: t('firmware.help', { max: formatBytes(status.max_firmware_bytes, language) }),
            choose: t('firmware.choose'),
            none: t('firmware.none'),
            start: t('firmware.start'),
            wrongType: t('firmware.wrong_type'),
            tooLarge: `${errorText(t, 'firmware_too_large')}: ${t('firmware.too_large', { max: formatBytes(status.max_firmware_bytes, language) })}`,
            confirmTitle: t('firmware.confirm.title'),
            confirmText: (name) => t('firmware.confirm.text', { name, seconds: status.restart_seconds }),
            confirmCancel: t('firmware.confirm.cancel'),
            confirmStart: t('firmware.confirm.start'),
          }}
        />
      <FirmwareUpdateDialog
        snapshot={snapshot}
        send={(e) => {
          // The chosen file is spent once the update ended well.
          if (e.type === 'update.dismiss' && snapshot.hasTag('succeeded')) setFirmware(null);
          actor.send(e);
        }}
        fileName={firmware?.name ?? ''}
        installedVersion={status.runtime.version}
        language={language}
      />
    </SectionCard>
  );
}
